import { GAME_CLASSIFIES, type TGameClassify, type TGameType } from '@bp/contract';
import { CATEGORY_PAGE_SIZE } from './lobby-menu';

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

/** A category page's address read: its categories and the list filter (vendor, classify, name, page). */
export function categoryFilterOf(pathname: string, params: URLSearchParams) {
  const segment = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  const types = PAGE_TYPES[segment] ?? ['RNG'];
  const classifyParam = params.get('classify') ?? '';
  const classify = GAME_CLASSIFIES.find((c): c is TGameClassify => c === classifyParam);
  const vassalage = params.get('vassalage') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  return {
    types,
    vassalage,
    classify,
    q,
    page,
    filter: {
      gameType: types[0]!,
      vassalage: vassalage || undefined,
      gameClassify: classify,
      gameName: q || undefined,
      pageNo: page,
      pageSize: CATEGORY_PAGE_SIZE,
    },
  };
}
