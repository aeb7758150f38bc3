import { addDays } from '../../platform/merchant-day.js';

/**
 * What day `streakDay` of a streak pays (day 1 is the first): the list's entry for it, and after the
 * last the list starts again (a 7-day list pays its 7th amount on day 7, its 1st again on day 8).
 */
export function dayAmountFor(streakDay: number, amounts: readonly bigint[]): bigint {
  if (amounts.length === 0 || streakDay < 1) return 0n;
  return amounts[(streakDay - 1) % amounts.length]!;
}

/** Consecutive signed days ending on `day` (0 when `day` itself is not signed). */
export function streakEndingAt(signed: ReadonlySet<string>, day: string): number {
  let n = 0;
  for (let d = day; signed.has(d); d = addDays(d, -1)) n++;
  return n;
}

/**
 * The calendar week around `today`: each day signed or not, with what it paid (signed) or would pay
 * if the streak goes on from today (today unsigned and the days after); past unsigned days pay nothing.
 */
export function calendarDays(p: {
  weekStart: string;
  today: string;
  paid: ReadonlyMap<string, bigint>;
  amounts: readonly bigint[];
}) {
  const signed = new Set(p.paid.keys());
  const signedToday = signed.has(p.today);
  const streakBeforeToday = streakEndingAt(signed, addDays(p.today, -1));
  const days = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(p.weekStart, i);
    const paid = p.paid.get(date);
    let amount: bigint | null = paid ?? null;
    if (paid === undefined && date >= p.today) {
      const ahead = Math.round((Date.parse(date) - Date.parse(p.today)) / 86_400_000);
      const streakDay = signedToday ? streakEndingAt(signed, p.today) + ahead : streakBeforeToday + ahead + 1;
      amount = dayAmountFor(streakDay, p.amounts);
    }
    days.push({ date, signed: paid !== undefined, today: date === p.today, amount });
  }
  return {
    days,
    signedToday,
    consecutiveDays: signedToday ? streakEndingAt(signed, p.today) : streakBeforeToday,
  };
}
