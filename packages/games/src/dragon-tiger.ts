import { DECKS, Shoe, type Card } from './cards.js';
import type { Rng } from './rng.js';

export interface DragonTigerHand {
  dragon: Card;
  tiger: Card;
  result: 'dragon' | 'tiger' | 'tie';
  suitedTie: boolean;
}

export const DRAGON_TIGER_BETS = ['dragon', 'tiger', 'tie', 'suitedTie'] as const;

/** one card each from a fresh 8-deck shoe; the higher rank wins (ace 1 low .. king 13) */
export function dealDragonTiger(rng: Rng): DragonTigerHand {
  const shoe = new Shoe(rng);
  const dragon = shoe.draw();
  const tiger = shoe.draw();
  const result = dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie';
  return { dragon, tiger, result, suitedTie: result === 'tie' && dragon.suit === tiger.suit };
}

/** per 1 staked, stake included, in 1/10000: D/T 1:1 and half back on a tie; tie 8:1; suited tie 50:1 */
export function dragonTigerReturnX10000(h: DragonTigerHand, bet: string): number {
  switch (bet) {
    case 'dragon':
    case 'tiger':
      return h.result === bet ? 20000 : h.result === 'tie' ? 5000 : 0;
    case 'tie':
      return h.result === 'tie' ? 90000 : 0;
    case 'suitedTie':
      return h.suitedTie ? 510000 : 0;
    default:
      return 0;
  }
}

/**
 * Exact edge over the 8-deck shoe without replacement: after any first card, 8*4 - 1 of the 415 left
 * tie its rank and 8 - 1 match rank and suit; the rest split evenly between dragon and tiger.
 */
export function dragonTigerEdgeExact(): Record<string, number> {
  const left = 52 * DECKS - 1;
  const tie = (4 * DECKS - 1) / left;
  const suited = (DECKS - 1) / left;
  const win = (1 - tie) / 2;
  const side = 1 - (2 * win + 0.5 * tie);
  return { dragon: side, tiger: side, tie: 1 - 9 * tie, suitedTie: 1 - 51 * suited };
}
