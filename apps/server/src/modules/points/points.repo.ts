import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface PointEntryRow {
  id: bigint;
  merchantId: number;
  memberId: number;
  amount: bigint;
  balanceAfter: bigint;
  reason: string;
  refType: string | null;
  refId: string | null;
  memo: Record<string, unknown> | null;
  createdAt: Date;
}

const entryOf = (r: Record<string, unknown>): PointEntryRow => ({
  id: BigInt(r.id as string),
  merchantId: Number(r.merchant_id),
  memberId: Number(r.member_id),
  amount: BigInt(r.amount as string),
  balanceAfter: BigInt(r.balance_after as string),
  reason: r.reason as string,
  refType: (r.ref_type as string | null) ?? null,
  refId: (r.ref_id as string | null) ?? null,
  memo: (typeof r.memo === 'string' ? JSON.parse(r.memo) : (r.memo ?? null)) as Record<
    string,
    unknown
  > | null,
  createdAt: new Date(r.created_at as string),
});
const E_COLS = sql.raw(
  `id::text, merchant_id, member_id, amount::text, balance_after::text, reason, ref_type, ref_id, memo, created_at`,
);

/** SQL only; every statement names the member (and, for writes, the merchant). */
export const pointsRepo = {
  /** The entry of this key, new (answers it) or already there (undefined): a key applies once. */
  async insertEntry(
    ex: Executor,
    e: {
      merchantId: number;
      memberId: number;
      key: string;
      amount: bigint;
      reason: string;
      refType: string | null;
      refId: string | null;
      memo: Record<string, unknown> | null;
    },
  ): Promise<bigint | undefined> {
    const [r] = await rows<{ id: string }>(
      ex,
      sql`insert into points_entry (merchant_id, member_id, idem_key, amount, balance_after, reason, ref_type, ref_id, memo)
          values (${e.merchantId}, ${e.memberId}, ${e.key}, ${e.amount.toString()}::bigint, 0, ${e.reason},
            ${e.refType}, ${e.refId}, ${e.memo === null ? null : JSON.stringify(e.memo)}::jsonb)
          on conflict (merchant_id, idem_key) do nothing
          returning id::text`,
    );
    return r ? BigInt(r.id) : undefined;
  },
  /**
   * Moves the member's balance by `amount` (the row is created on first use and locked by the
   * update): answers the new balance, or undefined when it would go below zero.
   */
  async move(
    ex: Executor,
    merchantId: number,
    memberId: number,
    amount: bigint,
  ): Promise<bigint | undefined> {
    const [r] = await rows<{ balance: string }>(
      ex,
      sql`insert into member_points as p (member_id, merchant_id, balance)
          values (${memberId}, ${merchantId}, greatest(${amount.toString()}::bigint, 0))
          on conflict (member_id) do update set balance = p.balance + ${amount.toString()}::bigint, updated_at = now()
            where p.merchant_id = ${merchantId} and p.balance + ${amount.toString()}::bigint >= 0
          returning balance::text`,
    );
    return r ? BigInt(r.balance) : undefined;
  },
  async setBalanceAfter(ex: Executor, id: bigint, balance: bigint) {
    await rows(
      ex,
      sql`update points_entry set balance_after = ${balance.toString()}::bigint where id = ${id.toString()}::bigint`,
    );
  },
  async balance(ex: Executor, memberId: number): Promise<bigint> {
    const [r] = await rows<{ balance: string }>(
      ex,
      sql`select balance::text from member_points where member_id = ${memberId}`,
    );
    return BigInt(r?.balance ?? '0');
  },
  async history(ex: Executor, memberId: number, limit: number, offset: number) {
    const list = await rows<Record<string, unknown>>(
      ex,
      sql`select ${E_COLS} from points_entry where member_id = ${memberId} order by id desc
          limit ${limit} offset ${offset}`,
    );
    return list.map(entryOf);
  },
  async count(ex: Executor, memberId: number): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from points_entry where member_id = ${memberId}`,
    );
    return r?.n ?? 0;
  },
};
