import type { Rng } from './rng.js';

export interface Card {
  /** 1 (ace) .. 13 (king) */
  rank: number;
  suit: 'S' | 'H' | 'D' | 'C';
}

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export const DECKS = 8;
export const SHOE_SIZE = DECKS * 52;

/**
 * A fresh 8-deck shoe per round, cards drawn without replacement: each draw is one rng.int over the
 * cards still in the shoe (so a round is reproducible from its seeds alone, with no shoe state
 * carried between rounds).
 */
export class Shoe {
  /** indices (0..415) already dealt, ascending */
  private readonly dealt: number[] = [];

  constructor(private readonly rng: Rng) {}

  draw(): Card {
    let j = this.rng.int(SHOE_SIZE - this.dealt.length);
    // the j-th card not yet dealt: step over every dealt index at or below it
    let at = 0;
    while (at < this.dealt.length && this.dealt[at]! <= j) {
      j += 1;
      at += 1;
    }
    this.dealt.splice(at, 0, j);
    return { rank: (j % 13) + 1, suit: SUITS[Math.floor(j / 13) % 4]! };
  }
}
