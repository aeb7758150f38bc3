import { sql, type SQL } from 'drizzle-orm';
import { RECORD_TYPE_RULES, type TRecordType } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface RecordLineRow {
  entry_id: bigint;
  account_id: bigint;
  type: string;
  ref_id: string | null;
  memo: Record<string, unknown> | null;
  created_at: Date | string;
  amount: bigint;
  balance_after: bigint;
  code: string;
}

export interface RecordFilter {
  /** the member's own ledger accounts: nothing else is ever read */
  accountIds: readonly bigint[];
  from: Date;
  to: Date;
  /** record types to keep (none: all) */
  types?: readonly TRecordType[];
}

const idArray = (list: readonly bigint[]) =>
  sql`array[${sql.join(
    list.map((i) => sql`${i.toString()}::bigint`),
    sql`, `,
  )}]::bigint[]`;

/** SQL condition "entry type maps to this record type" (RECORD_TYPE_RULES; `other` = none of them). */
function typeCondition(t: TRecordType): SQL {
  if (t === 'other') {
    const all = (Object.keys(RECORD_TYPE_RULES) as Exclude<TRecordType, 'other'>[]).map(typeCondition);
    return sql`not (${sql.join(all, sql` or `)})`;
  }
  const r = RECORD_TYPE_RULES[t];
  const parts: SQL[] = r.types.map((x) => sql`e.type = ${x}`);
  for (const p of r.prefixes) parts.push(sql`starts_with(e.type, ${p})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function where(f: RecordFilter): SQL {
  const parts: SQL[] = [
    sql`l.account_id = any(${idArray(f.accountIds)})`,
    sql`e.created_at >= ${f.from.toISOString()}::timestamptz`,
    sql`e.created_at < ${f.to.toISOString()}::timestamptz`,
  ];
  if (f.types?.length) parts.push(sql`(${sql.join(f.types.map(typeCondition), sql` or `)})`);
  return sql.join(parts, sql` and `);
}

/** SQL only: reads of the ledger journal for one member's reports. */
export const accountRecordRepo = {
  /** Lines on the given accounts, newest first (by entry id, then account). */
  lines(db: Executor, f: RecordFilter, limit: number, offset: number) {
    return rows<RecordLineRow>(
      db,
      sql`select l.entry_id, l.account_id, e.type, e.ref_id, e.memo, e.created_at, l.amount, l.balance_after, a.code
          from ledger_line l
          join ledger_entry e on e.id = l.entry_id
          join ledger_account a on a.id = l.account_id
          where ${where(f)}
          order by l.entry_id desc, l.account_id desc
          limit ${limit} offset ${offset}`,
    );
  },

  async count(db: Executor, f: RecordFilter): Promise<{ n: number; sum: bigint }> {
    const [r] = await rows<{ n: number; sum: bigint | string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(l.amount), 0)::bigint as sum
          from ledger_line l join ledger_entry e on e.id = l.entry_id
          where ${where(f)}`,
    );
    return { n: r?.n ?? 0, sum: BigInt(r?.sum ?? 0) };
  },

  /**
   * Net amount per entry type on the member's accounts, over the entries about the member
   * (ledger_entry_member_idx): deposits, withdrawals and bonuses of the profit report.
   */
  sumsByType(db: Executor, memberId: number, accountIds: readonly bigint[], from: Date, to: Date) {
    return rows<{ type: string; amount: bigint | string }>(
      db,
      sql`select e.type, sum(l.amount)::bigint as amount
          from ledger_entry e
          join ledger_line l on l.entry_id = e.id and l.account_id = any(${idArray(accountIds)})
          where e.member_id = ${memberId} and e.created_at >= ${from.toISOString()}::timestamptz
            and e.created_at < ${to.toISOString()}::timestamptz
          group by e.type`,
    );
  },

  /** Bets and wins per vendor from the seamless-wallet transactions the member made (vendor_txn_member_idx). */
  vendorFigures(db: Executor, merchantId: number, memberId: number, from: Date, to: Date) {
    return rows<{
      vendor_code: string;
      bet_count: number;
      bet: bigint | string;
      valid_bet: bigint | string;
      win: bigint | string;
    }>(
      db,
      sql`select vendor_code,
            (count(*) filter (where op = 'debit'))::int as bet_count,
            coalesce(sum(amount) filter (where op = 'debit'), 0)::bigint as bet,
            coalesce(sum(amount) filter (where op = 'debit' and not rolled_back), 0)::bigint as valid_bet,
            coalesce(sum(amount) filter (where op = 'credit'), 0)::bigint as win
          from vendor_txn
          where member_id = ${memberId} and merchant_id = ${merchantId} and status = 'ok'
            and op in ('debit', 'credit')
            and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
          group by vendor_code
          order by vendor_code`,
    );
  },
};
