import { describe, expect, it } from 'vitest';
import { isShort, payoutFigures, payoutPeriodText, payoutRateText } from './payout-record';

describe('payoutPeriodText', () => {
  it('names whole days by the days they cover (the end is exclusive)', () => {
    expect(payoutPeriodText('2026-11-26 00:00:00', '2026-11-27 00:00:00')).toBe('2026-11-26');
    expect(payoutPeriodText('2026-11-01 00:00:00', '2026-11-16 00:00:00')).toBe('2026-11-01 – 2026-11-15');
    // a month across the year's end, and a week
    expect(payoutPeriodText('2026-12-01 00:00:00', '2027-01-01 00:00:00')).toBe('2026-12-01 – 2026-12-31');
    expect(payoutPeriodText('2026-02-23 00:00:00', '2026-03-02 00:00:00')).toBe('2026-02-23 – 2026-03-01');
  });

  it('names an hour or a real-time window as a span on its day, the last hour ending at 00:00', () => {
    expect(payoutPeriodText('2026-11-26 21:00:00', '2026-11-26 22:00:00')).toBe('2026-11-26 21:00–22:00');
    expect(payoutPeriodText('2026-11-26 23:00:00', '2026-11-27 00:00:00')).toBe('2026-11-26 23:00–00:00');
    expect(payoutPeriodText('2026-11-26 21:05:00', '2026-11-26 21:10:00')).toBe('2026-11-26 21:05–21:10');
  });

  it('gives both instants for anything else', () => {
    expect(payoutPeriodText('2026-11-26 12:00:00', '2026-11-27 12:00:00')).toBe(
      '2026-11-26 12:00 – 2026-11-27 12:00',
    );
  });
});

describe('payout figures and rates', () => {
  it('shows each kind the figures its tiers are judged on', () => {
    expect(payoutFigures('dividend')).toEqual(['validBet', 'netLoss', 'activeMembers', 'tier', 'rate']);
    expect(payoutFigures('dailySalary')).toEqual(['validBet', 'activeMembers', 'tier', 'rate']);
    expect(payoutFigures('hourlySalary')).toEqual(['validBet', 'tier', 'rate']);
    expect(payoutFigures('realtimeSalary')).toEqual(['rounds', 'profitBase', 'lossBase', 'rate']);
  });

  it('writes the tier rate, both real-time rates, or a dash when no tier was reached', () => {
    expect(payoutRateText({ rate: '0.30', realtime: null })).toBe('0.30%');
    expect(payoutRateText({ rate: null, realtime: null })).toBe('—');
    expect(
      payoutRateText({
        rate: null,
        realtime: {
          profitRate: '0.20',
          lossRate: '0.40',
          minBet: '20.00',
          profitBase: '0.00',
          lossBase: '0.00',
          rounds: 0,
        },
      }),
    ).toBe('0.20% / 0.40%');
  });

  it('counts partial and insufficient payouts as short, nothing else', () => {
    expect(
      ['paid', 'partial', 'insufficient', 'not_reached', 'held', 'expired'].filter((s) =>
        isShort(s as never),
      ),
    ).toEqual(['partial', 'insufficient']);
  });
});
