import { createHash, randomBytes } from 'node:crypto';
import type { TOperatorRole } from '@bp/contract';
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

/** State after one more failed login. A lock that has run out starts the count afresh. */
export function afterFailure(s: LockState, now: Date): LockState & { lockedNow: boolean } {
  const expired = s.lockedUntil !== null && s.lockedUntil <= now;
  const failedAttempts = (expired ? 0 : s.failedAttempts) + 1;
  if (failedAttempts >= MAX_FAILED_ATTEMPTS) {
    return { failedAttempts, lockedUntil: new Date(now.getTime() + LOCK_MS), lockedNow: true };
  }
  return { failedAttempts, lockedUntil: expired ? null : s.lockedUntil, lockedNow: false };
}

export type Permission = 'read' | 'write';
const WRITERS: readonly TOperatorRole[] = ['owner', 'admin'];

/** Viewers read; owners and admins read and write. Unknown roles get nothing. */
export function can(role: string, permission: Permission): boolean {
  if (permission === 'read') return role === 'viewer' || (WRITERS as readonly string[]).includes(role);
  return (WRITERS as readonly string[]).includes(role);
}

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

/**
 * Fixed-window failure counter per key (IP) in this process. Several instances each keep their own;
 * the per-account lock in the database is the shared guard.
 */
export function createFailureLimiter(limit: number, windowMs: number) {
  const hits = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const h = hits.get(key);
    return h && now - h.start < windowMs ? h : undefined;
  };
  return {
    blocked(key: string, now: number) {
      return (current(key, now)?.count ?? 0) >= limit;
    },
    fail(key: string, now: number) {
      const h = current(key, now);
      if (h) h.count++;
      else hits.set(key, { start: now, count: 1 });
      if (hits.size > 10_000) {
        for (const [k, v] of hits) if (now - v.start >= windowMs) hits.delete(k);
      }
    },
  };
}

/** Services call this before acting: viewers get 403 on writes. */
export function assertCan(actor: { role: string }, permission: Permission): void {
  if (!can(actor.role, permission)) throw new AppError('forbidden');
}
