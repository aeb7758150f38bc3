import type { TGameKind } from '@bp/contract';
import { replayRound, sha256Hex, type ReplayKind } from '@bp/games';
import { outcomesAgree } from './compare';

/** What the page verifies: a game round of any kind, or a promotion's ticket draw (issue 16). */
export type TVerifyKind = TGameKind | 'ticket';
export const VERIFY_KINDS: readonly TVerifyKind[] = [
  'slot',
  'baccarat',
  'dragonTiger',
  'dice',
  'crash',
  'ticket',
];

export interface SeedInputs {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** the round's parameters as JSON text; for a ticket, its prize table (TicketConfig) */
  paramsText: string;
}

export interface SeedCheck {
  /** SHA-256(server seed) equals the published hash; null without a server seed */
  hashOk: boolean | null;
  recomputed?: Record<string, unknown>;
  /** the recomputed outcome agrees with the recorded one; null when nothing was recorded */
  agrees?: boolean | null;
  error?: { key: 'invalidParams' } | { key: 'recomputeFailed'; message: string };
}

/**
 * The page's seed-based check, pure so it is tested without a browser: the hash of the server seed,
 * then the same engine call the server made (`replayRound`, which for a ticket is `drawTicket` on its
 * table), compared field by field with the recorded outcome.
 */
export function checkSeeds(
  kind: Exclude<TVerifyKind, 'crash'>,
  input: SeedInputs,
  recorded?: Record<string, unknown>,
): SeedCheck {
  const seed = input.serverSeed.trim();
  const hashOk = seed ? sha256Hex(seed) === input.serverSeedHash.trim().toLowerCase() : null;
  let params: Record<string, unknown>;
  try {
    params = JSON.parse(input.paramsText || '{}') as Record<string, unknown>;
  } catch {
    return { hashOk, error: { key: 'invalidParams' } };
  }
  if (!seed) return { hashOk };
  try {
    const recomputed = replayRound(kind satisfies ReplayKind, params, {
      serverSeed: seed,
      clientSeed: input.clientSeed,
      nonce: Number(input.nonce) || 0,
    });
    const agrees = recorded ? outcomesAgree(recomputed, recorded) : null;
    return { hashOk, recomputed, agrees };
  } catch (e) {
    return { hashOk, error: { key: 'recomputeFailed', message: (e as Error).message } };
  }
}

/** ok only when the seed hashes to the published hash and the outcome agrees (or none was recorded). */
export function seedVerdict(serverSeed: string, check: SeedCheck): 'ok' | 'bad' | 'none' {
  if (!serverSeed.trim() || check.error) return 'none';
  return check.hashOk && check.agrees !== false ? 'ok' : 'bad';
}

/**
 * JSON carried in the page's query (`params`, `outcome`: a ticket's link has no round to fetch, so it
 * brings its table and recorded draw along, see @bp/games ticketVerifyHref); undefined when absent or
 * not an object.
 */
export function queryJson(query: URLSearchParams, name: string): Record<string, unknown> | undefined {
  const text = query.get(name);
  if (!text) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
