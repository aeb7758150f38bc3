import { sql } from 'drizzle-orm';
import type { TContractKind, TContractPeriod, TPayoutStatus } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface SettleContractRow {
  id: number;
  uplineId: number | null;
  downlineId: number;
  /** the downline's depth below the top of its tree: payouts run top-down by it */
  depth: number;
  /** real-time salary's terms (null for the other kinds) */
  profitRateBp: number | null;
  lossRateBp: number | null;
  minBet: bigint | null;
}

export interface NewPayout {
  merchantId: number;
  contractId: number;
  kind: TContractKind;
  periodStart: Date;
  periodEnd: Date;
  payerId: number | null;
  payeeId: number;
  validBet: bigint;
  netLoss: bigint;
  activeMembers: number;
  base: bigint;
  rateBp: number;
  amount: bigint;
  paid: bigint;
  status: 'paid' | 'partial' | 'insufficient' | 'not_reached' | 'held';
  createdAt: Date;
  /** real-time salary only */
  realtime?: { profitBase: bigint; lossBase: bigint; rounds: number };
}

export interface PayoutRow {
  id: number;
  contractId: number;
  kind: TContractKind;
  periodStart: Date | string;
  periodEnd: Date | string;
  payerId: number | null;
  payerUsername: string | null;
  payeeId: number;
  payeeUsername: string;
  validBet: string;
  netLoss: string;
  activeMembers: number;
  base: string;
  rateBp: number;
  amount: string;
  paid: string;
  status: TPayoutStatus;
}

/** A short or held payout to pay more of. */
export interface PayableRow {
  id: number;
  contractId: number;
  kind: TContractKind;
  payerId: number | null;
  payeeId: number;
  periodStart: Date;
  amount: bigint;
  paid: bigint;
}
const payable = (r: Record<string, unknown>): PayableRow => ({
  id: Number(r.id),
  contractId: Number(r.contractId),
  kind: r.kind as TContractKind,
  payerId: r.payerId === null ? null : Number(r.payerId),
  payeeId: Number(r.payeeId),
  periodStart: new Date(r.periodStart as string),
  amount: BigInt(r.amount as string),
  paid: BigInt(r.paid as string),
});

/** SQL only. */
export const settlementRepo = {
  /**
   * Contracts of the kind and period that were active at the period's end (accepted before it, and
   * still active, or ended, terminated or superseded, only after it) and have no payout for the
   * period yet: what a run still has to settle.
   */
  async contractsToSettle(
    db: Executor,
    merchantId: number,
    kind: TContractKind,
    period: TContractPeriod,
    p: { from: Date; to: Date },
  ): Promise<SettleContractRow[]> {
    const list = await rows<Omit<SettleContractRow, 'minBet'> & { minBet: string | null }>(
      db,
      sql`select c.id, c.upline_id as "uplineId", c.downline_id as "downlineId",
                 (select count(*) from member_tree t where t.descendant_id = c.downline_id and t.depth > 0)::int as depth,
                 c.profit_rate_bp as "profitRateBp", c.loss_rate_bp as "lossRateBp", c.min_bet::text as "minBet"
          from agent_contract c
          where c.merchant_id = ${merchantId} and c.kind = ${kind} and c.period = ${period}
            and c.accepted_at < ${p.to.toISOString()}::timestamptz
            and (c.status = 'active'
                 or (c.status in ('terminated', 'superseded') and c.terminated_at >= ${p.to.toISOString()}::timestamptz))
            and not exists (select 1 from contract_payout x
                            where x.contract_id = c.id and x.period_start = ${p.from.toISOString()}::timestamptz)
          order by depth, c.id`,
    );
    return list.map((r) => ({
      ...r,
      id: Number(r.id),
      uplineId: r.uplineId === null ? null : Number(r.uplineId),
      downlineId: Number(r.downlineId),
      depth: Number(r.depth),
      profitRateBp: r.profitRateBp === null ? null : Number(r.profitRateBp),
      lossRateBp: r.lossRateBp === null ? null : Number(r.lossRateBp),
      minBet: r.minBet === null ? null : BigInt(r.minBet),
    }));
  },

  /** Inserts the payout row unless the (contract, period) was settled before: its id, or undefined. */
  async insertPayout(tx: Executor, p: NewPayout): Promise<number | undefined> {
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into contract_payout (merchant_id, contract_id, kind, period_start, period_end, payer_id, payee_id,
            valid_bet, net_loss, active_members, base, rate_bp, amount, paid, status, created_at,
            profit_base, loss_base, round_count)
          values (${p.merchantId}, ${p.contractId}, ${p.kind}, ${p.periodStart.toISOString()}::timestamptz,
            ${p.periodEnd.toISOString()}::timestamptz, ${p.payerId}, ${p.payeeId}, ${p.validBet.toString()}::bigint,
            ${p.netLoss.toString()}::bigint, ${p.activeMembers}, ${p.base.toString()}::bigint, ${p.rateBp},
            ${p.amount.toString()}::bigint, ${p.paid.toString()}::bigint, ${p.status}, ${p.createdAt.toISOString()}::timestamptz,
            ${p.realtime?.profitBase.toString() ?? null}::bigint, ${p.realtime?.lossBase.toString() ?? null}::bigint,
            ${p.realtime?.rounds ?? null}::int)
          on conflict (contract_id, period_start) do nothing
          returning id`,
    );
    return r ? Number(r.id) : undefined;
  },

  /**
   * Payouts of a merchant still short (partial or insufficient) that became payable after `since`
   * (their period's end, or the release of a hold): those the runs still retry.
   */
  async shortSince(
    db: Executor,
    merchantId: number,
    kind: TContractKind,
    period: TContractPeriod,
    since: Date,
  ): Promise<PayableRow[]> {
    const list = await rows<Record<string, unknown>>(
      db,
      sql`select p.id, p.contract_id as "contractId", p.kind, p.payer_id as "payerId", p.payee_id as "payeeId",
                 p.period_start as "periodStart", p.amount::text, p.paid::text
          from contract_payout p join agent_contract c on c.id = p.contract_id and c.period = ${period}
          where p.merchant_id = ${merchantId} and p.kind = ${kind} and p.status in ('partial', 'insufficient')
            and p.payer_id is not null and coalesce(p.payable_at, p.period_end) > ${since.toISOString()}::timestamptz
          order by p.period_start, p.id`,
    );
    return list.map(payable);
  },

  /**
   * Short payouts whose retry window has closed (payable at or before `since`, the start of the last
   * closed period) become expired: what was paid stays paid, the rest is no longer owed.
   */
  async expireShort(
    tx: Executor,
    merchantId: number,
    kind: TContractKind,
    period: TContractPeriod,
    since: Date,
  ): Promise<number> {
    const list = await rows<{ id: number }>(
      tx,
      sql`update contract_payout p set status = 'expired'
          from agent_contract c
          where c.id = p.contract_id and c.period = ${period}
            and p.merchant_id = ${merchantId} and p.kind = ${kind} and p.status in ('partial', 'insufficient')
            and coalesce(p.payable_at, p.period_end) <= ${since.toISOString()}::timestamptz
          returning p.id`,
    );
    return list.length;
  },

  /** Held payouts of payees no longer held (of one payee when given): what a release pays. */
  async releasedHeld(db: Executor, merchantId: number, payeeId?: number): Promise<PayableRow[]> {
    const list = await rows<Record<string, unknown>>(
      db,
      sql`select p.id, p.contract_id as "contractId", p.kind, p.payer_id as "payerId", p.payee_id as "payeeId",
                 p.period_start as "periodStart", p.amount::text, p.paid::text
          from contract_payout p
          where p.merchant_id = ${merchantId} and p.status = 'held'
            ${payeeId === undefined ? sql`` : sql`and p.payee_id = ${payeeId}`}
            and not exists (select 1 from agent_payout_hold h where h.member_id = p.payee_id)
          order by p.period_start, p.id`,
    );
    return list.map(payable);
  },

  /** Locks a payout row and answers what is paid of it now, and its status. */
  async lockPayout(
    tx: Executor,
    id: number,
  ): Promise<{ paid: bigint; amount: bigint; status: TPayoutStatus } | undefined> {
    const [r] = await rows<{ paid: string; amount: string; status: TPayoutStatus }>(
      tx,
      sql`select paid::text, amount::text, status from contract_payout where id = ${id} for update`,
    );
    return r ? { paid: BigInt(r.paid), amount: BigInt(r.amount), status: r.status } : undefined;
  },

  async setPaid(
    tx: Executor,
    id: number,
    paid: bigint,
    status: 'paid' | 'partial' | 'insufficient',
    payableAt?: Date,
  ) {
    await tx.execute(
      sql`update contract_payout set paid = ${paid.toString()}::bigint, status = ${status}
            ${payableAt ? sql`, payable_at = ${payableAt.toISOString()}::timestamptz` : sql``}
          where id = ${id}`,
    );
  },

  /** The merchants' real-time salary progress: every window before it is settled. */
  async realtimeSettledTo(db: Executor, merchantId: number): Promise<Date | undefined> {
    const [r] = await rows<{ to: Date | string }>(
      db,
      sql`select settled_to as "to" from realtime_salary_progress where merchant_id = ${merchantId}`,
    );
    return r ? new Date(r.to) : undefined;
  },

  async setRealtimeSettledTo(db: Executor, merchantId: number, to: Date) {
    await db.execute(
      sql`insert into realtime_salary_progress (merchant_id, settled_to) values (${merchantId}, ${to.toISOString()}::timestamptz)
          on conflict (merchant_id) do update set settled_to = greatest(realtime_salary_progress.settled_to, excluded.settled_to)`,
    );
  },

  /** When the merchant's first real-time salary contract was accepted (undefined: none ever was). */
  async firstRealtimeAccepted(db: Executor, merchantId: number): Promise<Date | undefined> {
    const [r] = await rows<{ at: Date | string | null }>(
      db,
      sql`select min(accepted_at) as at from agent_contract
          where merchant_id = ${merchantId} and kind = 'realtimeSalary' and accepted_at is not null`,
    );
    return r?.at ? new Date(r.at) : undefined;
  },

  /** A merchant's payouts, newest period first. */
  async page(
    db: Executor,
    merchantId: number,
    f: { kind?: TContractKind; status?: string; username?: string; offset: number; limit: number },
  ) {
    const conds = [sql`p.merchant_id = ${merchantId}`];
    if (f.kind) conds.push(sql`p.kind = ${f.kind}`);
    if (f.status) conds.push(sql`p.status = ${f.status}`);
    if (f.username) {
      const key = f.username.toLowerCase();
      conds.push(sql`(e.username_key = ${key} or r.username_key = ${key})`);
    }
    const where = sql.join(conds, sql` and `);
    const from = sql`from contract_payout p join member e on e.id = p.payee_id left join member r on r.id = p.payer_id`;
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${where}`);
    const list = await rows<PayoutRow>(
      db,
      sql`select p.id, p.contract_id as "contractId", p.kind, p.period_start as "periodStart",
                 p.period_end as "periodEnd", p.payer_id as "payerId", r.username as "payerUsername",
                 p.payee_id as "payeeId", e.username as "payeeUsername", p.valid_bet::text as "validBet",
                 p.net_loss::text as "netLoss", p.active_members as "activeMembers", p.base::text as base,
                 p.rate_bp as "rateBp", p.amount::text as amount, p.paid::text as paid, p.status
          ${from} where ${where} order by p.period_start desc, p.id desc limit ${f.limit} offset ${f.offset}`,
    );
    return { list, total: Number(n?.n ?? 0) };
  },

  /** Merchants with active contracts (the scheduled run's scope). */
  async merchantsWithContracts(db: Executor): Promise<number[]> {
    const list = await rows<{ id: number }>(
      db,
      sql`select distinct merchant_id as id from agent_contract where status = 'active'`,
    );
    return list.map((r) => Number(r.id));
  },
};
