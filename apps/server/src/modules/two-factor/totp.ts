import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) as Google Authenticator and its peers expect (30-second steps,
 * 6 digits, HMAC-SHA1, base32 secrets), on the `otpauth` library: it generates, compares in constant
 * time and writes the Key Uri. This file only fixes the platform's parameters and reports the matched
 * step, so the service can refuse a replayed one.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: clocks drift and users type slowly. */
export const TOTP_WINDOW = 1;
/** 160-bit secrets, the HMAC-SHA1 block output size RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20;

type Algorithm = 'sha1' | 'sha256' | 'sha512';
const ALGORITHM = { sha1: 'SHA1', sha256: 'SHA256', sha512: 'SHA512' } as const;

export function base32Encode(buf: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(buf).buffer }).base32;
}

/** Decodes base32, tolerating lower case, spaces and `=` padding; undefined when not base32. */
export function base32Decode(text: string): Buffer | undefined {
  try {
    return Buffer.from(Secret.fromBase32(text.replace(/\s/g, '')).bytes);
  } catch {
    return undefined;
  }
}

export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

const secretOf = (key: Uint8Array) => new Secret({ buffer: Uint8Array.from(key).buffer });

/** RFC 4226 HOTP value of `counter`, `digits` long (zero-padded). */
export function hotp(
  key: Uint8Array,
  counter: number | bigint,
  digits = TOTP_DIGITS,
  algorithm: Algorithm = 'sha1',
): string {
  return HOTP.generate({
    secret: secretOf(key),
    counter: Number(counter),
    digits,
    algorithm: ALGORITHM[algorithm],
  });
}

/** The time step of a moment (Unix seconds / 30). */
export const totpStep = (at: Date | number, stepSeconds = TOTP_STEP_SECONDS) =>
  Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000 / stepSeconds);

export function totp(
  key: Uint8Array,
  at: Date | number,
  opts: { digits?: number; stepSeconds?: number; algorithm?: Algorithm } = {},
): string {
  return TOTP.generate({
    secret: secretOf(key),
    timestamp: typeof at === 'number' ? at : at.getTime(),
    digits: opts.digits ?? TOTP_DIGITS,
    period: opts.stepSeconds ?? TOTP_STEP_SECONDS,
    algorithm: ALGORITHM[opts.algorithm ?? 'sha1'],
  });
}

/**
 * Checks a code against the steps within the window around `at`. Returns the matched step, so the
 * caller can refuse a step at or before the last one used (replay), or undefined.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  at: Date,
  window = TOTP_WINDOW,
): number | undefined {
  const key = base32Decode(secretBase32);
  if (!key || key.length === 0 || !/^\d{6}$/.test(code)) return undefined;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(key),
    timestamp: at.getTime(),
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    algorithm: 'SHA1',
    window,
  });
  return delta === null ? undefined : totpStep(at) + delta;
}

/** otpauth:// URL for authenticator apps (Key Uri Format): label "Issuer:account", issuer parameter. */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  }).toString();
}
