import type { TPromotionClaim } from '@bp/contract';
import { describe, expect, it } from 'vitest';
import { barWidth, chipOf, orderBonuses } from './bonus-progress';

const claim = (
  id: string,
  state: TPromotionClaim['state'],
  expiryDate: string | null = null,
): TPromotionClaim => ({
  id,
  promotionId: 1,
  title: `Bonus ${id}`,
  state,
  status: 'Process',
  depositAmount: null,
  bonusAmount: '10.00',
  points: null,
  freeSpins: null,
  requiredTurnover: '30.00',
  currentTurnover: '0.00',
  remainingTurnover: '30.00',
  progressPercent: 0,
  maxBet: null,
  createdDate: '2026-01-01T00:00:00.000Z',
  grantedDate: '2026-01-01T00:00:00.000Z',
  expiryDate,
  closedDate: null,
});

describe('bonus progress', () => {
  it('puts open wagering first, soonest expiry on top, then the rest in the order sent', () => {
    const list = [
      claim('5', 'CONVERTED'),
      claim('4', 'ACTIVE', null),
      claim('3', 'FORFEITED'),
      claim('2', 'ACTIVE', '2026-02-01T00:00:00.000Z'),
      claim('1', 'JOINED'),
      claim('0', 'ACTIVE', '2026-01-10T00:00:00.000Z'),
    ];
    expect(orderBonuses(list).map((c) => c.id)).toEqual(['0', '2', '4', '5', '3', '1']);
  });

  it('names each state by its chip', () => {
    expect(['ACTIVE', 'JOINED', 'CONVERTED', 'FORFEITED'].map((s) => chipOf(s as never))).toEqual([
      'open',
      'joined',
      'converted',
      'forfeited',
    ]);
  });

  it('keeps the bar within 0-100', () => {
    expect([barWidth(41.66), barWidth(-3), barWidth(140), barWidth(Number.NaN)]).toEqual([41.66, 0, 100, 0]);
  });
});
