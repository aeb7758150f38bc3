import { sql } from 'drizzle-orm';
import { HOUSE_BUCKETS } from '../ledger/index.js';
import type { Tx } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

/** The accrual tables a run pays from (each row: merchant_id, member_id, amount, status, entry_id). */
export type AccrualTable = 'rebate_accrual' | 'cashback_accrual';

/**
 * Pays a batch of a run's pending accrual rows through the ledger in a few set-based statements (a
 * run pays 100,000 members; one ledger.post per member would take minutes): per row one balanced
 * entry, house `rebate` (bucket by member) -> the member's MAIN, keyed `<keyPrefix>:<row id>` so a
 * rerun or a crash-resume can never pay a row twice; the balances change in the same statement, each
 * line's balance_after in entry order; the rows turn `paid` with their entry. The accounts are locked
 * first in id order, as every ledger writer locks them, so this waits on the wallet rather than
 * deadlocking with it. The deferred balance trigger checks every entry at commit, as for ledger.post.
 */
export async function payBatch(
  tx: Tx,
  p: {
    merchantId: number;
    table: AccrualTable;
    ids: bigint[];
    entryType: string;
    keyPrefix: string;
    /** the account record's remark: this text, then the row's product type (if any) and day */
    remark: string;
  },
): Promise<{ entries: number; paid: bigint }> {
  if (p.ids.length === 0) return { entries: 0, paid: 0n };
  const table = sql.raw(p.table);
  const ids = sql`${`{${p.ids.join(',')}}`}::bigint[]`;
  await tx.execute(
    sql`insert into ledger_account (merchant_id, member_id, code)
        select distinct merchant_id, member_id, 'main' from ${table} where id = any(${ids})
        on conflict (member_id, code) where member_id is not null do nothing`,
  );
  await tx.execute(
    sql`insert into ledger_account (merchant_id, code, bucket)
        select ${p.merchantId}, 'rebate', b from generate_series(0, ${HOUSE_BUCKETS - 1}) b
        on conflict (merchant_id, code, bucket) where member_id is null do nothing`,
  );
  await tx.execute(
    sql`select a.id from ledger_account a
        where a.id in (
          select la.id from ${table} r join ledger_account la on la.member_id = r.member_id and la.code = 'main'
          where r.id = any(${ids})
          union all
          select h.id from ledger_account h
          where h.merchant_id = ${p.merchantId} and h.member_id is null and h.code = 'rebate')
        order by a.id for update`,
  );
  const [r] = await rows<{ entries: number; paid: string }>(
    tx,
    sql`with acc0 as (
          select r.id, r.member_id, r.amount, la.id as member_account, h.id as house_account,
            concat_ws(' ', ${p.remark}::text, ${p.table === 'rebate_accrual' ? sql`r.game_type, r.day::text` : sql`r.period_from::text`}) as remark
          from ${table} r
          join ledger_account la on la.member_id = r.member_id and la.code = 'main'
          join ledger_account h on h.merchant_id = ${p.merchantId} and h.member_id is null and h.code = 'rebate'
            and h.bucket = r.member_id % ${HOUSE_BUCKETS}
          where r.id = any(${ids}) and r.merchant_id = ${p.merchantId} and r.status = 'pending' and r.amount > 0
          order by r.id
        ),
        -- each row's entry id drawn here, so that its lines come from the same row (no join back from
        -- the inserted entries: the planner takes these sets for a row or two and would join them in
        -- nested loops, 5,000 x 5,000 comparisons a batch)
        acc as materialized (select acc0.*, nextval('ledger_entry_id_seq') as entry_id from acc0),
        -- a key already taken (never, while the row is pending: the row turns paid in the entry's
        -- transaction) leaves its lines without an entry: the statement fails, nothing is paid twice
        ent as (
          insert into ledger_entry (id, merchant_id, idem_key, type, member_id, ref_type, ref_id, memo)
          select acc.entry_id, ${p.merchantId}, ${p.keyPrefix} || ':' || acc.id, ${p.entryType}, acc.member_id,
            ${p.table}, acc.id::text, jsonb_build_object('remark', acc.remark)
          from acc order by acc.entry_id
          on conflict (merchant_id, idem_key) do nothing
          returning id
        ),
        l as (
          select entry_id, member_account as account_id, amount from acc
          union all
          select entry_id, house_account, -amount from acc
        ),
        tot as (select account_id, sum(amount)::bigint as s from l group by account_id),
        upd as (
          update ledger_account a set balance = a.balance + tot.s from tot where a.id = tot.account_id
          returning a.id, a.balance - tot.s as before
        ),
        lines as (
          insert into ledger_line (entry_id, account_id, amount, balance_after)
          select l.entry_id, l.account_id, l.amount,
            upd.before + sum(l.amount) over (partition by l.account_id order by l.entry_id)
          from l join upd on upd.id = l.account_id
          returning amount
        ),
        mark as (
          update ${table} r set status = 'paid', entry_id = acc.entry_id, paid_at = now()
          from acc where r.id = acc.id
          returning r.amount
        )
        select (select count(*)::int from mark) as entries, (select coalesce(sum(amount), 0)::text from mark) as paid,
          (select count(*) from ent) as e,
          (select count(*) from lines) as n`,
  );
  return { entries: r?.entries ?? 0, paid: BigInt(r?.paid ?? '0') };
}
