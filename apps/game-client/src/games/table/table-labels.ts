import type { TKey } from '../../lib/i18n-en';

/** The bet spots of each table, in board order, with what they pay (text only; the server settles). */
export const TABLE_SPOTS = {
  baccarat: [
    { bet: 'playerPair', pays: '11:1' },
    { bet: 'tie', pays: '8:1' },
    { bet: 'bankerPair', pays: '11:1' },
    { bet: 'player', pays: '1:1' },
    { bet: 'banker', pays: '0.95:1' },
  ],
  dragonTiger: [
    { bet: 'dragon', pays: '1:1' },
    { bet: 'tie', pays: '8:1' },
    { bet: 'tiger', pays: '1:1' },
    { bet: 'suitedTie', pays: '50:1' },
  ],
} as const;

/**
 * Two-sided games of other kinds (cockfight, sports) play on the dragon tiger table under their own
 * names for the two sides (the server's `config.theme`).
 */
const SIDE_NAMES: Record<string, { dragon: TKey; tiger: TKey }> = {
  cockfight: { dragon: 'meron', tiger: 'wala' },
  sports: { dragon: 'home', tiger: 'away' },
  esports: { dragon: 'blueSide', tiger: 'redSide' },
};

export function spotLabelKey(bet: string, theme: string | undefined): TKey {
  const sides = theme ? SIDE_NAMES[theme] : undefined;
  if (sides && (bet === 'dragon' || bet === 'tiger')) return sides[bet];
  return bet as TKey;
}

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const cardRank = (rank: number) => RANKS[rank] ?? '?';
export const cardSuit = (suit: string) => SUITS[suit] ?? '?';
export const isRed = (suit: string) => suit === 'H' || suit === 'D';
