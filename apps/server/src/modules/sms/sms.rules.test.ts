import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMS_SETTINGS,
  codeMatches,
  codeMessage,
  codeVerdict,
  generateCode,
  hashCode,
  throttleVerdict,
  type RecentRequests,
} from './sms.rules.js';
import { canonicalPhone, maskNational } from './sms.service.js';

const now = new Date('2026-11-22T10:00:00Z');
const quiet: RecentRequests = {
  lastForNumber: null,
  lastForIp: null,
  numberLastHour: 0,
  ipLastHour: 0,
  merchantLastDay: 0,
};
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('codes', () => {
  it('are 6 digits, spread over the whole range', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const c = generateCode();
      expect(c).toMatch(/^[0-9]{6}$/);
      seen.add(c[0]!);
    }
    expect(seen.size).toBe(10);
  });
  it('are stored salted: the same code hashes differently and still verifies', () => {
    const a = hashCode('123456');
    const b = hashCode('123456');
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456');
    expect(codeMatches(a, '123456')).toBe(true);
    expect(codeMatches(a, '123457')).toBe(false);
    expect(codeMatches(a, '')).toBe(false);
    expect(codeMatches('garbage', '123456')).toBe(false);
  });
});

describe('throttle', () => {
  const s = DEFAULT_SMS_SETTINGS;
  it('lets a first request through', () => expect(throttleVerdict(now, quiet, s)).toBeNull());
  it('allows one request per second per number and per IP', () => {
    expect(throttleVerdict(now, { ...quiet, lastForNumber: ago(999) }, s)).toBe('TOO_MANY_REQUESTS');
    expect(throttleVerdict(now, { ...quiet, lastForIp: ago(10) }, s)).toBe('TOO_MANY_REQUESTS');
    expect(throttleVerdict(now, { ...quiet, lastForNumber: ago(1000), lastForIp: ago(1000) }, s)).toBeNull();
  });
  it('caps requests per hour per number and per IP', () => {
    expect(throttleVerdict(now, { ...quiet, numberLastHour: s.perNumberPerHour - 1 }, s)).toBeNull();
    expect(throttleVerdict(now, { ...quiet, numberLastHour: s.perNumberPerHour }, s)).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(throttleVerdict(now, { ...quiet, ipLastHour: s.perIpPerHour }, s)).toBe('TOO_MANY_REQUESTS');
  });
  it('refuses when the merchant quota is used up', () => {
    expect(throttleVerdict(now, { ...quiet, merchantLastDay: s.dailyQuota }, s)).toBe(
      'sms_quota_insufficient',
    );
    expect(throttleVerdict(now, { ...quiet, merchantLastDay: 0 }, { ...s, dailyQuota: 0 })).toBe(
      'sms_quota_insufficient',
    );
  });
});

describe('code verdict', () => {
  const row = (over: Partial<Parameters<typeof codeVerdict>[1] & object> = {}) => ({
    codeHash: hashCode('654321'),
    expiresAt: new Date(now.getTime() + 60_000),
    attempts: 0,
    usedAt: null,
    ...over,
  });
  it('accepts the right code before expiry', () => expect(codeVerdict(now, row(), '654321', 5)).toBe('ok'));
  it('wrong code is a mismatch', () => expect(codeVerdict(now, row(), '654320', 5)).toBe('mismatch'));
  it('no code sent', () => expect(codeVerdict(now, undefined, '654321', 5)).toBe('none'));
  it('expires at expires_at exactly', () => {
    expect(codeVerdict(now, row({ expiresAt: now }), '654321', 5)).toBe('expired');
    expect(codeVerdict(now, row({ expiresAt: new Date(now.getTime() + 1) }), '654321', 5)).toBe('ok');
  });
  it('single use', () => expect(codeVerdict(now, row({ usedAt: ago(1) }), '654321', 5)).toBe('used'));
  it('dies after max attempts, even with the right code', () => {
    expect(codeVerdict(now, row({ attempts: 4 }), '654321', 5)).toBe('ok');
    expect(codeVerdict(now, row({ attempts: 5 }), '654321', 5)).toBe('exhausted');
  });
});

describe('phone input', () => {
  it('normalises or answers the SPEC phone errors', () => {
    expect(canonicalPhone({ mobile: '01712345678', countryDialingCode: '880' })).toEqual({
      mobile: '1712345678',
      countryDialingCode: '+880',
    });
    expect(() => canonicalPhone({ mobile: '  ' })).toThrow('sms_phone_missing');
    expect(() => canonicalPhone({ mobile: undefined })).toThrow('sms_phone_missing');
    expect(() => canonicalPhone({ mobile: '12345' })).toThrow('sms_phone_invalid');
    expect(() => canonicalPhone({ mobile: '01712345678', countryDialingCode: 'x' })).toThrow(
      'sms_phone_invalid',
    );
  });
  it('masks the last four digits of the number as typed at home', () => {
    expect(maskNational('1712345678', '+880')).toBe('0171234****');
    expect(maskNational('2025550123', '+1')).toBe('202555****');
  });
});

describe('message', () => {
  it('carries brand, code and validity in the caller language', () => {
    expect(codeMessage('Demo', 'register', '012345', 5, 'EN')).toBe(
      '[Demo] Your registration code is 012345. Valid for 5 minutes. Do not share it.',
    );
    expect(codeMessage('Demo', 'login', '012345', 5, 'BN')).toContain('012345');
  });
});
