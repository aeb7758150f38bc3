import { describe, expect, it } from 'vitest';
import { findInputFault, isCleanText, MAX_INPUT_DEPTH } from './input-gate.js';

describe('input gate', () => {
  it('keeps ordinary text, tab, newlines, Bangla, emoji and surrogate pairs', () => {
    for (const s of ['', 'plain', 'a\tb\r\nc', 'বাংলা', '😀 ok', "' or 1=1 --", '../../etc/passwd', 'é€']) {
      expect(isCleanText(s), JSON.stringify(s)).toBe(true);
    }
  });

  it('refuses NUL, other C0 controls, DEL, C1 and lone surrogates', () => {
    for (const s of [
      'a\u0000',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001b[2J',
      '\u007f',
      '\u0085',
      '\u009f',
    ]) {
      expect(isCleanText(s), JSON.stringify(s)).toBe(false);
    }
    for (const s of ['\ud800', 'x\udfff', '\ud83d', 'ok\ude00ok', '\ude00\ud83d']) {
      expect(isCleanText(s), JSON.stringify(s)).toBe(false);
    }
  });

  it('walks objects and arrays, keys too, and names where without echoing the value', () => {
    expect(findInputFault({ a: [1, true, null, { b: 'fine' }] }, 'body')).toBeUndefined();
    expect(findInputFault({ a: [1, { b: 'x\u0000y' }] }, 'body')).toEqual({
      path: 'body.a.1.b',
      code: 'invalid_characters',
    });
    expect(findInputFault({ ['k\ud800']: 1 }, 'query')).toEqual({
      path: 'query',
      code: 'invalid_characters',
    });
    expect(findInputFault('\u0000', 'header.merchant')?.path).toBe('header.merchant');
    expect(findInputFault(Object.assign(Object.create(null), { q: '\u0007' }), 'query')?.path).toBe(
      'query.q',
    );
  });

  it('refuses nesting beyond the bound and accepts it up to the bound', () => {
    const nest = (n: number): unknown => {
      let v: unknown = 'leaf';
      for (let i = 0; i < n; i++) v = [v];
      return v;
    };
    expect(findInputFault(nest(MAX_INPUT_DEPTH), 'body')).toBeUndefined();
    expect(findInputFault(nest(MAX_INPUT_DEPTH + 1), 'body')?.code).toBe('too_deep');
    expect(findInputFault(nest(100_000), 'body')?.code).toBe('too_deep');
  });
});
