import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface TransferSettingRow {
  min_amount: bigint;
  max_amount: bigint;
  daily_max_amount: bigint;
  upline_enabled: boolean;
  downline_enabled: boolean;
}

/** SQL only. Reads the ledger's journal (never writes it: the ledger service does). */
export const transferRepo = {
  async findSettings(db: Executor, merchantId: number) {
    const [r] = await rows<TransferSettingRow>(
      db,
      sql`select min_amount, max_amount, daily_max_amount, upline_enabled, downline_enabled
          from transfer_setting where merchant_id = ${merchantId}`,
    );
    return r;
  },

  async upsertSettings(
    db: Executor,
    merchantId: number,
    s: { min: bigint; max: bigint; dailyMax: bigint; uplineEnabled: boolean; downlineEnabled: boolean },
  ) {
    await db.execute(
      sql`insert into transfer_setting (merchant_id, min_amount, max_amount, daily_max_amount, upline_enabled,
            downline_enabled, updated_at)
          values (${merchantId}, ${s.min.toString()}::bigint, ${s.max.toString()}::bigint,
                  ${s.dailyMax.toString()}::bigint, ${s.uplineEnabled}, ${s.downlineEnabled}, now())
          on conflict (merchant_id) do update set min_amount = excluded.min_amount,
            max_amount = excluded.max_amount, daily_max_amount = excluded.daily_max_amount,
            upline_enabled = excluded.upline_enabled, downline_enabled = excluded.downline_enabled,
            updated_at = now()`,
    );
  },

  /** What a member sent in transfers since `since` (minor units), from the member's own lines. */
  async sentSince(db: Executor, memberId: number, since: Date): Promise<bigint> {
    const [r] = await rows<{ sent: bigint | string }>(
      db,
      sql`select coalesce(sum(-l.amount), 0)::bigint as sent
          from ledger_entry e
          join ledger_line l on l.entry_id = e.id
          join ledger_account a on a.id = l.account_id and a.member_id = ${memberId}
          where e.member_id = ${memberId} and e.type = 'transfer' and e.created_at >= ${since.toISOString()}::timestamptz
            and l.amount < 0`,
    );
    return BigInt(r?.sent ?? 0);
  },

  async findEntry(db: Executor, merchantId: number, key: string) {
    const [r] = await rows<{ id: bigint; created_at: Date | string }>(
      db,
      sql`select id, created_at from ledger_entry where merchant_id = ${merchantId} and idem_key = ${key}`,
    );
    return r;
  },
};
