import type { TGameClassify, TGameKind, TGameType } from '@bp/contract';

/** How a two-sided table labels its sides (the UI names the bets after it). */
export type TableTheme = 'dragonTiger' | 'cockfight' | 'sports' | 'esports';

export interface KindOfGame {
  kind: TGameKind;
  /** dragon tiger only: the sides' names (dragon/tiger, Meron/Wala, Home/Away) */
  theme?: TableTheme;
}

export interface CatalogueGameLike {
  gameType: TGameType;
  gameClassify: TGameClassify | null;
  gameCode: string;
  names: Record<string, string>;
}

const has = (text: string, ...words: string[]) => words.every((w) => text.includes(w));

/**
 * Which built-in engine plays a catalogue game, so that every game a player opens really plays.
 * "Dragon Tiger" needs both words (in English or Bengali): plenty of slots are called "Golden Dragon"
 * or "Tiger Fortune" and stay slots. Sports, esports and cockfight bets are two-sided, so they play as
 * a dragon-tiger table under their own theme.
 */
export function gameKindOf(g: CatalogueGameLike): KindOfGame {
  const text = [g.gameCode, ...Object.values(g.names)].join('\n').toLowerCase();
  if (g.gameClassify === 'Crash') return { kind: 'crash' };
  if (g.gameType === 'COCKFIGHT') return { kind: 'dragonTiger', theme: 'cockfight' };
  if (g.gameType === 'SPORTS') return { kind: 'dragonTiger', theme: 'sports' };
  if (g.gameType === 'ESPORTS') return { kind: 'dragonTiger', theme: 'esports' };
  if (has(text, 'dragon', 'tiger') || has(text, 'ড্রাগন', 'টাইগার') || /dragon.?tiger|\bdt\d/.test(text)) {
    return { kind: 'dragonTiger', theme: 'dragonTiger' };
  }
  if (text.includes('baccarat') || text.includes('ব্যাকারাট')) return { kind: 'baccarat' };
  if (g.gameType === 'LIVE' || g.gameType === 'PVP' || g.gameClassify === 'Table')
    return { kind: 'baccarat' };
  if (g.gameClassify && ['VP', 'TG', 'BG', 'AC', 'Arcade'].includes(g.gameClassify)) return { kind: 'dice' };
  // SC, JP, Jackpot, FISH, plain RNG, LOTT and ELOTT: a slot configuration chosen from the game code
  return { kind: 'slot' };
}
