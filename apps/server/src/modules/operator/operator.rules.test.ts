import { describe, expect, it } from 'vitest';
import {
  can,
  hashToken,
  isLocked,
  lockAfter,
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
  it('locks on the fifth failed attempt for five minutes', () => {
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) expect(lockAfter(i, t0)).toBeNull();
    const lockedUntil = lockAfter(MAX_FAILED_ATTEMPTS, t0);
    expect(lockedUntil).toEqual(plus(LOCK_MS));
    expect(isLocked({ failedAttempts: MAX_FAILED_ATTEMPTS, lockedUntil }, plus(LOCK_MS - 1))).toBe(true);
    expect(isLocked({ failedAttempts: MAX_FAILED_ATTEMPTS, lockedUntil }, plus(LOCK_MS))).toBe(false);
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
