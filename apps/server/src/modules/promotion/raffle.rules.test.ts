import { describe, expect, it } from 'vitest';
import { drawRaffle, drawValueOf, seedHashOf } from './raffle.rules.js';

describe('raffle draw', () => {
  const seed = 'f'.repeat(64);
  const ids = Array.from({ length: 50 }, (_, i) => String(1000 + i));
  const prizes = [
    { amount: 10_000n, count: 1 },
    { amount: 500n, count: 3 },
  ];

  it('pays the prizes in rank order to the lowest draw values, whatever the entries order', () => {
    const won = drawRaffle(seed, ids, prizes);
    expect(won.map((w) => [w.rank, w.amount])).toEqual([
      [1, 10_000n],
      [2, 500n],
      [3, 500n],
      [4, 500n],
    ]);
    const values = ids.map((id) => drawValueOf(seed, id)).sort();
    expect(won.map((w) => drawValueOf(seed, w.entryId))).toEqual(values.slice(0, 4));
    expect(drawRaffle(seed, [...ids].reverse(), prizes)).toEqual(won);
  });

  it('another seed draws another order; fewer entries than prizes pay what there is', () => {
    expect(drawRaffle('0'.repeat(64), ids, prizes).map((w) => w.entryId)).not.toEqual(
      drawRaffle(seed, ids, prizes).map((w) => w.entryId),
    );
    expect(drawRaffle(seed, ['1', '2'], prizes).map((w) => w.amount)).toEqual([10_000n, 500n]);
    expect(drawRaffle(seed, [], prizes)).toEqual([]);
  });

  it('commits to the seed with its SHA-256', () => {
    expect(seedHashOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives every entry an even chance of the first prize (10,000 draws of 4 entries)', () => {
    const firsts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const w = drawRaffle(`seed-${i}`, ['a', 'b', 'c', 'd'], [{ amount: 1n, count: 1 }])[0]!;
      firsts.set(w.entryId, (firsts.get(w.entryId) ?? 0) + 1);
    }
    // 2,500 each expected; 5 standard deviations (about 217) either side
    for (const id of ['a', 'b', 'c', 'd']) expect(Math.abs(firsts.get(id)! - 2500)).toBeLessThan(220);
  });
});
