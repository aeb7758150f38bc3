import { describe, expect, it } from 'vitest';
import { maskMobile, newReferralCode } from '../member/index.js';
import { parseCookies } from '../../platform/cookies.js';
import {
  captchaNeeded,
  isPasswordExpired,
  isSessionLive,
  newSessionTimes,
  newToken,
  sha256Hex,
  slideSession,
  SESSION_TOUCH_MS,
} from './session.rules.js';

const t0 = new Date('2026-11-22T10:00:00Z');
const plus = (ms: number) => new Date(t0.getTime() + ms);
const policy = {
  captchaAlways: false,
  captchaAfterFailures: 2,
  lockoutFailures: 5,
  lockoutMinutes: 5,
  failureWindowMinutes: 15,
  ipLockoutFailures: 20,
};

describe('session tokens and expiry', () => {
  it('makes 32-byte base64url tokens and stores a SHA-256 hex', () => {
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(newToken());
    expect(sha256Hex('x')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expires after the idle time, slides with use, never past the maximum', () => {
    const p = { sessionIdleMinutes: 60, sessionMaxHours: 2 };
    const s = { ...newSessionTimes(t0, p), revokedAt: null };
    expect(s.expiresAt).toEqual(plus(3_600_000));
    expect(isSessionLive(s, plus(3_599_999))).toBe(true);
    expect(isSessionLive(s, plus(3_600_000))).toBe(false);
    expect(slideSession(s, plus(SESSION_TOUCH_MS - 1), p)).toBeUndefined();
    expect(slideSession(s, plus(1_800_000), p)?.expiresAt).toEqual(plus(5_400_000));
    expect(slideSession(s, plus(6_000_000), p)?.expiresAt).toEqual(plus(7_200_000));
    expect(isSessionLive({ ...s, revokedAt: t0 }, t0)).toBe(false);
  });
});

describe('throttling rules', () => {
  it('asks for a captcha after N failures of the account or the IP, or always when configured', () => {
    expect(captchaNeeded(1, 1, policy)).toBe(false);
    expect(captchaNeeded(2, 0, policy)).toBe(true);
    expect(captchaNeeded(0, 2, policy)).toBe(true);
    expect(captchaNeeded(0, 0, { ...policy, captchaAlways: true })).toBe(true);
    expect(captchaNeeded(0, 0, { ...policy, captchaAfterFailures: 0 })).toBe(true);
  });

  it('expires passwords older than the maximum age', () => {
    expect(isPasswordExpired(t0, plus(90 * 86_400_000), 90)).toBe(false);
    expect(isPasswordExpired(t0, plus(90 * 86_400_000 + 1), 90)).toBe(true);
  });
});

describe('member helpers', () => {
  it('masks all but the first digits of a mobile number', () => {
    expect(maskMobile('01336712345')).toBe('0133671****');
    expect(maskMobile('12345')).toBe('123**');
    expect(maskMobile('')).toBe('');
    expect(maskMobile(null)).toBe('');
  });

  it('makes 8-character referral codes without look-alike characters', () => {
    for (let i = 0; i < 50; i++) expect(newReferralCode()).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('parses cookie headers', () => {
    expect(parseCookies('a=1; captchaId=abc%20d; a=2; bad; e="q"')).toEqual({
      a: '1',
      captchaId: 'abc d',
      e: 'q',
    });
    expect(parseCookies(undefined)).toEqual({});
  });
});
