import type { TGameLane, TGameType, TGameVendorCard } from '@bp/contract';

/** Entries of the home game menu (SPEC §2.3): HOME, FAV, the categories, MXWIN before SPORTS. */
export type TMenuKey = 'HOME' | 'FAV' | 'MXWIN' | TGameType;
/** Home sections: HOT, FAV (logged in), each category, MXWIN (the winner board). */
export type TSectionKey = 'HOT' | 'FAV' | 'MXWIN' | TGameType;

/** Split out of SPORTS on the lobby, in the order they follow it. */
const SPLIT_FROM_SPORTS: readonly TGameType[] = ['ESPORTS', 'COCKFIGHT'];

/**
 * Lanes as the lobby shows them: esports and cockfight cards filed under SPORTS (older feeds do that)
 * move to their own categories right after SPORTS; categories without vendors are dropped (SPEC
 * §2.2: one entry per category with at least one vendor).
 */
export function lobbyLanes(lanes: readonly TGameLane[]): TGameLane[] {
  const moved = new Map<TGameType, TGameVendorCard[]>();
  const out: TGameLane[] = [];
  for (const lane of lanes) {
    if (lane.title !== 'SPORTS') {
      if (!SPLIT_FROM_SPORTS.includes(lane.title)) out.push({ ...lane, cards: [...lane.cards] });
      continue;
    }
    const keep = lane.cards.filter((c) => !SPLIT_FROM_SPORTS.includes(c.gameType));
    for (const c of lane.cards)
      if (SPLIT_FROM_SPORTS.includes(c.gameType))
        moved.set(c.gameType, [...(moved.get(c.gameType) ?? []), c]);
    out.push({ ...lane, cards: keep });
  }
  // The split-out categories' own lanes join what came out of SPORTS.
  for (const lane of lanes)
    if (SPLIT_FROM_SPORTS.includes(lane.title))
      moved.set(lane.title, [...lane.cards, ...(moved.get(lane.title) ?? [])]);
  const extra: TGameLane[] = SPLIT_FROM_SPORTS.filter((t) => moved.has(t)).map((title) => ({
    title,
    gameClassify: lanes.find((l) => l.title === title)?.gameClassify ?? [],
    cards: moved.get(title) ?? [],
  }));
  const sports = out.findIndex((l) => l.title === 'SPORTS');
  out.splice(sports === -1 ? out.length : sports + 1, 0, ...extra);
  return out.filter((l) => l.cards.length > 0);
}

/** HOME, FAV, then the categories with MXWIN inserted before SPORTS (at the end when there is none). */
export function menuKeys(lanes: readonly TGameLane[]): TMenuKey[] {
  const types: TMenuKey[] = lanes.map((l) => l.title);
  const sports = types.indexOf('SPORTS');
  types.splice(sports === -1 ? types.length : sports, 0, 'MXWIN');
  return ['HOME', 'FAV', ...types];
}

/** The sections a menu choice shows: everything on HOME, otherwise just the chosen one. */
export function sectionKeys(lanes: readonly TGameLane[], current: TMenuKey, isLogin: boolean): TSectionKey[] {
  if (current !== 'HOME') return [current];
  return ['HOT', ...(isLogin ? (['FAV'] as const) : []), ...lanes.map((l) => l.title), 'MXWIN'];
}

/** SPEC §9: home section lists over 5 are cut to 5, the RNG vendor list to 10; a chosen category shows all. */
export function cutVendors<T>(type: TGameType, cards: readonly T[], whole: boolean): T[] {
  if (whole) return [...cards];
  return cards.slice(0, type === 'RNG' ? 10 : 5);
}

export const HOME_PAGE_SIZE = 12;
export const CATEGORY_PAGE_SIZE = 24;

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** One page of a list held in full (hot games, favourites); the page is clamped into range. */
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  const last = pageCount(items.length, size);
  const p = Math.min(Math.max(1, page), last);
  return items.slice((p - 1) * size, p * size);
}

/** SPEC §4 prize mode: ELOTT when the ELOTT category holds a Vietnamese-lotto or lottery card, else LOTT. */
export function prizeMode(lanes: readonly TGameLane[]): 'ELOTT' | 'LOTT' {
  const elott = lanes.find((l) => l.title === 'ELOTT');
  return elott?.cards.some((c) => c.vassalage === 'TCG_LOTTO_VN' || c.vassalage === 'LOTT')
    ? 'ELOTT'
    : 'LOTT';
}
