import type { TAgentPayoutRow, TContractKind } from '@bp/contract';

/** The figure columns a kind's record shows (its tiers' conditions, or the real-time detail). */
export type PayoutFigure =
  'validBet' | 'netLoss' | 'activeMembers' | 'tier' | 'rate' | 'rounds' | 'profitBase' | 'lossBase';

/**
 * Each kind shows what its tiers are judged on (SPEC 3): a dividend's valid bets, net loss and active
 * members; a daily salary's valid bets and active members; an hourly salary's valid bets; then the
 * tier reached and its rate. Real-time salary has no tiers: the window's rounds, the stakes counted
 * at the profit and at the loss rate, and both rates.
 */
export function payoutFigures(kind: TContractKind): readonly PayoutFigure[] {
  switch (kind) {
    case 'dividend':
      return ['validBet', 'netLoss', 'activeMembers', 'tier', 'rate'];
    case 'dailySalary':
      return ['validBet', 'activeMembers', 'tier', 'rate'];
    case 'hourlySalary':
      return ['validBet', 'tier', 'rate'];
    case 'realtimeSalary':
      return ['rounds', 'profitBase', 'lossBase', 'rate'];
  }
}

const DAY_MS = 86_400_000;

/** yyyy-MM-dd of the day before. */
function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * A payout's period as the record shows it, from its start and exclusive end (yyyy-MM-dd HH:mm:ss,
 * merchant time): whole days as the days they cover (`2026-11-26`, or `2026-11-01 – 2026-11-15`
 * for a half month), shorter periods as a time span on their day (`2026-11-26 21:00–22:00`, a
 * real-time window `21:05–21:10`), anything else as both instants.
 */
export function payoutPeriodText(start: string, end: string): string {
  const [startDay = '', startTime = ''] = start.split(' ');
  const [endDay = '', endTime = ''] = end.split(' ');
  const hm = (time: string) => time.slice(0, 5);
  if (startTime.startsWith('00:00:00') && endTime.startsWith('00:00:00') && endDay > startDay) {
    const last = dayBefore(endDay);
    return last === startDay ? startDay : `${startDay} – ${last}`;
  }
  if (endDay === startDay || (hm(endTime) === '00:00' && dayBefore(endDay) === startDay)) {
    return `${startDay} ${hm(startTime)}–${hm(endTime)}`;
  }
  return `${startDay} ${hm(startTime)} – ${endDay} ${hm(endTime)}`;
}

/** The rate a row paid: the tier's, both real-time rates, or nothing when no tier was reached. */
export function payoutRateText(row: Pick<TAgentPayoutRow, 'rate' | 'realtime'>): string {
  if (row.realtime) return `${row.realtime.profitRate}% / ${row.realtime.lossRate}%`;
  return row.rate === null ? '—' : `${row.rate}%`;
}

/** Statuses that leave something unpaid that is still owed (retried by the next runs). */
export const isShort = (status: TAgentPayoutRow['status']) =>
  status === 'partial' || status === 'insufficient';
