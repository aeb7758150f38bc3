import { describe, expect, it } from 'vitest';
import { statusOf } from '../promotion/index.js';
import { maskName, qualifies } from './referral.rules.js';

describe('maskName', () => {
  it('keeps the ends of a name and stars the middle', () => {
    expect(maskName('friend01')).toBe('fr****01');
    expect(maskName('abcd')).toBe('a***');
    expect(maskName('ab')).toBe('a***');
  });
});

describe('qualifies', () => {
  const block = { blockSameIp: true, blockSameDevice: true };
  it('refuses an invitee on the referrer’s address or device only when the promotion blocks it', () => {
    expect(qualifies(block, { sameIp: false, sameDevice: false })).toBe(true);
    expect(qualifies(block, { sameIp: true, sameDevice: false })).toBe(false);
    expect(qualifies(block, { sameIp: false, sameDevice: true })).toBe(false);
    expect(
      qualifies({ blockSameIp: false, blockSameDevice: true }, { sameIp: true, sameDevice: false }),
    ).toBe(true);
    expect(
      qualifies({ blockSameIp: true, blockSameDevice: false }, { sameIp: false, sameDevice: true }),
    ).toBe(true);
  });
});

describe('referral promotion status', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const base = { startAt: null, endAt: null, trigger: 'REFERRAL_DEPOSIT' as const, claim: null, now };
  it('is Joined for members, Join for visitors, Claim while a reward waits, Close after the end', () => {
    expect(statusOf({ ...base, member: true })).toBe('Joined');
    expect(statusOf(base)).toBe('Join');
    expect(statusOf({ ...base, claim: 'JOINED', member: true })).toBe('Claim');
    expect(statusOf({ ...base, claim: 'JOINED', endAt: now, member: true })).toBe('Claim');
    expect(statusOf({ ...base, endAt: now, member: true })).toBe('Close');
    expect(statusOf({ ...base, startAt: new Date('2026-11-27T00:00:00Z') })).toBe('coming soon');
    expect(statusOf({ ...base, claim: 'CONVERTED', member: true })).toBe('Claimed');
  });
});
