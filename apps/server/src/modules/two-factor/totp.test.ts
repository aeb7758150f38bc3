import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  base32Decode,
  base32Encode,
  hotp,
  newTotpSecret,
  otpauthUrl,
  totp,
  totpStep,
  verifyTotp,
} from './totp.js';

const ascii = (s: string) => Buffer.from(s, 'ascii');

describe('HOTP (RFC 4226 appendix D)', () => {
  const key = ascii('12345678901234567890');
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  it.each(expected.map((v, i) => [i, v] as const))('counter %i -> %s', (counter, value) => {
    expect(hotp(key, counter)).toBe(value);
  });
});

describe('TOTP (RFC 6238 appendix B)', () => {
  // the RFC's seeds: 20 bytes for SHA1, 32 for SHA256, 64 for SHA512 (the ASCII digits repeated)
  const seeds = {
    sha1: ascii('12345678901234567890'),
    sha256: ascii('12345678901234567890123456789012'),
    sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const vectors: Array<[number, string, string, string]> = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('T=%i', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totp(seeds.sha1, at, { digits: 8 })).toBe(sha1);
    expect(totp(seeds.sha256, at, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totp(seeds.sha512, at, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });
  it('6-digit codes are the last six digits of the 8-digit ones', () => {
    expect(totp(seeds.sha1, 59_000)).toBe('287082');
    expect(totp(seeds.sha1, 1111111109_000)).toBe('081804');
  });
});

describe('base32 (RFC 4648 section 10, unpadded)', () => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];
  it.each(cases)('%j <-> %s', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded)?.toString()).toBe(plain);
  });
  it('decodes padded, spaced and lower-case input; refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeUndefined();
    expect(base32Decode('MZ!W')).toBeUndefined();
  });
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(base32Decode(base32Encode(bytes))).toEqual(Buffer.from(bytes));
      }),
    );
  });
});

describe('verifyTotp', () => {
  const secret = base32Encode(ascii('12345678901234567890'));
  const at = new Date(1111111111_000);
  const code = (offsetSteps: number) => totp(base32Decode(secret)!, at.getTime() + offsetSteps * 30_000);

  it('accepts the current step and one step either side, returning the matched step', () => {
    const now = totpStep(at);
    expect(verifyTotp(secret, code(0), at)).toBe(now);
    expect(verifyTotp(secret, code(-1), at)).toBe(now - 1);
    expect(verifyTotp(secret, code(1), at)).toBe(now + 1);
  });
  it('refuses codes two steps away, malformed codes and bad secrets', () => {
    expect(verifyTotp(secret, code(-2), at)).toBeUndefined();
    expect(verifyTotp(secret, code(2), at)).toBeUndefined();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 12345'])
      expect(verifyTotp(secret, bad, at)).toBeUndefined();
    expect(verifyTotp('not base32!', code(0), at)).toBeUndefined();
    expect(verifyTotp('', code(0), at)).toBeUndefined();
  });
  it('new secrets are 160-bit base32 and give working codes', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(s);
    const now = new Date();
    expect(verifyTotp(s, totp(base32Decode(s)!, now), now)).toBe(totpStep(now));
  });
});

describe('otpauthUrl', () => {
  it('builds the key URI authenticator apps scan', () => {
    const raw = otpauthUrl('JBSWY3DPEHPK3PXP', 'alice01', 'Demo BDT');
    // the Key Uri Format's label: issuer, a literal colon, the account
    expect(raw.startsWith('otpauth://totp/Demo%20BDT:alice01?')).toBe(true);
    const url = new URL(raw);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Demo BDT',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
