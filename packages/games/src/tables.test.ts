import { describe, expect, it } from 'vitest';
import {
  BACCARAT_BETS,
  baccaratEdgeExact,
  baccaratOutcomeProbabilities,
  baccaratReturnX10000,
  baccaratValue,
  bankerDraws,
  dealBaccarat,
} from './baccarat.js';
import { SHOE_SIZE, Shoe } from './cards.js';
import { DICE_LIMITS, diceEdgeExact, diceMultiplierX10000, diceWins, rollDice } from './dice.js';
import {
  DRAGON_TIGER_BETS,
  dealDragonTiger,
  dragonTigerEdgeExact,
  dragonTigerReturnX10000,
} from './dragon-tiger.js';
import { seededRng } from './rng.js';
import { Moments, pct, scriptedRng, thousands } from './test-helpers.js';

/** shoe index of a card: deck-major, 13 ranks per suit (S, H, D, C) */
const cardIndex = (rank: number, suit = 0): number => suit * 13 + rank - 1;

/** the scripted int() values that deal these shoe indices in order (each is its rank among the cards left) */
function dealing(...indices: number[]): ReturnType<typeof scriptedRng> {
  return scriptedRng(indices.map((w, k) => w - indices.slice(0, k).filter((d) => d < w).length));
}

describe('shoe', () => {
  it('deals all 416 cards of 8 decks exactly once', () => {
    const shoe = new Shoe(seededRng(5));
    const seen = new Map<string, number>();
    for (let i = 0; i < SHOE_SIZE; i += 1) {
      const c = shoe.draw();
      seen.set(`${c.rank}${c.suit}`, (seen.get(`${c.rank}${c.suit}`) ?? 0) + 1);
    }
    expect(seen.size).toBe(52);
    for (const n of seen.values()) expect(n).toBe(8);
  });

  it('draw k picks the k-th card still in the shoe', () => {
    const shoe = new Shoe(scriptedRng([0, 0, 1, 412]));
    expect(shoe.draw()).toEqual({ rank: 1, suit: 'S' });
    expect(shoe.draw()).toEqual({ rank: 2, suit: 'S' });
    expect(shoe.draw()).toEqual({ rank: 4, suit: 'S' });
    // 413 left: index 412 of the remaining is the shoe's last card (king of clubs of the 8th deck)
    expect(shoe.draw()).toEqual({ rank: 13, suit: 'C' });
  });
});

describe('baccarat rules', () => {
  it('counts tens and faces as 0', () => {
    expect([1, 9, 10, 11, 12, 13].map(baccaratValue)).toEqual([1, 9, 0, 0, 0, 0]);
  });

  it('follows the banker tableau', () => {
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p) => bankerDraws(4, p))).toEqual([2, 3, 4, 5, 6, 7]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p) => bankerDraws(5, p))).toEqual([4, 5, 6, 7]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p) => bankerDraws(6, p))).toEqual([6, 7]);
    expect(bankerDraws(7, 0)).toBe(false);
  });

  it('deals P, B, P, B then third cards; a natural stands', () => {
    // player 4 + 4 = 8 (natural), banker 2 + 3: nobody draws
    const natural = dealBaccarat(dealing(cardIndex(4), cardIndex(2), cardIndex(4, 1), cardIndex(3)));
    expect(natural.player.map((c) => c.rank)).toEqual([4, 4]);
    expect(natural.banker.map((c) => c.rank)).toEqual([2, 3]);
    expect(natural).toMatchObject({
      playerTotal: 8,
      bankerTotal: 5,
      result: 'player',
      playerPair: true,
      bankerPair: false,
    });

    // player K + 5 = 5 draws a 8 -> 3; banker 3 + K = 3 stands on a player's 8
    const hand = dealBaccarat(
      dealing(cardIndex(13), cardIndex(3), cardIndex(5), cardIndex(13, 1), cardIndex(8)),
    );
    expect(hand.player.map((c) => c.rank)).toEqual([13, 5, 8]);
    expect(hand.banker.map((c) => c.rank)).toEqual([3, 13]);
    expect(hand).toMatchObject({ playerTotal: 3, bankerTotal: 3, result: 'tie' });
    expect(BACCARAT_BETS.map((b) => baccaratReturnX10000(hand, b))).toEqual([10000, 10000, 90000, 0, 0]);
  });

  it('exact probabilities and edges are the published 8-deck figures', () => {
    const p = baccaratOutcomeProbabilities();
    expect(p.player + p.banker + p.tie).toBeCloseTo(1, 10);
    const e = baccaratEdgeExact();
    console.log(
      `baccarat exact P(player) ${pct(p.player, 4)} P(banker) ${pct(p.banker, 4)} P(tie) ${pct(p.tie, 4)}`,
    );
    expect(e.banker).toBeCloseTo(0.010579, 5);
    expect(e.player).toBeCloseTo(0.012351, 5);
    expect(e.tie).toBeCloseTo(0.143596, 5);
    expect(e.playerPair).toBeCloseTo(0.103614, 5);
    expect(e.bankerPair).toBe(e.playerPair);
  });

  it('1,000,000 simulated hands return what the exact edges say, within 4 sigma', () => {
    const N = 1_000_000;
    const rng = seededRng(777);
    const m = BACCARAT_BETS.map(() => new Moments());
    for (let i = 0; i < N; i += 1) {
      const h = dealBaccarat(rng);
      BACCARAT_BETS.forEach((bet, k) => m[k]!.add(baccaratReturnX10000(h, bet) / 10000));
    }
    const edge = baccaratEdgeExact();
    BACCARAT_BETS.forEach((bet, k) => {
      const sim = 1 - m[k]!.mean;
      console.log(
        `baccarat ${bet} exact edge ${pct(edge[bet]!, 3)} simulated ${pct(sim, 3)} ± ${pct(m[k]!.band(), 3)} (N=${thousands(N)})`,
      );
      expect(Math.abs(sim - edge[bet]!)).toBeLessThanOrEqual(m[k]!.band());
    });
  });
});

describe('dragon tiger', () => {
  it('higher rank wins, ace low; ties pay the tie bets and half back on dragon/tiger', () => {
    const tie = dealDragonTiger(dealing(cardIndex(1, 2), cardIndex(1, 2) + 52));
    expect(tie).toEqual({
      dragon: { rank: 1, suit: 'D' },
      tiger: { rank: 1, suit: 'D' },
      result: 'tie',
      suitedTie: true,
    });
    expect(DRAGON_TIGER_BETS.map((b) => dragonTigerReturnX10000(tie, b))).toEqual([
      5000, 5000, 90000, 510000,
    ]);
    const king = dealDragonTiger(dealing(cardIndex(1), cardIndex(13)));
    expect(king.result).toBe('tiger');
    expect(DRAGON_TIGER_BETS.map((b) => dragonTigerReturnX10000(king, b))).toEqual([0, 20000, 0, 0]);
  });

  it('exact edges are the published 8-deck figures and 1,000,000 hands agree within 4 sigma', () => {
    const edge = dragonTigerEdgeExact();
    expect(edge.dragon).toBeCloseTo(0.037349, 5);
    expect(edge.tie).toBeCloseTo(0.327711, 5);
    expect(edge.suitedTie).toBeCloseTo(0.139759, 5);
    const N = 1_000_000;
    const rng = seededRng(4242);
    const m = DRAGON_TIGER_BETS.map(() => new Moments());
    for (let i = 0; i < N; i += 1) {
      const h = dealDragonTiger(rng);
      DRAGON_TIGER_BETS.forEach((bet, k) => m[k]!.add(dragonTigerReturnX10000(h, bet) / 10000));
    }
    DRAGON_TIGER_BETS.forEach((bet, k) => {
      const sim = 1 - m[k]!.mean;
      console.log(
        `dragon tiger ${bet} exact edge ${pct(edge[bet]!, 3)} simulated ${pct(sim, 3)} ± ${pct(m[k]!.band(), 3)} (N=${thousands(N)})`,
      );
      expect(Math.abs(sim - edge[bet]!)).toBeLessThanOrEqual(m[k]!.band());
    });
  });
});

describe('dice', () => {
  it('rolls 0..9999, wins strictly over or under the target, pays floor(99% / chance)', () => {
    expect(diceWins(5001, 5000, true)).toBe(true);
    expect(diceWins(5000, 5000, true)).toBe(false);
    expect(diceWins(4999, 5000, false)).toBe(true);
    expect(diceWins(5000, 5000, false)).toBe(false);
    expect(diceMultiplierX10000(4999, true)).toBe(19800); // 5000 winning rolls: 1.98x
    expect(diceMultiplierX10000(DICE_LIMITS.maxTarget, true)).toBe(99_000_000); // one roll: 9900x
    expect(diceMultiplierX10000(DICE_LIMITS.minTarget, false)).toBe(99_000_000);
    expect(() => diceMultiplierX10000(0, false)).toThrow(RangeError);
    expect(() => diceMultiplierX10000(9999, true)).toThrow(RangeError);
  });

  it('the exact edge is 1% for every target, up to the floor of the multiplier', () => {
    let worst = 0;
    for (let t = DICE_LIMITS.minTarget; t <= DICE_LIMITS.maxTarget; t += 1) {
      for (const over of [true, false]) {
        const e = diceEdgeExact(t, over);
        expect(e).toBeGreaterThanOrEqual(0.01 - 1e-12);
        expect(e).toBeLessThan(0.0101);
        worst = Math.max(worst, e);
      }
    }
    console.log(`dice exact edge 1% for every target, at most ${pct(worst, 4)} after flooring`);
  });

  it.each([
    [4999, true],
    [2500, false],
    [9000, true],
  ])('1,000,000 rolls at target %i over=%s return 99% within 4 sigma', (target, over) => {
    const N = 1_000_000;
    const rng = seededRng(target);
    const mult = diceMultiplierX10000(target, over) / 10000;
    const m = new Moments();
    let min = 10000;
    let max = -1;
    for (let i = 0; i < N; i += 1) {
      const roll = rollDice(rng);
      min = Math.min(min, roll);
      max = Math.max(max, roll);
      m.add(diceWins(roll, target, over) ? mult : 0);
    }
    expect([min, max]).toEqual([0, 9999]);
    const edge = diceEdgeExact(target, over);
    console.log(
      `dice ${target} ${over ? 'over' : 'under'} exact edge ${pct(edge, 3)} simulated ${pct(1 - m.mean, 3)} ± ${pct(m.band(), 3)} (N=${thousands(N)})`,
    );
    expect(Math.abs(1 - m.mean - edge)).toBeLessThanOrEqual(m.band());
  });
});
