import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 6 random digits (codes in mails and SMS). */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** 256-bit single-use token, base64url (reset links, social tickets). */
export const newToken = () => randomBytes(32).toString('base64url');
export const newSalt = () => randomBytes(16).toString('hex');
export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
export const saltedCodeHash = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A bank account (payee) name for comparison: case, accents of spacing and punctuation-free spaces ignored. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.]+/g, '');
}

/** `player@example.com` -> `pl****@example.com` (what a "code sent to" hint may show). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '****';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}****${email.slice(at)}`;
}
