import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the client holds. Only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** last_seen/expires are written at most this often per session, so reads don't become writes. */
export const SESSION_TOUCH_MS = 60_000;
/** A pending login (new-IP verification) must be completed within this time, with at most this many tries. */
export const PENDING_LOGIN_MS = 10 * 60_000;
export const PENDING_MAX_ATTEMPTS = 5;
/** Trial accounts one IP may create per hour (each free-play call makes an account). */
export const FREEPLAY_PER_IP_HOUR = 10;
/** Revocation reason of sessions ended by a newer login (single-session): the client sees duplicateLogin. */
export const REVOKED_BY_NEW_LOGIN = 'new_login';

export interface SessionPolicy {
  sessionIdleMinutes: number;
  sessionMaxHours: number;
}

export function newSessionTimes(now: Date, p: SessionPolicy) {
  const maxExpiresAt = new Date(now.getTime() + p.sessionMaxHours * 3_600_000);
  return {
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(Math.min(now.getTime() + p.sessionIdleMinutes * 60_000, maxExpiresAt.getTime())),
    maxExpiresAt,
  };
}

export interface SessionTimes {
  lastSeenAt: Date;
  expiresAt: Date;
  maxExpiresAt: Date;
  revokedAt: Date | null;
}

export const isSessionLive = (s: SessionTimes, now: Date) =>
  s.revokedAt === null && s.expiresAt > now && s.maxExpiresAt > now;

/** New last-seen/expiry after a use, or undefined when the stored values are recent enough to keep. */
export function slideSession(
  s: SessionTimes,
  now: Date,
  p: SessionPolicy,
): { lastSeenAt: Date; expiresAt: Date } | undefined {
  if (now.getTime() - s.lastSeenAt.getTime() < SESSION_TOUCH_MS) return undefined;
  return {
    lastSeenAt: now,
    expiresAt: new Date(Math.min(now.getTime() + p.sessionIdleMinutes * 60_000, s.maxExpiresAt.getTime())),
  };
}

export interface ThrottlePolicy {
  captchaAlways: boolean;
  captchaAfterFailures: number;
  lockoutFailures: number;
  lockoutMinutes: number;
  failureWindowMinutes: number;
  ipLockoutFailures: number;
}

export const captchaNeeded = (accountFailures: number, ipFailures: number, p: ThrottlePolicy) =>
  p.captchaAlways ||
  (p.captchaAfterFailures > 0 && Math.max(accountFailures, ipFailures) >= p.captchaAfterFailures) ||
  p.captchaAfterFailures === 0;

/** Password older than the merchant's maximum age. */
export const isPasswordExpired = (changedAt: Date, now: Date, maxAgeDays: number) =>
  now.getTime() - changedAt.getTime() > maxAgeDays * 86_400_000;
