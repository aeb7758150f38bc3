import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  maskEmail,
  newCode,
  newToken,
  normaliseName,
  saltedCodeHash,
  sameHash,
} from '../../platform/codes.js';

describe('security codes', () => {
  it('codes are 6 digits, tokens 43 base64url characters', () => {
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^\d{6}$/);
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(newToken());
  });
  it('salted hashes differ by salt and compare in constant time', () => {
    const a = saltedCodeHash('s1', '123456');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(saltedCodeHash('s2', '123456')).not.toBe(a);
    expect(sameHash(a, saltedCodeHash('s1', '123456'))).toBe(true);
    expect(sameHash(a, saltedCodeHash('s1', '123457'))).toBe(false);
    expect(sameHash('', '')).toBe(false);
  });
  it('bank names compare without case and spacing', () => {
    expect(normaliseName('  Md.  Rahim   UDDIN ')).toBe(normaliseName('md rahim uddin'));
    expect(normaliseName('Rahim')).not.toBe(normaliseName('Rahima'));
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z .]{0,30}$/), (s) => {
        expect(normaliseName(` ${s.toUpperCase()}  `)).toBe(normaliseName(s.toLowerCase()));
      }),
    );
  });
  it('masks e-mail addresses', () => {
    expect(maskEmail('player@example.com')).toBe('pl****@example.com');
    expect(maskEmail('a@x.io')).toBe('****@x.io');
    expect(maskEmail('nonsense')).toBe('****');
  });
});
