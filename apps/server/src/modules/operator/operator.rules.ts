import { createHash, randomBytes } from 'node:crypto';
import { operatorCan } from '@bp/contract';
import { AppError } from '../../platform/errors.js';

/** Account lockout: this many consecutive failures lock the account for LOCK_MS. */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MS = 5 * 60_000;
/** Sessions expire after this long unused; each use slides the expiry, never past ABSOLUTE_MS from login. */
export const SESSION_IDLE_MS = 8 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 24 * 3_600_000;
/** Last-seen is written at most this often per session, so reads don't turn into a write per request. */
export const SESSION_TOUCH_MS = 60_000;

/** Per-IP limit on failed logins across all usernames (guards against spraying many accounts). */
export const IP_FAILURE_LIMIT = 30;
export const IP_FAILURE_WINDOW_MS = 5 * 60_000;

export interface LockState {
  failedAttempts: number;
  lockedUntil: Date | null;
}

export const isLocked = (s: LockState, now: Date) => s.lockedUntil !== null && s.lockedUntil > now;

/** The lock the failed attempt number `attempt` sets, if it is the last one allowed. */
export const lockAfter = (attempt: number, now: Date): Date | null =>
  attempt >= MAX_FAILED_ATTEMPTS ? new Date(now.getTime() + LOCK_MS) : null;

export type Permission = 'read' | 'write';

/** Viewers read; owners and admins read and write (the contract's table). Unknown roles get nothing. */
export const can = (role: string, permission: Permission): boolean => operatorCan(role, permission);

/** 32 random bytes, base64url: what the client holds. Only its SHA-256 is stored. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface SessionTimes {
  lastSeenAt: Date;
  expiresAt: Date;
  maxExpiresAt: Date;
  revokedAt: Date | null;
}

export function newSessionTimes(now: Date): Omit<SessionTimes, 'revokedAt'> & { createdAt: Date } {
  const maxExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  return {
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, maxExpiresAt.getTime())),
    maxExpiresAt,
  };
}

export const isSessionLive = (s: SessionTimes, now: Date) =>
  s.revokedAt === null && s.expiresAt > now && s.maxExpiresAt > now;

/** New last-seen/expiry after a use, or undefined when the stored values are recent enough to keep. */
export function slideSession(s: SessionTimes, now: Date): { lastSeenAt: Date; expiresAt: Date } | undefined {
  if (now.getTime() - s.lastSeenAt.getTime() < SESSION_TOUCH_MS) return undefined;
  return {
    lastSeenAt: now,
    expiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, s.maxExpiresAt.getTime())),
  };
}

/** Services call this before acting: viewers get 403 on writes. */
export function assertCan(actor: { role: string }, permission: Permission): void {
  if (!can(actor.role, permission)) throw new AppError('forbidden');
}
