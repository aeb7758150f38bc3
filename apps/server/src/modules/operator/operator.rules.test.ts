import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  can,
  createFailureLimiter,
  hashToken,
  isLocked,
  isSessionLive,
  LOCK_MS,
  MAX_FAILED_ATTEMPTS,
  newSessionTimes,
  newSessionToken,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
  slideSession,
} from './operator.rules.js';

const t0 = new Date('2026-11-22T10:00:00Z');
const plus = (ms: number, from = t0) => new Date(from.getTime() + ms);

describe('login lockout', () => {
  it('locks on the fifth consecutive failure for five minutes', () => {
    let s = { failedAttempts: 0, lockedUntil: null as Date | null };
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
      const n = afterFailure(s, t0);
      expect(n.lockedNow).toBe(false);
      expect(n.failedAttempts).toBe(i);
      s = n;
    }
    const locked = afterFailure(s, t0);
    expect(locked.lockedNow).toBe(true);
    expect(locked.lockedUntil).toEqual(plus(LOCK_MS));
    expect(isLocked(locked, plus(LOCK_MS - 1))).toBe(true);
    expect(isLocked(locked, plus(LOCK_MS))).toBe(false);
  });

  it('starts counting afresh after a lock ran out', () => {
    const after = afterFailure({ failedAttempts: 5, lockedUntil: t0 }, plus(1));
    expect(after).toEqual({ failedAttempts: 1, lockedUntil: null, lockedNow: false });
  });
});

describe('permissions', () => {
  it('lets viewers read only, owners and admins write, unknown roles nothing', () => {
    expect(can('viewer', 'read')).toBe(true);
    expect(can('viewer', 'write')).toBe(false);
    expect(can('admin', 'write')).toBe(true);
    expect(can('owner', 'write')).toBe(true);
    expect(can('guest', 'read')).toBe(false);
  });
});

describe('session tokens and expiry', () => {
  it('makes long random tokens and stores only a SHA-256 hex of them', () => {
    const a = newSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(newSessionToken());
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
  });

  it('expires after the idle time, slides with use, and never outlives the absolute limit', () => {
    const s = { ...newSessionTimes(t0), revokedAt: null };
    expect(s.expiresAt).toEqual(plus(SESSION_IDLE_MS));
    expect(isSessionLive(s, plus(SESSION_IDLE_MS - 1))).toBe(true);
    expect(isSessionLive(s, plus(SESSION_IDLE_MS))).toBe(false);

    expect(slideSession(s, plus(SESSION_TOUCH_MS - 1))).toBeUndefined();
    const slid = slideSession(s, plus(3_600_000));
    expect(slid?.expiresAt).toEqual(plus(3_600_000 + SESSION_IDLE_MS));

    const late = slideSession(s, plus(SESSION_ABSOLUTE_MS - 1000));
    expect(late?.expiresAt).toEqual(plus(SESSION_ABSOLUTE_MS));
    expect(isSessionLive({ ...s, revokedAt: t0 }, t0)).toBe(false);
  });
});

describe('per-IP failure limiter', () => {
  it('blocks after the limit within the window and forgets after it', () => {
    const l = createFailureLimiter(3, 1000);
    for (let i = 0; i < 3; i++) {
      expect(l.blocked('1.2.3.4', 0)).toBe(false);
      l.fail('1.2.3.4', 0);
    }
    expect(l.blocked('1.2.3.4', 999)).toBe(true);
    expect(l.blocked('5.6.7.8', 999)).toBe(false);
    expect(l.blocked('1.2.3.4', 1000)).toBe(false);
  });
});
