import { describe, expect, it } from 'vitest';
import { recordTypeOf } from '@bp/contract';
import { AppError } from '../../platform/errors.js';
import { remarkOf, reportRange } from './account-record.service.js';

const TZ = 'Asia/Dhaka'; // UTC+6, no daylight saving
// 2026-03-10 02:30 in Dhaka = 2026-03-09 20:30 UTC
const NOW = new Date('2026-03-09T20:30:00Z');

describe('reportRange', () => {
  it('bounds presets by whole merchant days', () => {
    expect(reportRange({ preset: 'today' }, TZ, NOW)).toEqual({
      from: new Date('2026-03-09T18:00:00Z'),
      to: new Date('2026-03-10T18:00:00Z'),
      fromDay: '2026-03-10',
      toDay: '2026-03-10',
    });
    expect(reportRange({ preset: 'yesterday' }, TZ, NOW)).toMatchObject({
      from: new Date('2026-03-08T18:00:00Z'),
      to: new Date('2026-03-09T18:00:00Z'),
      fromDay: '2026-03-09',
    });
    expect(reportRange({ preset: 'last7days' }, TZ, NOW)).toMatchObject({
      from: new Date('2026-03-03T18:00:00Z'),
      to: new Date('2026-03-10T18:00:00Z'),
      fromDay: '2026-03-04',
      toDay: '2026-03-10',
    });
    expect(reportRange({ preset: 'last30days' }, TZ, NOW).fromDay).toBe('2026-02-09');
    expect(reportRange({}, TZ, NOW).fromDay).toBe('2026-03-04');
  });

  it('takes explicit merchant dates inclusively; one date alone is that day', () => {
    expect(reportRange({ from: '2026-02-27', to: '2026-03-01', preset: 'today' }, TZ, NOW)).toEqual({
      from: new Date('2026-02-26T18:00:00Z'),
      to: new Date('2026-03-01T18:00:00Z'),
      fromDay: '2026-02-27',
      toDay: '2026-03-01',
    });
    expect(reportRange({ to: '2026-03-01' }, TZ, NOW)).toMatchObject({
      fromDay: '2026-03-01',
      toDay: '2026-03-01',
    });
  });

  it('follows a time zone with daylight saving', () => {
    // New York moved to UTC-4 on 2026-03-08: that day is 23 hours long
    const r = reportRange({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York', NOW);
    expect(r.from).toEqual(new Date('2026-03-08T05:00:00Z'));
    expect(r.to).toEqual(new Date('2026-03-09T04:00:00Z'));
  });

  it('refuses unreal dates, reversed and too long ranges', () => {
    for (const q of [
      { from: '2026-02-30' },
      { from: '2026-03-02', to: '2026-03-01' },
      { from: '2025-01-01', to: '2026-03-01' },
    ]) {
      expect(() => reportRange(q, TZ, NOW)).toThrow(AppError);
    }
  });
});

describe('record types and remarks', () => {
  it('maps ledger entry types onto the small set of record types', () => {
    expect(recordTypeOf('deposit')).toBe('deposit');
    expect(recordTypeOf('deposit_fee')).toBe('deposit');
    expect(recordTypeOf('deposits')).toBe('other');
    expect(recordTypeOf('withdraw')).toBe('withdraw');
    expect(recordTypeOf('transfer')).toBe('transfer');
    expect(recordTypeOf('transfer_in')).toBe('transfer');
    expect(recordTypeOf('wallet_transfer')).toBe('wallet_transfer');
    expect(recordTypeOf('play_grant')).toBe('adjustment');
    expect(recordTypeOf('refund')).toBe('refund');
    expect(recordTypeOf('mystery')).toBe('other');
  });

  it('names the counterparty of a transfer from the reader’s side', () => {
    const memo = { from: { id: 1, username: 'kid' }, to: { id: 2, username: 'boss' } };
    expect(remarkOf('transfer', memo, null, -100n)).toBe('boss');
    expect(remarkOf('transfer', memo, null, 100n)).toBe('kid');
    expect(remarkOf('bet', { vendor: 'PG', game: null, round: 'r9' }, null, -1n)).toBe('PG #r9');
    expect(remarkOf('deposit', null, 'D-9', 1n)).toBe('D-9');
    expect(remarkOf('bonus', null, null, 1n)).toBe('');
  });
});
