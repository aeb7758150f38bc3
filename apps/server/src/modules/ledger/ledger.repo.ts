import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface AccountRow {
  id: bigint;
  merchant_id: number;
  member_id: number | null;
  code: string;
  bucket: number;
  balance: bigint;
  held: bigint;
}

export interface LineRow {
  account_id: bigint;
  amount: bigint;
  balance_after: bigint;
}

export interface EntryRow {
  id: bigint;
  merchant_id: number;
  idem_key: string;
  type: string;
  member_id: number | null;
  ref_type: string | null;
  ref_id: string | null;
  memo: Record<string, unknown> | null;
  created_at: Date | string;
}

export interface HoldRow {
  id: bigint;
  merchant_id: number;
  account_id: bigint;
  idem_key: string;
  amount: bigint;
  status: 'open' | 'captured' | 'released';
  entry_id: bigint | null;
}

const ids = (list: readonly bigint[]) =>
  sql`array[${sql.join(
    list.map((i) => sql`${i.toString()}::bigint`),
    sql`, `,
  )}]`;

/** SQL only: the ledger service owns the rules and the transaction boundary. */
export const ledgerRepo = {
  /** Creates the account if it is new (an absent row cannot be locked) and answers its id. */
  async ensureMemberAccount(db: Executor, merchantId: number, memberId: number, code: string) {
    const [row] = await rows<{ id: bigint }>(
      db,
      sql`with ins as (
            insert into ledger_account (merchant_id, member_id, code) values (${merchantId}, ${memberId}, ${code})
            on conflict (member_id, code) where member_id is not null do nothing
            returning id)
          select id from ins
          union all
          select id from ledger_account where member_id = ${memberId} and code = ${code}
          limit 1`,
    );
    if (row) return row.id;
    // A concurrent transaction created it and committed while this insert waited: the statement's
    // snapshot predates that row, a new statement sees it.
    const [again] = await rows<{ id: bigint }>(
      db,
      sql`select id from ledger_account where member_id = ${memberId} and code = ${code}`,
    );
    return again!.id;
  },

  async ensureHouseAccount(db: Executor, merchantId: number, code: string, bucket: number) {
    const [row] = await rows<{ id: bigint }>(
      db,
      sql`with ins as (
            insert into ledger_account (merchant_id, code, bucket) values (${merchantId}, ${code}, ${bucket})
            on conflict (merchant_id, code, bucket) where member_id is null do nothing
            returning id)
          select id from ins
          union all
          select id from ledger_account where merchant_id = ${merchantId} and member_id is null
            and code = ${code} and bucket = ${bucket}
          limit 1`,
    );
    if (row) return row.id;
    const [again] = await rows<{ id: bigint }>(
      db,
      sql`select id from ledger_account where merchant_id = ${merchantId} and member_id is null
          and code = ${code} and bucket = ${bucket}`,
    );
    return again!.id;
  },

  /** Row locks in ascending id order: every writer takes them in the same order, so none deadlock. */
  lockAccounts(db: Executor, accountIds: readonly bigint[]) {
    return rows<AccountRow>(
      db,
      sql`select id, merchant_id, member_id, code, bucket, balance, held from ledger_account
          where id = any(${ids(accountIds)}) order by id for update`,
    );
  },

  /** Inserts the entry unless its key exists; null when it does (the caller answers the first result). */
  async insertEntry(
    db: Executor,
    e: {
      merchantId: number;
      key: string;
      type: string;
      memberId: number | null;
      refType: string | null;
      refId: string | null;
      memo: Record<string, unknown> | null;
      at?: Date | null;
    },
  ): Promise<{ id: bigint; created_at: Date | string } | null> {
    const [row] = await rows<{ id: bigint; created_at: Date | string }>(
      db,
      sql`insert into ledger_entry (merchant_id, idem_key, type, member_id, ref_type, ref_id, memo, created_at)
          values (${e.merchantId}, ${e.key}, ${e.type}, ${e.memberId}, ${e.refType}, ${e.refId},
                  ${e.memo === null ? null : JSON.stringify(e.memo)}::jsonb,
                  coalesce(${e.at ? e.at.toISOString() : null}::timestamptz, now()))
          on conflict (merchant_id, idem_key) do nothing
          returning id, created_at`,
    );
    return row ?? null;
  },

  async findEntryByKey(db: Executor, merchantId: number, key: string) {
    const [row] = await rows<EntryRow>(
      db,
      sql`select * from ledger_entry where merchant_id = ${merchantId} and idem_key = ${key}`,
    );
    return row;
  },

  linesOf(db: Executor, entryId: bigint) {
    return rows<LineRow>(
      db,
      sql`select account_id, amount, balance_after from ledger_line where entry_id = ${entryId.toString()}::bigint
          order by account_id`,
    );
  },

  /**
   * Applies the lines to the (already locked) accounts and writes them with the resulting balances,
   * in one statement. `heldRelease` lowers an account's holds in the same update (a captured hold).
   */
  applyLines(
    db: Executor,
    entryId: bigint,
    lines: readonly { accountId: bigint; amount: bigint; heldRelease?: bigint }[],
  ) {
    const values = sql.join(
      lines.map(
        (l) =>
          sql`(${l.accountId.toString()}::bigint, ${l.amount.toString()}::bigint, ${(l.heldRelease ?? 0n).toString()}::bigint)`,
      ),
      sql`, `,
    );
    return rows<LineRow>(
      db,
      sql`with v(account_id, amount, held_release) as (values ${values}),
          upd as (
            update ledger_account a set balance = a.balance + v.amount, held = a.held - v.held_release
            from v where a.id = v.account_id
            returning a.id, a.balance)
          insert into ledger_line (entry_id, account_id, amount, balance_after)
          select ${entryId.toString()}::bigint, upd.id, v.amount, upd.balance
          from upd join v on v.account_id = upd.id
          returning account_id, amount, balance_after`,
    );
  },

  async addHeld(db: Executor, accountId: bigint, delta: bigint) {
    await db.execute(
      sql`update ledger_account set held = held + ${delta.toString()}::bigint where id = ${accountId.toString()}::bigint`,
    );
  },

  async insertHold(
    db: Executor,
    h: { merchantId: number; accountId: bigint; key: string; amount: bigint },
  ): Promise<HoldRow | null> {
    const [row] = await rows<HoldRow>(
      db,
      sql`insert into ledger_hold (merchant_id, account_id, idem_key, amount)
          values (${h.merchantId}, ${h.accountId.toString()}::bigint, ${h.key}, ${h.amount.toString()}::bigint)
          on conflict (merchant_id, idem_key) do nothing
          returning id, merchant_id, account_id, idem_key, amount, status, entry_id`,
    );
    return row ?? null;
  },

  async findHold(db: Executor, merchantId: number, key: string, lock = false) {
    const [row] = await rows<HoldRow>(
      db,
      sql`select id, merchant_id, account_id, idem_key, amount, status, entry_id from ledger_hold
          where merchant_id = ${merchantId} and idem_key = ${key} ${lock ? sql`for update` : sql``}`,
    );
    return row;
  },

  async closeHold(db: Executor, holdId: bigint, status: 'captured' | 'released', entryId: bigint | null) {
    await db.execute(
      sql`update ledger_hold set status = ${status}, entry_id = ${entryId === null ? null : entryId.toString()}::bigint,
          closed_at = now() where id = ${holdId.toString()}::bigint`,
    );
  },

  memberAccounts(db: Executor, memberId: number) {
    return rows<AccountRow>(
      db,
      sql`select id, merchant_id, member_id, code, bucket, balance, held from ledger_account
          where member_id = ${memberId} order by id`,
    );
  },
};
