import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface PayoutHold {
  memberId: number;
  reason: string;
  heldAt: Date;
  operatorId: number | null;
}

/** SQL only: operators' holds on agents' payouts (one row per held agent). */
export const payoutHoldRepo = {
  async find(db: Executor, merchantId: number, memberId: number, opts: { forShare?: boolean } = {}) {
    const [r] = await rows<{
      memberId: number;
      reason: string;
      heldAt: Date | string;
      operatorId: number | null;
    }>(
      db,
      sql`select member_id as "memberId", reason, held_at as "heldAt", operator_id as "operatorId"
          from agent_payout_hold where merchant_id = ${merchantId} and member_id = ${memberId}
          ${opts.forShare ? sql`for share` : sql``}`,
    );
    return r
      ? ({
          memberId: Number(r.memberId),
          reason: r.reason,
          heldAt: new Date(r.heldAt),
          operatorId: r.operatorId === null ? null : Number(r.operatorId),
        } satisfies PayoutHold)
      : undefined;
  },

  /** Holds (or re-holds with a new reason); answers the row as it was before. */
  async hold(tx: Executor, h: PayoutHold & { merchantId: number }) {
    await tx.execute(
      sql`insert into agent_payout_hold (member_id, merchant_id, reason, held_at, operator_id)
          values (${h.memberId}, ${h.merchantId}, ${h.reason}, ${h.heldAt.toISOString()}::timestamptz, ${h.operatorId})
          on conflict (member_id) do update set reason = excluded.reason, held_at = excluded.held_at,
            operator_id = excluded.operator_id`,
    );
  },

  /** Removes the hold; true when there was one. */
  async release(tx: Executor, merchantId: number, memberId: number): Promise<boolean> {
    const r = await rows<{ memberId: number }>(
      tx,
      sql`delete from agent_payout_hold where merchant_id = ${merchantId} and member_id = ${memberId}
          returning member_id as "memberId"`,
    );
    return r.length > 0;
  },
};
