import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with HMAC-SHA1, as Google Authenticator and its peers expect:
 * 30-second steps, 6 digits, base32 secrets (RFC 4648, no padding).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: clocks drift and users type slowly. */
export const TOTP_WINDOW = 1;
/** 160-bit secrets, the HMAC-SHA1 block output size RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20;

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, tolerating lower case, spaces and `=` padding; undefined when not base32. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (!/^[A-Z2-7]*$/.test(clean)) return undefined;
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    value = ((value << 5) | B32.indexOf(ch)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(TOTP_SECRET_BYTES));
}

/** RFC 4226 HOTP value of `counter`, `digits` long (zero-padded). */
export function hotp(
  key: Uint8Array,
  counter: number | bigint,
  digits = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin =
    ((mac[offset]! & 0x7f) << 24) |
    ((mac[offset + 1]! & 0xff) << 16) |
    ((mac[offset + 2]! & 0xff) << 8) |
    (mac[offset + 3]! & 0xff);
  return String(bin % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (Unix seconds / 30). */
export const totpStep = (at: Date | number, stepSeconds = TOTP_STEP_SECONDS) =>
  Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000 / stepSeconds);

export function totp(
  key: Uint8Array,
  at: Date | number,
  opts: { digits?: number; stepSeconds?: number; algorithm?: 'sha1' | 'sha256' | 'sha512' } = {},
): string {
  return hotp(key, totpStep(at, opts.stepSeconds), opts.digits, opts.algorithm);
}

/**
 * Checks a code against the steps within the window around `at`. Returns the matched step, so the
 * caller can refuse a step at or before the last one used (replay), or undefined. Every candidate is
 * compared in constant time and the loop does not stop early.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  at: Date,
  window = TOTP_WINDOW,
): number | undefined {
  const key = base32Decode(secretBase32);
  if (!key || key.length === 0 || !/^\d{6}$/.test(code)) return undefined;
  const now = totpStep(at);
  let matched: number | undefined;
  for (let s = now - window; s <= now + window; s++) {
    const expected = Buffer.from(hotp(key, s));
    if (timingSafeEqual(expected, Buffer.from(code)) && matched === undefined) matched = s;
  }
  return matched;
}

/** otpauth:// URL for authenticator apps (Key Uri Format): label "Issuer:account", issuer parameter. */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
