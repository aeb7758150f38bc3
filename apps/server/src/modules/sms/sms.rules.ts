import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_LENGTH, SMS_DEFAULTS, type TSmsPurpose } from '@bp/contract';

/** Six random digits from the CSPRNG (leading zeros kept). */
export function generateCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** `<salt>:<sha256(salt:code)>`: a per-code salt, so equal codes never share a hash. */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${digest(salt, code)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt, hex] = stored.split(':');
  if (!salt || !hex || !/^[0-9]{6}$/.test(code)) return false;
  const a = Buffer.from(hex, 'hex');
  const b = Buffer.from(digest(salt, code), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SmsSettings {
  expiredMinutes: number;
  maxAttempts: number;
  perNumberPerHour: number;
  perIpPerHour: number;
  dailyQuota: number;
}
export const DEFAULT_SMS_SETTINGS: SmsSettings = { ...SMS_DEFAULTS };

/** What the store knows about recent requests, as counted inside the sending transaction. */
export interface RecentRequests {
  /** newest request for this number / from this IP, if any */
  lastForNumber: Date | null;
  lastForIp: Date | null;
  numberLastHour: number;
  ipLastHour: number;
  /** codes requested by the merchant in the last 24 hours */
  merchantLastDay: number;
}

export const SMS_MIN_INTERVAL_MS = 1000;

/** The reason a request must be refused, or null. Throttles come before the quota. */
export function throttleVerdict(
  now: Date,
  r: RecentRequests,
  s: SmsSettings,
): 'TOO_MANY_REQUESTS' | 'sms_quota_insufficient' | null {
  const t = now.getTime();
  if (r.lastForNumber && t - r.lastForNumber.getTime() < SMS_MIN_INTERVAL_MS) return 'TOO_MANY_REQUESTS';
  if (r.lastForIp && t - r.lastForIp.getTime() < SMS_MIN_INTERVAL_MS) return 'TOO_MANY_REQUESTS';
  if (r.numberLastHour >= s.perNumberPerHour || r.ipLastHour >= s.perIpPerHour) return 'TOO_MANY_REQUESTS';
  if (r.merchantLastDay >= s.dailyQuota) return 'sms_quota_insufficient';
  return null;
}

export interface StoredCode {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
}

/**
 * Outcome of checking `code` against the newest code of a number and purpose. `mismatch` costs an
 * attempt; a code that ran out of attempts is dead like an expired one ("send again").
 */
export function codeVerdict(
  now: Date,
  row: StoredCode | undefined,
  code: string,
  maxAttempts: number,
): 'ok' | 'none' | 'used' | 'expired' | 'exhausted' | 'mismatch' {
  if (!row) return 'none';
  if (row.usedAt) return 'used';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.attempts >= maxAttempts) return 'exhausted';
  return codeMatches(row.codeHash, code) ? 'ok' : 'mismatch';
}

const PURPOSE_TEXT: Record<TSmsPurpose, { en: string; bn: string }> = {
  login: { en: 'login', bn: 'লগইন' },
  register: { en: 'registration', bn: 'নিবন্ধন' },
  reset: { en: 'password reset', bn: 'পাসওয়ার্ড রিসেট' },
  bind: { en: 'mobile verification', bn: 'মোবাইল যাচাই' },
  verify: { en: 'verification', bn: 'যাচাই' },
};

/** The message body: brand, purpose, code and validity, in the caller's language (BN or EN). */
export function codeMessage(
  brand: string,
  purpose: TSmsPurpose,
  code: string,
  minutes: number,
  language: string,
): string {
  const p = PURPOSE_TEXT[purpose];
  return language.toUpperCase() === 'BN'
    ? `[${brand}] আপনার ${p.bn} কোড ${code}। ${minutes} মিনিটের জন্য বৈধ। কাউকে জানাবেন না।`
    : `[${brand}] Your ${p.en} code is ${code}. Valid for ${minutes} minutes. Do not share it.`;
}
