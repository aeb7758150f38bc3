import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

/** A claim's free spins (promotion_free_spin). */
export interface FreeSpinRow {
  claimId: bigint;
  merchantId: number;
  memberId: number;
  vendor: string;
  gameCode: string;
  granted: number;
  remaining: number;
  stake: bigint;
  win: bigint;
  settled: number;
  forfeited: number;
  expiresAt: Date | null;
}

const COLS = sql.raw(`f.claim_id::text, f.merchant_id, f.member_id, f.vendor_code, f.game_code, f.granted,
  f.remaining, f.stake::text, f.win::text, f.settled, f.forfeited, f.expires_at`);

function rowOf(r: Record<string, unknown>): FreeSpinRow {
  return {
    claimId: BigInt(r.claim_id as string),
    merchantId: Number(r.merchant_id),
    memberId: Number(r.member_id),
    vendor: r.vendor_code as string,
    gameCode: r.game_code as string,
    granted: Number(r.granted),
    remaining: Number(r.remaining),
    stake: BigInt(r.stake as string),
    win: BigInt(r.win as string),
    settled: Number(r.settled),
    forfeited: Number(r.forfeited),
    expiresAt: r.expires_at ? new Date(r.expires_at as string) : null,
  };
}

/** Open free spins with what the reward centre shows of them. */
export interface OpenFreeSpins extends FreeSpinRow {
  promotionId: number;
  title: Record<string, string>;
  /** the slot's names by language (empty: not in the catalogue) */
  gameNames: Record<string, string>;
}

export const freeSpinRepo = {
  async insert(
    ex: Executor,
    v: Omit<FreeSpinRow, 'remaining' | 'win' | 'settled' | 'forfeited'>,
  ): Promise<void> {
    await ex.execute(
      sql`insert into promotion_free_spin (claim_id, merchant_id, member_id, vendor_code, game_code, granted,
            remaining, stake, expires_at)
          values (${v.claimId.toString()}::bigint, ${v.merchantId}, ${v.memberId}, ${v.vendor}, ${v.gameCode},
            ${v.granted}, ${v.granted}, ${v.stake.toString()}::bigint, ${v.expiresAt?.toISOString() ?? null}::timestamptz)`,
    );
  },
  /**
   * Takes one spin of the member's oldest open free spins of this game (row locked until the round's
   * transaction ends, so parallel spins queue and none is taken twice); its 1-based number.
   */
  async take(
    ex: Executor,
    k: { merchantId: number; memberId: number; vendor: string; gameCode: string },
    now: Date,
  ): Promise<{ row: FreeSpinRow; n: number } | undefined> {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS} from promotion_free_spin f
          where f.merchant_id = ${k.merchantId} and f.member_id = ${k.memberId} and f.vendor_code = ${k.vendor}
            and f.game_code = ${k.gameCode} and f.remaining > 0
            and exists (select 1 from promotion_claim c where c.id = f.claim_id and c.status = 'ACTIVE'
              and (c.expires_at is null or c.expires_at > ${now.toISOString()}::timestamptz))
          order by f.claim_id limit 1 for update`,
    );
    if (!r) return undefined;
    const row = rowOf(r);
    // the lock waited for another spin's transaction: read the row again as it committed
    const [fresh] = await rows<Record<string, unknown>>(
      ex,
      sql`update promotion_free_spin f set remaining = remaining - 1
          where claim_id = ${row.claimId.toString()}::bigint and remaining > 0 returning ${COLS}`,
    );
    if (!fresh) return undefined;
    const after = rowOf(fresh);
    return { row: after, n: after.granted - after.forfeited - after.remaining };
  },
  /** Free spins of the member's open claims for this game, not played yet (and not expired). */
  async left(
    ex: Executor,
    k: { merchantId: number; memberId: number; vendor: string; gameCode: string },
    now: Date,
  ): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select coalesce(sum(f.remaining), 0)::int as n from promotion_free_spin f
          join promotion_claim c on c.id = f.claim_id and c.status = 'ACTIVE'
            and (c.expires_at is null or c.expires_at > ${now.toISOString()}::timestamptz)
          where f.merchant_id = ${k.merchantId} and f.member_id = ${k.memberId} and f.vendor_code = ${k.vendor}
            and f.game_code = ${k.gameCode} and f.remaining > 0`,
    );
    return r?.n ?? 0;
  },
  /**
   * The member's open claims with spins left to play (the reward centre), soonest expiry first: the
   * same rows `take` would play from (claim ACTIVE and not expired), with the promotion's title and
   * the slot's names.
   */
  async openOfMember(
    ex: Executor,
    merchantId: number,
    memberId: number,
    now: Date,
  ): Promise<OpenFreeSpins[]> {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS}, c.promotion_id, p.title, g.names
          from promotion_free_spin f
          join promotion_claim c on c.id = f.claim_id and c.status = 'ACTIVE'
            and (c.expires_at is null or c.expires_at > ${now.toISOString()}::timestamptz)
          join promotion p on p.id = c.promotion_id
          left join game g on g.vendor_code = f.vendor_code and g.game_code = f.game_code
          where f.merchant_id = ${merchantId} and f.member_id = ${memberId} and f.remaining > 0
          order by f.expires_at nulls last, f.claim_id`,
    );
    return list.map((r) => ({
      ...rowOf(r),
      promotionId: Number(r.promotion_id),
      title: (typeof r.title === 'string' ? JSON.parse(r.title) : r.title) as Record<string, string>,
      gameNames: (typeof r.names === 'string' ? JSON.parse(r.names) : (r.names ?? {})) as Record<
        string,
        string
      >,
    }));
  },
  /** How many of the member's claims have spins left to play (the reward centre's badge). */
  async countOpen(ex: Executor, merchantId: number, memberId: number, now: Date): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from promotion_free_spin f
          join promotion_claim c on c.id = f.claim_id and c.status = 'ACTIVE'
            and (c.expires_at is null or c.expires_at > ${now.toISOString()}::timestamptz)
          where f.merchant_id = ${merchantId} and f.member_id = ${memberId} and f.remaining > 0`,
    );
    return r?.n ?? 0;
  },
  /** A played spin's win added (its round settled once, in the same transaction); spins it awarded added. */
  async settle(
    ex: Executor,
    claimId: bigint,
    win: bigint,
    awarded: number,
  ): Promise<FreeSpinRow | undefined> {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`update promotion_free_spin f set win = win + ${win.toString()}::bigint, settled = settled + 1,
            granted = granted + ${awarded}, remaining = remaining + ${awarded}
          where claim_id = ${claimId.toString()}::bigint returning ${COLS}`,
    );
    return r ? rowOf(r) : undefined;
  },
  async byClaim(ex: Executor, claimId: bigint, lock = false): Promise<FreeSpinRow | undefined> {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      lock
        ? sql`select ${COLS} from promotion_free_spin f where claim_id = ${claimId.toString()}::bigint for update`
        : sql`select ${COLS} from promotion_free_spin f where claim_id = ${claimId.toString()}::bigint`,
    );
    return r ? rowOf(r) : undefined;
  },
  async byClaims(ex: Executor, claimIds: bigint[]): Promise<Map<string, FreeSpinRow>> {
    if (claimIds.length === 0) return new Map();
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS} from promotion_free_spin f
          where claim_id = any(${`{${claimIds.join(',')}}`}::bigint[])`,
    );
    return new Map(list.map((r) => [String(r.claim_id), rowOf(r)]));
  },
  /** The spins not played by expiry are forfeited (shown as such). */
  async forfeitRemaining(ex: Executor, claimId: bigint): Promise<void> {
    await ex.execute(
      sql`update promotion_free_spin set forfeited = forfeited + remaining, remaining = 0
          where claim_id = ${claimId.toString()}::bigint`,
    );
  },
  /** Raises a claim's bonus by a spin's win and its required turnover by the win's wagering. */
  async addWin(ex: Executor, claimId: bigint, win: bigint, turnover: bigint): Promise<void> {
    await ex.execute(
      sql`update promotion_claim set bonus_amount = bonus_amount + ${win.toString()}::bigint,
            required_turnover = required_turnover + ${turnover.toString()}::bigint
          where id = ${claimId.toString()}::bigint`,
    );
  },
};

/**
 * A game of the catalogue by vendor and code that the merchant's members can open now, as the game
 * kind rules read it; undefined when there is none or a member could not open it: the game or its
 * vendor not active (disabled, or in maintenance), the vendor not enabled for the merchant, or the
 * game switched off for it (the launch's rule: `game_not_found` / `game_maintenance`).
 */
export async function builtInGame(ex: Executor, merchantId: number, vendor: string, gameCode: string) {
  const [r] = await rows<{
    names: Record<string, string>;
    game_type: string;
    game_classify: string | null;
    game_code: string;
  }>(
    ex,
    sql`select g.names, g.game_type, g.game_classify, g.game_code from game g
        join game_vendor v on v.code = g.vendor_code and v.status = 'active'
        join merchant_vendor mv on mv.merchant_id = ${merchantId} and mv.vendor_code = g.vendor_code and mv.enabled
        left join merchant_game mg on mg.merchant_id = ${merchantId} and mg.node_id = g.node_id
        where g.vendor_code = ${vendor} and g.game_code = ${gameCode} and g.status = 'active'
          and coalesce(mg.enabled, true)
        limit 1`,
  );
  return r
    ? {
        gameType: r.game_type as never,
        gameClassify: r.game_classify as never,
        gameCode: r.game_code,
        names: r.names,
      }
    : undefined;
}
