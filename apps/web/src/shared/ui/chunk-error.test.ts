import { describe, expect, it } from 'vitest';
import { chunkErrorKind, isChunkLoadError } from './chunk-error';

describe('chunk-load errors', () => {
  it('recognises the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
  it('classifies them', () => {
    expect(chunkErrorKind(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(
      'missing',
    );
    expect(chunkErrorKind(new Error('Loading chunk 3 failed (timeout)'))).toBe('timeout');
    expect(chunkErrorKind(new TypeError('Importing a module script failed.'))).toBe('error');
  });
});
