import { sql, type SQL } from 'drizzle-orm';
import type { TWithdrawStatus } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface SettingRow {
  minimum_amount: bigint;
  maximum_amount: bigint;
  daily_count: number;
  auto_receive_minutes: number;
  max_bank_accounts: number;
}

export interface BankAccountRow {
  id: bigint;
  merchant_id: number;
  member_id: number;
  bank_name: string;
  account_name: string;
  account_number: string;
  created_at: Date | string;
  removed_at: Date | string | null;
}

export interface WithdrawalRow {
  id: bigint;
  merchant_id: number;
  member_id: number;
  request_id: string | null;
  amount: bigint;
  status: TWithdrawStatus;
  bank_account_id: bigint;
  bank_name: string;
  account_name: string;
  account_number: string;
  reject_reason: string | null;
  remark: string | null;
  operator_id: number | null;
  received_amount: bigint | null;
  refund_amount: bigint | null;
  confirmed_by: 'member' | 'auto' | 'operator' | null;
  created_at: Date | string;
  updated_at: Date | string;
  decided_at: Date | string | null;
  paid_at: Date | string | null;
  disputed_at: Date | string | null;
  confirmed_at: Date | string | null;
  /** joined where listed */
  username?: string;
  proof_ids?: (bigint | string)[] | null;
}

export interface ProofRow {
  id: bigint;
  merchant_id: number;
  member_id: number;
  withdrawal_id: bigint;
  content_type: string;
  size: number;
  data: Uint8Array;
}

export interface RequirementRow {
  id: bigint;
  required_amount: bigint;
  created_at: Date | string;
  /** settled turnover since created_at */
  progress: bigint;
}

/** Withdrawal columns plus the ids of its proof images, for every read that becomes a view. */
const WITHDRAWAL_COLUMNS = sql`w.*, m.username,
  (select array_agg(p.id order by p.id) from withdrawal_proof p where p.withdrawal_id = w.id) as proof_ids`;

export type WithdrawalPatch = Partial<
  Pick<
    WithdrawalRow,
    | 'status'
    | 'reject_reason'
    | 'remark'
    | 'operator_id'
    | 'received_amount'
    | 'refund_amount'
    | 'confirmed_by'
    | 'decided_at'
    | 'paid_at'
    | 'disputed_at'
    | 'confirmed_at'
  >
>;

export const withdrawRepo = {
  async settings(ex: Executor, merchantId: number): Promise<SettingRow | undefined> {
    const [r] = await rows<SettingRow>(
      ex,
      sql`select minimum_amount, maximum_amount, daily_count, auto_receive_minutes, max_bank_accounts
          from withdraw_setting where merchant_id = ${merchantId}`,
    );
    return r;
  },

  async upsertSettings(ex: Executor, merchantId: number, s: SettingRow, at: Date) {
    await ex.execute(
      sql`insert into withdraw_setting (merchant_id, minimum_amount, maximum_amount, daily_count,
            auto_receive_minutes, max_bank_accounts, updated_at)
          values (${merchantId}, ${s.minimum_amount}, ${s.maximum_amount}, ${s.daily_count},
            ${s.auto_receive_minutes}, ${s.max_bank_accounts}, ${at})
          on conflict (merchant_id) do update set minimum_amount = excluded.minimum_amount,
            maximum_amount = excluded.maximum_amount, daily_count = excluded.daily_count,
            auto_receive_minutes = excluded.auto_receive_minutes,
            max_bank_accounts = excluded.max_bank_accounts, updated_at = excluded.updated_at`,
    );
  },

  bankAccounts(ex: Executor, memberId: number) {
    return rows<BankAccountRow>(
      ex,
      sql`select * from member_bank_account where member_id = ${memberId} and removed_at is null order by id`,
    );
  },

  async bankAccount(ex: Executor, memberId: number, id: string) {
    const [r] = await rows<BankAccountRow>(
      ex,
      sql`select * from member_bank_account where member_id = ${memberId} and id = ${id}::bigint
          and removed_at is null`,
    );
    return r;
  },

  /** undefined when the member already has this number bound (unique index) */
  async insertBankAccount(
    ex: Executor,
    a: { merchantId: number; memberId: number; bankName: string; accountName: string; accountNumber: string },
  ) {
    const [r] = await rows<BankAccountRow>(
      ex,
      sql`insert into member_bank_account (merchant_id, member_id, bank_name, account_name, account_number)
          values (${a.merchantId}, ${a.memberId}, ${a.bankName}, ${a.accountName}, ${a.accountNumber})
          on conflict do nothing returning *`,
    );
    return r;
  },

  async removeBankAccount(ex: Executor, memberId: number, id: string, at: Date): Promise<boolean> {
    const r = await rows<{ id: bigint }>(
      ex,
      sql`update member_bank_account set removed_at = ${at}
          where member_id = ${memberId} and id = ${id}::bigint and removed_at is null returning id`,
    );
    return r.length > 0;
  },

  async insertWithdrawal(
    ex: Executor,
    w: {
      merchantId: number;
      memberId: number;
      requestId: string | null;
      amount: bigint;
      bank: BankAccountRow;
      at: Date;
    },
  ): Promise<bigint | undefined> {
    const [r] = await rows<{ id: bigint }>(
      ex,
      sql`insert into withdrawal (merchant_id, member_id, request_id, amount, status, bank_account_id,
            bank_name, account_name, account_number, created_at, updated_at)
          values (${w.merchantId}, ${w.memberId}, ${w.requestId}, ${w.amount}, 'PENDING', ${w.bank.id},
            ${w.bank.bank_name}, ${w.bank.account_name}, ${w.bank.account_number}, ${w.at}, ${w.at})
          on conflict do nothing returning id`,
    );
    return r ? BigInt(r.id) : undefined;
  },

  async findByRequestId(ex: Executor, memberId: number, requestId: string) {
    const [r] = await rows<{ id: bigint }>(
      ex,
      sql`select id from withdrawal where member_id = ${memberId} and request_id = ${requestId}`,
    );
    return r ? BigInt(r.id) : undefined;
  },

  /** Requests of the member since `since` that count towards the daily limit. */
  async countSince(ex: Executor, memberId: number, since: Date): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from withdrawal where member_id = ${memberId} and created_at >= ${since}
          and status not in ('CANCELLED', 'REJECTED')`,
    );
    return r?.n ?? 0;
  },

  /** Row lock: the one guard that makes approve, reject, cancel and confirm exclusive. */
  async lock(ex: Executor, merchantId: number, id: string) {
    const [r] = await rows<WithdrawalRow>(
      ex,
      sql`select * from withdrawal where merchant_id = ${merchantId} and id = ${id}::bigint for update`,
    );
    return r;
  },

  async update(ex: Executor, id: bigint, patch: WithdrawalPatch, at: Date) {
    const sets: SQL[] = [sql`updated_at = ${at}`];
    for (const [k, v] of Object.entries(patch)) {
      if (v !== undefined) sets.push(sql`${sql.identifier(k)} = ${v}`);
    }
    await ex.execute(sql`update withdrawal set ${sql.join(sets, sql`, `)} where id = ${id}`);
  },

  async get(ex: Executor, merchantId: number, id: string | bigint) {
    const [r] = await rows<WithdrawalRow>(
      ex,
      sql`select ${WITHDRAWAL_COLUMNS} from withdrawal w join member m on m.id = w.member_id
          where w.merchant_id = ${merchantId} and w.id = ${String(id)}::bigint`,
    );
    return r;
  },

  async list(
    ex: Executor,
    f: {
      merchantId: number;
      memberId?: number;
      username?: string;
      status?: string;
      from?: Date;
      to?: Date;
      limit: number;
      offset: number;
    },
  ): Promise<{ total: number; list: WithdrawalRow[] }> {
    const where: SQL[] = [sql`w.merchant_id = ${f.merchantId}`];
    if (f.memberId !== undefined) where.push(sql`w.member_id = ${f.memberId}`);
    if (f.username !== undefined) where.push(sql`m.username_key = ${f.username.trim().toLowerCase()}`);
    if (f.status !== undefined) where.push(sql`w.status = ${f.status}`);
    if (f.from) where.push(sql`w.created_at >= ${f.from}`);
    if (f.to) where.push(sql`w.created_at < ${f.to}`);
    const cond = sql.join(where, sql` and `);
    const [c] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from withdrawal w join member m on m.id = w.member_id where ${cond}`,
    );
    const list = await rows<WithdrawalRow>(
      ex,
      sql`select ${WITHDRAWAL_COLUMNS} from withdrawal w join member m on m.id = w.member_id where ${cond}
          order by w.created_at desc, w.id desc limit ${f.limit} offset ${f.offset}`,
    );
    return { total: c?.n ?? 0, list };
  },

  /** Payouts whose confirmation window ended by `now` (merchant's minutes, default when unset). */
  dueForAutoReceive(ex: Executor, now: Date, defaultMinutes: number, limit: number) {
    return rows<{ id: bigint; merchant_id: number }>(
      ex,
      sql`select w.id, w.merchant_id from withdrawal w
          left join withdraw_setting s on s.merchant_id = w.merchant_id
          where w.status = 'PAID_OUT'
            and w.paid_at + make_interval(mins => coalesce(s.auto_receive_minutes, ${defaultMinutes})) <= ${now}
          order by w.paid_at limit ${limit}`,
    );
  },

  /** PAID_OUT -> RECEIVED for all of a member's payouts; each row re-checked under its lock by UPDATE. */
  async confirmAllPaidOut(ex: Executor, memberId: number, at: Date) {
    return rows<{ id: bigint }>(
      ex,
      sql`update withdrawal set status = 'RECEIVED', confirmed_by = 'member', confirmed_at = ${at},
            updated_at = ${at}
          where member_id = ${memberId} and status = 'PAID_OUT' returning id`,
    );
  },

  async insertProof(
    ex: Executor,
    p: {
      merchantId: number;
      memberId: number;
      withdrawalId: bigint;
      contentType: string;
      fileName: string | null;
      bytes: Buffer;
    },
  ) {
    await ex.execute(
      sql`insert into withdrawal_proof (merchant_id, member_id, withdrawal_id, content_type, file_name, size, data)
          values (${p.merchantId}, ${p.memberId}, ${p.withdrawalId}, ${p.contentType}, ${p.fileName},
            ${p.bytes.length}, ${p.bytes})`,
    );
  },

  async proof(ex: Executor, merchantId: number, id: string) {
    const [r] = await rows<ProofRow>(
      ex,
      sql`select * from withdrawal_proof where merchant_id = ${merchantId} and id = ${id}::bigint`,
    );
    return r;
  },

  /** `true` when added, `false` when the member already has a requirement from this source. */
  async insertRequirement(
    ex: Executor,
    r: { merchantId: number; memberId: number; requiredAmount: bigint; source: string },
  ): Promise<boolean> {
    const res = await rows<{ id: bigint }>(
      ex,
      sql`insert into turnover_requirement (merchant_id, member_id, required_amount, source)
          values (${r.merchantId}, ${r.memberId}, ${r.requiredAmount}, ${r.source})
          on conflict (member_id, source) do nothing returning id`,
    );
    return res.length > 0;
  },

  /** Open requirements with their progress: settled (not rolled back) vendor debits since each began. */
  openRequirements(ex: Executor, memberId: number) {
    return rows<RequirementRow>(
      ex,
      sql`select r.id, r.required_amount, r.created_at,
            coalesce((select sum(t.amount) from vendor_txn t
              where t.member_id = r.member_id and t.op = 'debit' and t.status = 'ok'
                and not t.rolled_back and t.created_at >= r.created_at), 0)::bigint as progress
          from turnover_requirement r where r.member_id = ${memberId} and r.met_at is null order by r.id`,
    );
  },

  async markRequirementsMet(ex: Executor, ids: bigint[], at: Date) {
    if (ids.length === 0) return;
    await ex.execute(
      sql`update turnover_requirement set met_at = ${at}
          where id = any(${`{${ids.join(',')}}`}::bigint[]) and met_at is null`,
    );
  },
};
