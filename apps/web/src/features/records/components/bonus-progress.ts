import type { TPromotionClaim } from '@bp/contract';

export type TBonusChip = 'open' | 'joined' | 'converted' | 'forfeited';

/** The chip of a bonus: its wagering is open, it waits for its deposit, it was paid out, or it lapsed. */
export function chipOf(state: TPromotionClaim['state']): TBonusChip {
  switch (state) {
    case 'ACTIVE':
      return 'open';
    case 'JOINED':
      return 'joined';
    case 'CONVERTED':
      return 'converted';
    default:
      return 'forfeited';
  }
}

/**
 * The bonuses in the order a member reads them: open wagering first (the soonest to expire on top,
 * never-expiring last), then the rest as the server sent them (newest first).
 */
export function orderBonuses(list: readonly TPromotionClaim[]): TPromotionClaim[] {
  const expiry = (c: TPromotionClaim) => (c.expiryDate ? Date.parse(c.expiryDate) : Number.POSITIVE_INFINITY);
  const open = list.filter((c) => c.state === 'ACTIVE').sort((a, b) => expiry(a) - expiry(b));
  return [...open, ...list.filter((c) => c.state !== 'ACTIVE')];
}

/** Width of the bar in percent, 0-100 whatever arrives (the server's figure is already rounded down). */
export const barWidth = (percent: number) =>
  Number.isFinite(percent) ? Math.max(0, Math.min(100, percent)) : 0;
