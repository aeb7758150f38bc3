import { describe, expect, it } from 'vitest';
import { calendarDays, dayAmountFor, streakEndingAt } from './checkin.rules.js';

describe('check-in rules', () => {
  it('pays the day amounts of a streak and starts the list again after the last', () => {
    const a = [1n, 2n, 5n];
    expect([1, 2, 3, 4, 5, 7].map((d) => dayAmountFor(d, a))).toEqual([1n, 2n, 5n, 1n, 2n, 1n]);
    expect(dayAmountFor(0, a)).toBe(0n);
    expect(dayAmountFor(3, [])).toBe(0n);
  });

  it('counts consecutive days back from a day, across months', () => {
    const s = new Set(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-03']);
    expect(streakEndingAt(s, '2026-12-01')).toBe(3);
    expect(streakEndingAt(s, '2026-12-02')).toBe(0);
    expect(streakEndingAt(s, '2026-12-03')).toBe(1);
  });

  it('shows the week: paid days, projected days from today on, nothing for missed days', () => {
    const paid = new Map([
      ['2026-11-23', 100n],
      ['2026-11-25', 100n],
    ]);
    const c = calendarDays({
      weekStart: '2026-11-23',
      today: '2026-11-26',
      paid,
      amounts: [100n, 200n, 300n],
    });
    expect(c.signedToday).toBe(false);
    expect(c.consecutiveDays).toBe(1);
    expect(c.days.map((d) => [d.date.slice(8), d.signed, d.amount])).toEqual([
      ['23', true, 100n],
      ['24', false, null],
      ['25', true, 100n],
      ['26', false, 200n],
      ['27', false, 300n],
      ['28', false, 100n],
      ['29', false, 200n],
    ]);
    const after = calendarDays({
      weekStart: '2026-11-23',
      today: '2026-11-26',
      paid: new Map([...paid, ['2026-11-26', 200n]]),
      amounts: [100n, 200n, 300n],
    });
    expect(after.consecutiveDays).toBe(2);
    expect(after.days[3]).toMatchObject({ signed: true, today: true, amount: 200n });
    expect(after.days[4]!.amount).toBe(300n);
  });
});
