import { BET_STATUSES, GAME_TYPES, type TBetStatus, type TGameType } from '@bp/contract';

/** The betting record's own filters in the URL (`?gameType=RNG&vendor=PG&status=settled`) beside the report ones. */
export interface BettingFilters {
  gameType: TGameType | undefined;
  vendor: string | undefined;
  status: TBetStatus | undefined;
}

const VENDOR = /^[A-Za-z0-9_]{1,32}$/;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v && (list as readonly string[]).includes(v) ? (v as T) : undefined;

export function readBettingFilters(sp: URLSearchParams): BettingFilters {
  const vendor = sp.get('vendor');
  return {
    gameType: oneOf(GAME_TYPES, sp.get('gameType')),
    vendor: vendor && VENDOR.test(vendor) ? vendor : undefined,
    status: oneOf(BET_STATUSES, sp.get('status')),
  };
}

/** Like every filter change, it starts again at page 1. */
export function writeBettingFilters(sp: URLSearchParams, patch: Partial<BettingFilters>): URLSearchParams {
  const next = new URLSearchParams(sp);
  for (const k of ['gameType', 'vendor', 'status'] as const) {
    if (!(k in patch)) continue;
    const v = patch[k];
    if (v) next.set(k, v);
    else next.delete(k);
  }
  next.delete('page');
  return next;
}
