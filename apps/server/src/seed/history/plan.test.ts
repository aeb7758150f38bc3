import { describe, expect, it } from 'vitest';
import { planHistory, type Bettor, type HistoryGame } from './plan.js';
import { prng } from './prng.js';

const games: HistoryGame[] = [
  { nodeId: 1, vendor: 'AAA', gameCode: 'AAA0001', kind: 'slot' },
  { nodeId: 2, vendor: 'BBB', gameCode: 'BBB0002', kind: 'slot' },
  { nodeId: 3, vendor: 'CCC', gameCode: 'CCC0003', kind: 'baccarat' },
  { nodeId: 4, vendor: 'DDD', gameCode: 'DDD0004', kind: 'dragonTiger' },
  { nodeId: 5, vendor: 'EEE', gameCode: 'EEE0005', kind: 'dice' },
];
const style = {
  activity: 0.7,
  secondSession: 0.3,
  rounds: [5, 15] as const,
  stakes: [50, 100],
  kinds: { slot: 3, baccarat: 1, dragonTiger: 1, dice: 1 },
  deposits: [1000, 2000],
  cashOutAbove: 2500,
};
const bettors: Bettor[] = Array.from({ length: 6 }, (_, i) => ({ id: 100 + i, username: `p${i}`, style }));
const now = new Date('2026-11-26T09:30:00Z');
const plan = (seed: number, merchantId = 1) =>
  planHistory({
    rand: prng(seed),
    ids: prng(seed ^ merchantId),
    now,
    timeZone: 'Asia/Dhaka',
    days: 21,
    decimals: 2,
    bettors,
    games,
  });

describe('the demo history plan', () => {
  it('is the same for the same seed, day and team, and another for another seed', () => {
    expect(plan(7)).toEqual(plan(7));
    expect(plan(8).rounds.map((r) => r.win)).not.toEqual(plan(7).rounds.map((r) => r.win));
  });

  it('plays the same with other identifiers (a copy of the demo merchant)', () => {
    const other = plan(7, 2);
    const mine = plan(7);
    expect(other.rounds.map((r) => [r.win, r.stake, r.recordedAt])).toEqual(
      mine.rounds.map((r) => [r.win, r.stake, r.recordedAt]),
    );
    const ids = new Set(mine.rounds.map((r) => r.id));
    expect(other.rounds.some((r) => ids.has(r.id))).toBe(false);
  });

  it('plays 21 merchant days ending yesterday, never betting more than the balance holds', () => {
    const p = plan(7);
    expect(p.from.toISOString()).toBe('2026-11-04T18:00:00.000Z');
    expect(p.to.toISOString()).toBe('2026-11-25T18:00:00.000Z');
    for (const b of bettors) {
      // the member's money in time order: deposits in, stakes out, wins in, cash-outs out
      const moves = [
        ...p.deposits.filter((d) => d.memberId === b.id).map((d) => ({ at: d.approvedAt, v: d.amount })),
        ...p.withdrawals.filter((w) => w.memberId === b.id).map((w) => ({ at: w.requestedAt, v: -w.amount })),
        ...p.rounds
          .filter((r) => r.session.memberId === b.id)
          .flatMap((r) => [
            { at: r.debitAt ?? r.recordedAt, v: -r.stake },
            { at: r.creditAt, v: r.win },
          ]),
      ].sort((x, y) => x.at.getTime() - y.at.getTime());
      let balance = 0n;
      for (const m of moves) {
        balance += m.v;
        expect(balance).toBeGreaterThanOrEqual(0n);
      }
    }
    for (const r of p.rounds) {
      expect(r.recordedAt.getTime()).toBeGreaterThanOrEqual(p.from.getTime());
      expect(r.settledAt.getTime()).toBeLessThan(p.to.getTime());
    }
    expect(new Set(p.rounds.map((r) => r.session.game.kind))).toEqual(
      new Set(['slot', 'baccarat', 'dragonTiger', 'dice']),
    );
  });

  it('plays a slot’s free spins before its next paid spin, credited to the spin that awarded them', () => {
    const p = plan(7);
    const free = p.rounds.filter((r) => r.freeSpin);
    expect(free.length).toBeGreaterThan(0);
    for (const f of free) {
      const awarding = p.rounds.find((r) => r.id === f.walletRoundId)!;
      expect(awarding.freeSpin).toBe(false);
      expect(f.stake).toBe(0n);
      expect(f.debitAt).toBeNull();
      expect(f.params.stake).toBe(awarding.stake.toString());
    }
  });
});
