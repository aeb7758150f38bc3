import { DECKS, Shoe, type Card } from './cards.js';
import type { Rng } from './rng.js';

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  result: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

export const BACCARAT_BETS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;

/** 10, J, Q, K count 0 */
export function baccaratValue(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

/** the banker's third-card rule when the player drew a third card of value p3 */
export function bankerDraws(bankerTotal: number, p3: number | null): boolean {
  if (p3 === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p3 !== 8;
    case 4:
      return p3 >= 2 && p3 <= 7;
    case 5:
      return p3 >= 4 && p3 <= 7;
    case 6:
      return p3 === 6 || p3 === 7;
    default:
      return false;
  }
}

/** Punto banco: P, B, P, B, then the player's and the banker's third card by the standard tableau. */
export function dealBaccarat(rng: Rng): BaccaratHand {
  const shoe = new Shoe(rng);
  const p1 = shoe.draw();
  const b1 = shoe.draw();
  const p2 = shoe.draw();
  const b2 = shoe.draw();
  const player = [p1, p2];
  const banker = [b1, b2];
  const total = (cards: Card[]): number => cards.reduce((t, c) => t + baccaratValue(c.rank), 0) % 10;
  let playerTotal = total(player);
  let bankerTotal = total(banker);
  if (playerTotal < 8 && bankerTotal < 8) {
    let p3: number | null = null;
    if (playerTotal <= 5) {
      const card = shoe.draw();
      player.push(card);
      p3 = baccaratValue(card.rank);
      playerTotal = total(player);
    }
    if (bankerDraws(bankerTotal, p3)) {
      banker.push(shoe.draw());
      bankerTotal = total(banker);
    }
  }
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    result: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
  };
}

/** amount returned per 1 staked, stake included, in 1/10000; 0 for a lost bet or an unknown bet */
export function baccaratReturnX10000(h: BaccaratHand, bet: string): number {
  switch (bet) {
    case 'player':
      return h.result === 'player' ? 20000 : h.result === 'tie' ? 10000 : 0;
    case 'banker':
      return h.result === 'banker' ? 19500 : h.result === 'tie' ? 10000 : 0;
    case 'tie':
      return h.result === 'tie' ? 90000 : 0;
    case 'playerPair':
      return h.playerPair ? 120000 : 0;
    case 'bankerPair':
      return h.bankerPair ? 120000 : 0;
    default:
      return 0;
  }
}

/**
 * Exact probabilities of player / banker / tie: every deal sequence of card values (0..9; the 0 class
 * holds 10/J/Q/K) weighted by drawing without replacement from the 8-deck shoe.
 */
export function baccaratOutcomeProbabilities(): { player: number; banker: number; tie: number } {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * DECKS);
  let left = 52 * DECKS;
  const out = { player: 0, banker: 0, tie: 0 };
  // draw each value in turn, removing it from the shoe while the rest of the deal is explored
  const draw = (p: number, next: (v: number, q: number) => void): void => {
    for (let v = 0; v < 10; v += 1) {
      const n = counts[v]!;
      if (n === 0) continue;
      const q = (p * n) / left;
      counts[v] = n - 1;
      left -= 1;
      next(v, q);
      counts[v] = n;
      left += 1;
    }
  };
  const settle = (pt: number, bt: number, q: number): void => {
    if (pt > bt) out.player += q;
    else if (bt > pt) out.banker += q;
    else out.tie += q;
  };
  draw(1, (p1, q1) =>
    draw(q1, (b1, q2) =>
      draw(q2, (p2, q3) =>
        draw(q3, (b2, q4) => {
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (pt >= 8 || bt >= 8) return settle(pt, bt, q4);
          const bankerThird = (ptFinal: number, p3: number | null, q: number): void => {
            if (bankerDraws(bt, p3)) draw(q, (b3, q6) => settle(ptFinal, (bt + b3) % 10, q6));
            else settle(ptFinal, bt, q);
          };
          if (pt <= 5) draw(q4, (p3, q5) => bankerThird((pt + p3) % 10, p3, q5));
          else bankerThird(pt, null, q4);
        }),
      ),
    ),
  );
  return out;
}

/** P(the first two cards of a hand share a rank): any first card, then one of its 8*4 - 1 twins */
export function baccaratPairProbability(): number {
  const perRank = 4 * DECKS;
  const shoe = 52 * DECKS;
  let p = 0;
  for (let rank = 1; rank <= 13; rank += 1) p += (perRank / shoe) * ((perRank - 1) / (shoe - 1));
  return p;
}

/** house edge per bet = 1 - expected return per 1 staked (ties count as bets that push) */
export function baccaratEdgeExact(): Record<string, number> {
  const { player, banker, tie } = baccaratOutcomeProbabilities();
  const pair = baccaratPairProbability();
  return {
    player: 1 - (2 * player + tie),
    banker: 1 - (1.95 * banker + tie),
    tie: 1 - 9 * tie,
    playerPair: 1 - 12 * pair,
    bankerPair: 1 - 12 * pair,
  };
}
