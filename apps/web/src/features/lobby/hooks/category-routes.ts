import type { TGameType } from '@bp/contract';

/**
 * SPEC §2.1 game routes per category. Cockfight has no page of its own: it was filed under sports
 * before the lobby split it out, so its "more" goes to the sports centre.
 */
export const CATEGORY_PATH: Record<TGameType, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  COCKFIGHT: '/sports',
  LOTT: '/lott',
  ELOTT: '/elott',
};

/** Route segment -> the categories that page shows (the sports centre shows cockfight too). */
export const PAGE_TYPES: Record<string, readonly TGameType[]> = {
  rng: ['RNG'],
  live: ['LIVE'],
  fish: ['FISH'],
  pvp: ['PVP'],
  sports: ['SPORTS', 'COCKFIGHT'],
  esports: ['ESPORTS'],
  lott: ['LOTT'],
  elott: ['ELOTT'],
};

export const vendorPath = (type: TGameType, vassalage: string) =>
  `${CATEGORY_PATH[type]}?vassalage=${encodeURIComponent(vassalage)}`;
