import { sql } from 'drizzle-orm';
import type { TContractKind, TPayoutRole, TPayoutStatus } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface AgentPayoutRow {
  id: number;
  contractId: number;
  periodStart: Date | string;
  periodEnd: Date | string;
  counterpart: string | null;
  validBet: string;
  netLoss: string;
  activeMembers: number;
  base: string;
  rateBp: number;
  amount: string;
  paid: string;
  status: TPayoutStatus;
  createdAt: Date | string;
  profitBase: string | null;
  lossBase: string | null;
  roundCount: number | null;
  profitRateBp: number | null;
  lossRateBp: number | null;
  minBet: string | null;
}

/** SQL only: the payout records as an agent reads them, and what it owes. */
export const contractPayoutRepo = {
  /** One agent's payouts of a kind (as payee or payer), periods starting in [from, to), newest first. */
  async pageOf(
    db: Executor,
    f: {
      merchantId: number;
      memberId: number;
      kind: TContractKind;
      role: TPayoutRole;
      from: Date;
      to: Date;
      offset: number;
      limit: number;
    },
  ) {
    const mine = f.role === 'received' ? sql`p.payee_id = ${f.memberId}` : sql`p.payer_id = ${f.memberId}`;
    const other = f.role === 'received' ? sql`p.payer_id` : sql`p.payee_id`;
    const where = sql`p.merchant_id = ${f.merchantId} and ${mine} and p.kind = ${f.kind}
      and p.period_start >= ${f.from.toISOString()}::timestamptz and p.period_start < ${f.to.toISOString()}::timestamptz`;
    const [totals] = await rows<{ n: number; amount: string; paid: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(p.amount), 0)::text as amount, coalesce(sum(p.paid), 0)::text as paid
          from contract_payout p where ${where}`,
    );
    const list = await rows<AgentPayoutRow>(
      db,
      sql`select p.id, p.contract_id as "contractId", p.period_start as "periodStart", p.period_end as "periodEnd",
                 o.username as counterpart, p.valid_bet::text as "validBet", p.net_loss::text as "netLoss",
                 p.active_members as "activeMembers", p.base::text as base, p.rate_bp as "rateBp",
                 p.amount::text as amount, p.paid::text as paid, p.status, p.created_at as "createdAt",
                 p.profit_base::text as "profitBase", p.loss_base::text as "lossBase", p.round_count as "roundCount",
                 c.profit_rate_bp as "profitRateBp", c.loss_rate_bp as "lossRateBp", c.min_bet::text as "minBet"
          from contract_payout p
          join agent_contract c on c.id = p.contract_id
          left join member o on o.id = ${other}
          where ${where}
          order by p.period_start desc, p.id desc limit ${f.limit} offset ${f.offset}`,
    );
    return {
      list: list.map((r) => ({ ...r, id: Number(r.id), contractId: Number(r.contractId) })),
      total: Number(totals?.n ?? 0),
      amount: BigInt(totals?.amount ?? 0),
      paid: BigInt(totals?.paid ?? 0),
    };
  },

  /** What an agent owes as payer now: payouts partial or insufficient (neither expired nor held). */
  async owedBy(db: Executor, memberId: number): Promise<{ owed: bigint; count: number }> {
    const [r] = await rows<{ owed: string; n: number }>(
      db,
      sql`select coalesce(sum(amount - paid), 0)::text as owed, count(*)::int as n
          from contract_payout where payer_id = ${memberId} and status in ('partial', 'insufficient')`,
    );
    return { owed: BigInt(r?.owed ?? 0), count: Number(r?.n ?? 0) };
  },
};
