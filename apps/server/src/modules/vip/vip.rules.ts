/**
 * The VIP rank rules, pure (issue 16). Money is bigint minor units.
 *
 * A level's thresholds come in two groups: monthly (deposits and valid turnover in the merchant's
 * calendar month so far) and lifetime (since the account was opened). A group is *set* when any of
 * its thresholds is above 0. A level is reached when every threshold of a set group is met: the
 * monthly group OR the lifetime group, so a big month and a long history both lead up. A level with
 * no threshold set (VIP0) is reached by everyone.
 *
 * A member holds the highest level it has reached, and keeps it: ranks never go down here (a
 * retention rule would be a decision of its own, with its own notice).
 */

export interface RankThresholds {
  level: number;
  monthlyDeposit: bigint;
  monthlyTurnover: bigint;
  totalDeposit: bigint;
  totalTurnover: bigint;
}

/** A member's figures: valid bets ("turnover", the team-figure definition) and deposits. */
export interface RankFigures {
  monthlyDeposit: bigint;
  monthlyTurnover: bigint;
  totalDeposit: bigint;
  totalTurnover: bigint;
}

const monthlySet = (l: RankThresholds) => l.monthlyDeposit > 0n || l.monthlyTurnover > 0n;
const totalSet = (l: RankThresholds) => l.totalDeposit > 0n || l.totalTurnover > 0n;

export function reaches(l: RankThresholds, f: RankFigures): boolean {
  const m = monthlySet(l);
  const t = totalSet(l);
  if (!m && !t) return true;
  const monthly = m && f.monthlyDeposit >= l.monthlyDeposit && f.monthlyTurnover >= l.monthlyTurnover;
  const total = t && f.totalDeposit >= l.totalDeposit && f.totalTurnover >= l.totalTurnover;
  return monthly || total;
}

/**
 * The level a member should hold: the highest level it reaches, never below the one it holds
 * (`current`). Levels may skip numbers; a member may jump several levels at once.
 */
export function rankOf<L extends RankThresholds>(
  levels: readonly L[],
  f: RankFigures,
  current: number,
): number {
  let best = current;
  for (const l of levels) if (l.level > best && reaches(l, f)) best = l.level;
  return best;
}

/** The lowest level above `current`, if any. */
export function nextLevel<L extends RankThresholds>(levels: readonly L[], current: number): L | undefined {
  let next: L | undefined;
  for (const l of levels) if (l.level > current && (!next || l.level < next.level)) next = l;
  return next;
}

/** The level held, or the highest level at or below it (a level an operator renumbered away). */
export function levelAt<L extends RankThresholds>(levels: readonly L[], current: number): L | undefined {
  let at: L | undefined;
  for (const l of levels) if (l.level <= current && (!at || l.level > at.level)) at = l;
  return at;
}

/**
 * The merchant's calendar month containing `localDate` (yyyy-MM-dd, today in the merchant's zone), as
 * UTC instants [from, to): `dayStart(n)` is the merchant's midnight n days after that date
 * (platform/time's merchantDayStart), so a zone's offset changes inside the month are its own.
 */
export function monthBounds(
  localDate: string,
  dayStart: (addDays: number) => Date,
): { from: Date; to: Date } {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: dayStart(1 - d), to: dayStart(daysInMonth - d + 1) };
}
