import { describe, expect, it } from 'vitest';
import { lastClosedPeriod, periodStartingAt } from './contract-settlement.js';

const TZ = 'Asia/Dhaka'; // UTC+6: local midnight is 18:00 UTC the day before
const at = (iso: string) => new Date(iso);
const bounds = (p: Parameters<typeof lastClosedPeriod>[0], now: string) => {
  const r = lastClosedPeriod(p, TZ, at(now));
  return r && [r.from.toISOString(), r.to.toISOString()];
};

describe('the last closed period in the merchant’s time zone', () => {
  it('hour, day and week (Monday to Monday)', () => {
    // 2026-11-25 01:13 local (a Wednesday)
    expect(bounds('hourly', '2026-11-24T19:13:00Z')).toEqual([
      '2026-11-24T18:00:00.000Z',
      '2026-11-24T19:00:00.000Z',
    ]);
    expect(bounds('daily', '2026-11-24T19:13:00Z')).toEqual([
      '2026-11-23T18:00:00.000Z',
      '2026-11-24T18:00:00.000Z',
    ]);
    expect(bounds('weekly', '2026-11-24T19:13:00Z')).toEqual([
      '2026-11-15T18:00:00.000Z',
      '2026-11-22T18:00:00.000Z',
    ]);
  });
  it('half months (1st-16th, 16th-1st) and months', () => {
    // 2026-11-25 local: the first half of November closed
    expect(bounds('semimonthly', '2026-11-24T19:13:00Z')).toEqual([
      '2026-10-31T18:00:00.000Z',
      '2026-11-15T18:00:00.000Z',
    ]);
    // 2026-11-10 local: the second half of October closed (16th to 1st)
    expect(bounds('semimonthly', '2026-11-10T06:00:00Z')).toEqual([
      '2026-10-15T18:00:00.000Z',
      '2026-10-31T18:00:00.000Z',
    ]);
    expect(bounds('monthly', '2026-11-24T19:13:00Z')).toEqual([
      '2026-09-30T18:00:00.000Z',
      '2026-10-31T18:00:00.000Z',
    ]);
    expect(bounds('monthly', '2026-03-01T00:00:00Z')).toEqual([
      '2026-01-31T18:00:00.000Z',
      '2026-02-28T18:00:00.000Z',
    ]);
  });
  it('real-time salary: the last whole 5-minute window', () => {
    expect(bounds('realtime', '2026-03-01T00:07:59Z')).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T00:05:00.000Z',
    ]);
    expect(bounds('realtime', '2026-03-01T00:10:00Z')).toEqual([
      '2026-03-01T00:05:00.000Z',
      '2026-03-01T00:10:00.000Z',
    ]);
  });
});

describe('the period starting at an instant (an operator’s re-run)', () => {
  const starting = (p: Parameters<typeof periodStartingAt>[0], iso: string) => {
    const r = periodStartingAt(p, TZ, at(iso));
    return r && [r.from.toISOString(), r.to.toISOString()];
  };
  it('answers the period whose first instant it is', () => {
    expect(starting('daily', '2026-11-23T18:00:00Z')).toEqual([
      '2026-11-23T18:00:00.000Z',
      '2026-11-24T18:00:00.000Z',
    ]);
    expect(starting('weekly', '2026-11-15T18:00:00Z')).toEqual([
      '2026-11-15T18:00:00.000Z',
      '2026-11-22T18:00:00.000Z',
    ]);
    expect(starting('semimonthly', '2026-10-15T18:00:00Z')).toEqual([
      '2026-10-15T18:00:00.000Z',
      '2026-10-31T18:00:00.000Z',
    ]);
    expect(starting('monthly', '2026-01-31T18:00:00Z')).toEqual([
      '2026-01-31T18:00:00.000Z',
      '2026-02-28T18:00:00.000Z',
    ]);
    expect(starting('hourly', '2026-11-24T19:00:00Z')).toEqual([
      '2026-11-24T19:00:00.000Z',
      '2026-11-24T20:00:00.000Z',
    ]);
    expect(starting('realtime', '2026-11-24T19:05:00Z')).toEqual([
      '2026-11-24T19:05:00.000Z',
      '2026-11-24T19:10:00.000Z',
    ]);
  });
  it('refuses an instant inside a period', () => {
    expect(starting('daily', '2026-11-23T19:00:00Z')).toBeUndefined();
    expect(starting('weekly', '2026-11-16T18:00:00Z')).toBeUndefined(); // a Tuesday
    expect(starting('semimonthly', '2026-11-05T18:00:00Z')).toBeUndefined();
    expect(starting('monthly', '2026-11-15T18:00:00Z')).toBeUndefined();
    expect(starting('hourly', '2026-11-24T19:30:00Z')).toBeUndefined();
    expect(starting('realtime', '2026-11-24T19:06:00Z')).toBeUndefined();
  });
});
