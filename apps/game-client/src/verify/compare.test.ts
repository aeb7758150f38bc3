import { describe, expect, it } from 'vitest';
import { outcomesAgree, stable } from './compare';

describe('outcome comparison', () => {
  it('compares the fields both sides have, whatever their key order', () => {
    const hand = { player: [{ rank: 1, suit: 'S' }], result: 'player', playerTotal: 1 };
    expect(
      outcomesAgree(hand, {
        playerTotal: 1,
        result: 'player',
        player: [{ suit: 'S', rank: 1 }],
        win: '2.00',
      }),
    ).toBe(true);
    expect(outcomesAgree(hand, { ...hand, result: 'banker' })).toBe(false);
  });
  it('never agrees on nothing', () => {
    expect(outcomesAgree({ roll: 5 }, { other: 1 })).toBe(false);
  });
  it('writes stable JSON', () => {
    expect(stable({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
  });
});
