import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

/**
 * The ledger's invariants (DESIGN "Money and the ledger", DOMAIN-NOTES §2), checked from the tables
 * alone: tests call it after every workload; `npm run ledger:check -w apps/server` runs it on a live
 * database. Answers the violations found (empty = all hold).
 */
export async function checkLedgerInvariants(db: Executor, merchantId?: number): Promise<string[]> {
  const scope = merchantId === undefined ? sql`true` : sql`merchant_id = ${merchantId}`;
  const out: string[] = [];
  const add = (label: string, list: Record<string, unknown>[]) => {
    for (const r of list.slice(0, 20))
      out.push(`${label}: ${JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
  };

  // 1. conservation: all balances of a merchant sum to zero
  add(
    'balances do not sum to zero',
    await rows(
      db,
      sql`select merchant_id, sum(balance)::text as total from ledger_account where ${scope}
                       group by merchant_id having sum(balance) <> 0`,
    ),
  );
  // 2. each balance equals the sum of its lines, and the newest line's balance_after
  add(
    'balance differs from its postings',
    await rows(
      db,
      sql`select a.id, a.balance, coalesce(s.total, 0)::text as postings
          from ledger_account a
          left join (select account_id, sum(amount) as total from ledger_line group by account_id) s on s.account_id = a.id
          where ${sql.raw(merchantId === undefined ? 'true' : `a.merchant_id = ${Number(merchantId)}`)}
            and a.balance <> coalesce(s.total, 0)`,
    ),
  );
  add(
    'balance differs from the last balance_after',
    await rows(
      db,
      sql`select a.id, a.balance, l.balance_after from ledger_account a
          join lateral (select balance_after from ledger_line where account_id = a.id order by entry_id desc limit 1) l on true
          where ${sql.raw(merchantId === undefined ? 'true' : `a.merchant_id = ${Number(merchantId)}`)}
            and l.balance_after <> a.balance`,
    ),
  );
  // ... and each line's balance_after is the one before it plus its amount, in entry order (entries
  // take their ids after their accounts are locked, so the order is the order the balances moved)
  add(
    'balance_after breaks the running balance',
    await rows(
      db,
      sql`select account_id, entry_id, amount, balance_after, prev_after from (
            select l.account_id, l.entry_id, l.amount, l.balance_after,
                   lag(l.balance_after) over (partition by l.account_id order by l.entry_id) as prev_after
            from ledger_line l
            ${merchantId === undefined ? sql`` : sql`join ledger_account a on a.id = l.account_id and a.merchant_id = ${merchantId}`}
          ) x
          where prev_after is not null and balance_after <> prev_after + amount`,
    ),
  );
  // 3. member balances never below zero or below their holds
  add(
    'member balance negative or below holds',
    await rows(
      db,
      sql`select id, balance, held from ledger_account
                       where ${scope} and member_id is not null and (balance < 0 or balance < held)`,
    ),
  );
  // 4. holds counted exactly
  add(
    'held differs from open holds',
    await rows(
      db,
      sql`select a.id, a.held, coalesce(h.total, 0)::text as open_holds from ledger_account a
          left join (select account_id, sum(amount) as total from ledger_hold where status = 'open' group by account_id) h
            on h.account_id = a.id
          where ${sql.raw(merchantId === undefined ? 'true' : `a.merchant_id = ${Number(merchantId)}`)}
            and a.held <> coalesce(h.total, 0)`,
    ),
  );
  // 5. every entry balances and has at least two lines
  add(
    'unbalanced entry',
    await rows(
      db,
      sql`select e.id, count(l.entry_id) as n, coalesce(sum(l.amount), 0)::text as total from ledger_entry e
          left join ledger_line l on l.entry_id = e.id
          where ${sql.raw(merchantId === undefined ? 'true' : `e.merchant_id = ${Number(merchantId)}`)}
          group by e.id having count(l.entry_id) < 2 or coalesce(sum(l.amount), 0) <> 0`,
    ),
  );
  // 6. no key applied twice: one entry per key, one vendor transaction per entry
  add(
    'key applied twice',
    await rows(
      db,
      sql`select merchant_id, idem_key, count(*) as n from ledger_entry where ${scope}
                       group by merchant_id, idem_key having count(*) > 1`,
    ),
  );
  add(
    'entry used by two vendor transactions',
    await rows(
      db,
      sql`select entry_id, count(*) as n from vendor_txn where ${scope} and entry_id is not null
                       group by entry_id having count(*) > 1`,
    ),
  );
  add(
    'applied vendor transaction without entry',
    await rows(
      db,
      sql`select id, txn_id, op from vendor_txn where ${scope} and status = 'ok' and amount > 0
                       and entry_id is null`,
    ),
  );
  // 7. nothing refers to a row that is not there: the journal tables keep no foreign keys (their
  // writers take every id from a row of the same transaction; migration 0020 says why)
  const accountScope = sql.raw(merchantId === undefined ? 'true' : `a.merchant_id = ${Number(merchantId)}`);
  add(
    'line of a missing entry',
    await rows(
      db,
      sql`select l.entry_id, l.account_id from ledger_line l
          join ledger_account a on a.id = l.account_id
          where ${accountScope} and not exists (select 1 from ledger_entry e where e.id = l.entry_id)`,
    ),
  );
  add(
    'entry of a missing account or merchant',
    await rows(
      db,
      sql`select e.id as entry_id, l.account_id from ledger_entry e join ledger_line l on l.entry_id = e.id
          where ${sql.raw(merchantId === undefined ? 'true' : `e.merchant_id = ${Number(merchantId)}`)}
            and (not exists (select 1 from ledger_account a where a.id = l.account_id)
                 or not exists (select 1 from merchant m where m.id = e.merchant_id))`,
    ),
  );
  add(
    'entry of a missing member',
    await rows(
      db,
      sql`select id, member_id from ledger_entry e where ${scope} and member_id is not null
            and not exists (select 1 from member m where m.id = e.member_id)`,
    ),
  );
  add(
    'vendor transaction of a missing entry or member',
    await rows(
      db,
      sql`select id, txn_id, op from vendor_txn t where ${scope}
            and ((entry_id is not null and not exists (select 1 from ledger_entry e where e.id = t.entry_id))
                 or not exists (select 1 from member m where m.id = t.member_id))`,
    ),
  );
  // 8. every entry noted as unbalanced inside a transaction was checked and cleared at its commit
  add('balance note left behind', await rows(db, sql`select entry_id from ledger_entry_unbalanced`));
  return out;
}
