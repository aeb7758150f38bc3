import { createThrottle } from '../../../shared/hooks/throttle';

/**
 * SPEC §4 favourites: the local list changes first (an add ignores duplicates, a remove filters),
 * then the server is called; its answer (the full id list) replaces the local one.
 */
export function toggleFavourite(ids: readonly number[], nodeId: number, add: boolean): number[] {
  if (add) return ids.includes(nodeId) ? [...ids] : [...ids, nodeId];
  return ids.filter((id) => id !== nodeId);
}

/** One heart toggle per 1000 ms across the page (SPEC §4); faster clicks are dropped. */
export const FAVOURITE_THROTTLE_MS = 1000;
export const createFavouriteThrottle = (clock?: () => number) => createThrottle(FAVOURITE_THROTTLE_MS, clock);
