import { describe, expect, it } from 'vitest';
import { fairRng, slotConfigFor } from '@bp/games';
import type { TGameClassify, TGameType } from '@bp/contract';
import { generateDemoFeed } from '../modules/catalogue/index.js';
import { gameKindOf } from './game-kind.js';
import {
  diceDecision,
  diceTarget,
  kindConfig,
  payout,
  slotDecision,
  stakeOf,
  tableBets,
  tableDecision,
} from './game-play.js';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'client', nonce: 7 };

describe('every catalogue game plays', () => {
  it('maps each game of the full demo catalogue onto an engine with a configuration', () => {
    const feed = generateDemoFeed({ scale: 1 });
    const kinds = new Map<string, number>();
    const unplayable: string[] = [];
    for (const g of feed.games ?? []) {
      const { kind, theme } = gameKindOf({
        gameType: g.gameType as TGameType,
        gameClassify: (g.gameClassify ?? null) as TGameClassify | null,
        gameCode: g.gameCode,
        names: g.names,
      });
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      // one assertion for the whole catalogue: 10,000 expect() calls cost more than the mapping itself
      try {
        kindConfig(kind, g.gameCode, theme);
      } catch (err) {
        unplayable.push(`${g.gameCode}: ${String(err)}`);
      }
    }
    expect(unplayable).toEqual([]);
    expect([...kinds.keys()].sort()).toEqual(['baccarat', 'crash', 'dice', 'dragonTiger', 'slot']);
    expect(feed.games!.length).toBeGreaterThan(10_000);
    // generating the full catalogue takes a few seconds on a busy 2-core machine
  }, 30_000);

  it('gives different slot games different configurations, stably', () => {
    const ids = new Set(
      ['PG0001', 'PG0002', 'JL0118', 'EG20005', 'FC0101', 'KA0777'].map((c) => slotConfigFor(c).id),
    );
    expect(ids.size).toBeGreaterThan(1);
    expect(slotConfigFor('JL0118').id).toBe(slotConfigFor('JL0118').id);
  });
});

describe('stakes and payouts', () => {
  it('settles exactly: win = floor(stake * x / 10000)', () => {
    expect(payout(1000n, 19_800)).toBe(1980n);
    expect(payout(333n, 9500)).toBe(316n); // 316.35 floored
    expect(payout(1000n, 0)).toBe(0n);
  });

  it('takes stakes from the first to the last bet level, exact to the cent', () => {
    expect(stakeOf('1.00', 2)).toBe(100n);
    expect(stakeOf(5000, 2)).toBe(500_000n);
    for (const bad of ['0.99', '5000.01', '1.001', 'abc']) expect(() => stakeOf(bad, 2)).toThrow();
  });

  it('table bets: only the table\u2019s own, at least one, total in range', () => {
    expect(tableBets('baccarat', { banker: '10.00', tie: '0' }, 2)).toEqual({
      bets: { banker: 1000n },
      total: 1000n,
    });
    expect(() => tableBets('baccarat', { dragon: '10.00' }, 2)).toThrow();
    expect(() => tableBets('dragonTiger', { dragon: '0' }, 2)).toThrow();
    expect(() => tableBets('dragonTiger', { dragon: '4000', tiger: '4000' }, 2)).toThrow();
  });

  it('dice targets: two decimals within the limits', () => {
    expect(diceTarget('49.50')).toBe(4950);
    expect(diceTarget(0.01)).toBe(1);
    for (const bad of ['0', '99.99', '50.001', 'x']) expect(() => diceTarget(bad)).toThrow();
  });

  it('decisions depend on the seeds only, never on the stake', () => {
    const a = slotDecision('PG0001')(seeds, { stake: 100n, free: false });
    const b = slotDecision('PG0001')(seeds, { stake: 700n, free: false });
    expect(a.outcome).toEqual(b.outcome);
    expect(b.win).toBe(payout(700n, (a.outcome as { totalWinX10000: number }).totalWinX10000));
    const d1 = diceDecision(5000, true)(seeds, { stake: 100n });
    const d2 = diceDecision(5000, true)(seeds, { stake: 900n });
    expect(d1.outcome).toEqual(d2.outcome);
    const t1 = tableDecision('baccarat', { player: 100n })(seeds);
    const t2 = tableDecision('baccarat', { player: 900n })(seeds);
    expect({ ...t1.outcome, payouts: 0 }).toEqual({ ...t2.outcome, payouts: 0 });
    expect(fairRng(seeds).float()).toBe(fairRng(seeds).float());
  });
});
