import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';
import type { RafflePrize } from './raffle.rules.js';

export interface RaffleRow {
  promotionId: number;
  merchantId: number;
  drawAt: Date;
  prizes: RafflePrize[];
  serverSeed: string;
  seedHash: string;
  drawnAt: Date | null;
  /** the entries the draw ranked (claim ids), once drawn */
  drawnEntries: string[];
}
export interface RaffleWinnerRow {
  rank: number;
  claimId: bigint;
  memberId: number;
  username: string;
  amount: bigint;
}

function raffleOf(r: Record<string, unknown>): RaffleRow {
  const prizes = (typeof r.prizes === 'string' ? JSON.parse(r.prizes) : r.prizes) as {
    amount: string;
    count: number;
  }[];
  return {
    promotionId: Number(r.promotion_id),
    merchantId: Number(r.merchant_id),
    drawAt: new Date(r.draw_at as string),
    prizes: prizes.map((p) => ({ amount: BigInt(p.amount), count: Number(p.count) })),
    serverSeed: r.server_seed as string,
    seedHash: r.seed_hash as string,
    drawnAt: r.drawn_at === null ? null : new Date(r.drawn_at as string),
    drawnEntries: (typeof r.drawn_entries === 'string'
      ? JSON.parse(r.drawn_entries)
      : (r.drawn_entries ?? [])) as string[],
  };
}
const COLS = sql.raw(
  `promotion_id, merchant_id, draw_at, prizes, server_seed, seed_hash, drawn_at, drawn_entries`,
);
const prizesJson = (p: RafflePrize[]) =>
  JSON.stringify(p.map((x) => ({ amount: x.amount.toString(), count: x.count })));

/** Raffles of promotions; every statement carries the merchant id or a promotion already scoped by it. */
export const raffleRepo = {
  async get(ex: Executor, merchantId: number, promotionId: number, lock?: 'update' | 'share') {
    const [r] = await rows<Record<string, unknown>>(
      ex,
      sql`select ${COLS} from raffle where merchant_id = ${merchantId} and promotion_id = ${promotionId}
          ${lock === 'update' ? sql`for update` : lock === 'share' ? sql`for share` : sql``}`,
    );
    return r ? raffleOf(r) : undefined;
  },
  /** Sets the draw time and prizes; the seed is the first one's, kept across changes. */
  async upsert(
    tx: Executor,
    r: {
      promotionId: number;
      merchantId: number;
      drawAt: Date;
      prizes: RafflePrize[];
      serverSeed: string;
      seedHash: string;
    },
  ) {
    const [row] = await rows<Record<string, unknown>>(
      tx,
      sql`insert into raffle (promotion_id, merchant_id, draw_at, prizes, server_seed, seed_hash)
          values (${r.promotionId}, ${r.merchantId}, ${r.drawAt.toISOString()}::timestamptz,
            ${prizesJson(r.prizes)}::jsonb, ${r.serverSeed}, ${r.seedHash})
          on conflict (promotion_id) do update set draw_at = excluded.draw_at, prizes = excluded.prizes,
            updated_at = now()
          where raffle.drawn_at is null
          returning ${COLS}`,
    );
    return row ? raffleOf(row) : undefined;
  },
  /** Raffles whose draw time has come and that are not drawn, any merchant (the sweep job). */
  async due(ex: Executor, now: Date, limit = 50) {
    const list = await rows<{ merchant_id: number; promotion_id: number }>(
      ex,
      sql`select merchant_id, promotion_id from raffle where drawn_at is null
            and draw_at <= ${now.toISOString()}::timestamptz order by draw_at limit ${limit}`,
    );
    return list.map((r) => ({ merchantId: Number(r.merchant_id), promotionId: Number(r.promotion_id) }));
  },
  /** The entries: the promotion's claims still waiting (JOINED), by id. */
  async entryIds(ex: Executor, promotionId: number): Promise<bigint[]> {
    const list = await rows<{ id: string }>(
      ex,
      sql`select id::text from promotion_claim where promotion_id = ${promotionId} and status = 'JOINED' order by id`,
    );
    return list.map((r) => BigInt(r.id));
  },
  async entryCount(ex: Executor, promotionId: number): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from promotion_claim where promotion_id = ${promotionId}`,
    );
    return r?.n ?? 0;
  },
  async insertWinner(
    tx: Executor,
    promotionId: number,
    w: { claimId: bigint; rank: number; amount: bigint },
  ) {
    await rows(
      tx,
      sql`insert into raffle_winner (promotion_id, claim_id, rank, amount)
          values (${promotionId}, ${w.claimId.toString()}::bigint, ${w.rank}, ${w.amount.toString()}::bigint)`,
    );
  },
  /** Drawn: the raffle keeps its time, and its promotion ends then (entries that won nothing show Close). */
  async markDrawn(tx: Executor, promotionId: number, at: Date, entryIds: string[]) {
    await rows(
      tx,
      sql`update raffle set drawn_at = ${at.toISOString()}::timestamptz,
            drawn_entries = ${JSON.stringify(entryIds)}::jsonb, updated_at = now()
          where promotion_id = ${promotionId}`,
    );
    await rows(
      tx,
      sql`update promotion set end_at = least(coalesce(end_at, ${at.toISOString()}::timestamptz),
            ${at.toISOString()}::timestamptz), updated_at = now() where id = ${promotionId}`,
    );
  },
  async winners(ex: Executor, promotionId: number): Promise<RaffleWinnerRow[]> {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select w.rank, w.claim_id::text as claim_id, c.member_id, m.username, w.amount::text as amount
          from raffle_winner w join promotion_claim c on c.id = w.claim_id join member m on m.id = c.member_id
          where w.promotion_id = ${promotionId} order by w.rank`,
    );
    return list.map((r) => ({
      rank: Number(r.rank),
      claimId: BigInt(r.claim_id as string),
      memberId: Number(r.member_id),
      username: r.username as string,
      amount: BigInt(r.amount as string),
    }));
  },
};
