import { sql, type SQL } from 'drizzle-orm';
import type { TContractKind, TContractPeriod, TContractStatus } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';
import type { Tier } from './agent-contract.rules.js';

export interface ContractRow {
  id: number;
  merchantId: number;
  kind: TContractKind;
  uplineId: number | null;
  uplineUsername: string | null;
  downlineId: number;
  downlineUsername: string;
  offeredByOperatorId: number | null;
  status: TContractStatus;
  period: TContractPeriod;
  profitRateBp: number | null;
  lossRateBp: number | null;
  minBet: bigint | null;
  version: number;
  endReason: string | null;
  createdAt: Date;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
  terminatedAt: Date | null;
}

interface RawRow extends Omit<
  ContractRow,
  'minBet' | 'createdAt' | 'acceptedAt' | 'rejectedAt' | 'terminatedAt'
> {
  minBet: bigint | string | number | null;
  createdAt: Date | string;
  acceptedAt: Date | string | null;
  rejectedAt: Date | string | null;
  terminatedAt: Date | string | null;
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));
function toRow(r: RawRow): ContractRow {
  return {
    ...r,
    id: Number(r.id),
    minBet: r.minBet === null ? null : BigInt(r.minBet),
    createdAt: new Date(r.createdAt),
    acceptedAt: date(r.acceptedAt),
    rejectedAt: date(r.rejectedAt),
    terminatedAt: date(r.terminatedAt),
  };
}

const SELECT = sql`
  select c.id, c.merchant_id as "merchantId", c.kind, c.upline_id as "uplineId", u.username as "uplineUsername",
         c.downline_id as "downlineId", d.username as "downlineUsername",
         c.offered_by_operator_id as "offeredByOperatorId", c.status, c.period,
         c.profit_rate_bp as "profitRateBp", c.loss_rate_bp as "lossRateBp", c.min_bet as "minBet",
         c.version, c.end_reason as "endReason", c.created_at as "createdAt", c.accepted_at as "acceptedAt",
         c.rejected_at as "rejectedAt", c.terminated_at as "terminatedAt"
  from agent_contract c
  join member d on d.id = c.downline_id
  left join member u on u.id = c.upline_id`;

async function select(db: Executor, where: SQL, tail: SQL = sql``): Promise<ContractRow[]> {
  return (await rows<RawRow>(db, sql`${SELECT} where ${where} ${tail}`)).map(toRow);
}

const OPEN = sql`c.status in ('offered', 'active')`;

export interface NewContract {
  merchantId: number;
  kind: TContractKind;
  uplineId: number | null;
  downlineId: number;
  offeredByOperatorId: number | null;
  period: TContractPeriod;
  profitRateBp: number | null;
  lossRateBp: number | null;
  minBet: bigint | null;
  createdAt: Date;
}

export interface StatusChange {
  status: TContractStatus;
  endReason?: string | null;
  acceptedAt?: Date;
  rejectedAt?: Date;
  terminatedAt?: Date;
}

/** SQL only; the service decides the transaction and takes the lock first. */
export const agentContractRepo = {
  /**
   * The row lock every change of (merchant, kind) takes first. An absent row cannot be locked, so it
   * is created (once) before the lock; a concurrent creator waits on the unique key.
   */
  async lockKind(tx: Executor, merchantId: number, kind: TContractKind) {
    await tx.execute(
      sql`insert into agent_contract_lock (merchant_id, kind) values (${merchantId}, ${kind})
          on conflict (merchant_id, kind) do nothing`,
    );
    await tx.execute(
      sql`select 1 from agent_contract_lock where merchant_id = ${merchantId} and kind = ${kind} for update`,
    );
  },

  async insert(tx: Executor, c: NewContract, tiers: Tier[]): Promise<number> {
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into agent_contract (merchant_id, kind, upline_id, downline_id, offered_by_operator_id, status,
            period, profit_rate_bp, loss_rate_bp, min_bet, version, created_at)
          values (${c.merchantId}, ${c.kind}, ${c.uplineId}, ${c.downlineId}, ${c.offeredByOperatorId}, 'offered',
            ${c.period}, ${c.profitRateBp}, ${c.lossRateBp},
            ${c.minBet === null ? null : c.minBet.toString()}::bigint,
            (select count(*) + 1 from agent_contract where downline_id = ${c.downlineId} and kind = ${c.kind}),
            ${c.createdAt.toISOString()}::timestamptz)
          returning id`,
    );
    const id = Number(r!.id);
    for (const [i, t] of tiers.entries()) {
      await tx.execute(
        sql`insert into agent_contract_tier (contract_id, seq, min_valid_bet, min_active_members, min_net_loss, rate_bp)
            values (${id}, ${i + 1}, ${t.validBet.toString()}::bigint, ${t.activeMembers},
                    ${t.netLoss.toString()}::bigint, ${t.rateBp})`,
      );
    }
    return id;
  },

  async setStatus(tx: Executor, id: number, ch: StatusChange) {
    const iso = (d: Date | undefined) => (d ? d.toISOString() : null);
    await tx.execute(
      sql`update agent_contract set status = ${ch.status}, end_reason = ${ch.endReason ?? null},
            accepted_at = coalesce(${iso(ch.acceptedAt)}::timestamptz, accepted_at),
            rejected_at = coalesce(${iso(ch.rejectedAt)}::timestamptz, rejected_at),
            terminated_at = coalesce(${iso(ch.terminatedAt)}::timestamptz, terminated_at)
          where id = ${id}`,
    );
  },

  async findById(db: Executor, merchantId: number, id: number): Promise<ContractRow | undefined> {
    const [r] = await select(db, sql`c.merchant_id = ${merchantId} and c.id = ${id}`);
    return r;
  },

  async findByIds(db: Executor, ids: number[]): Promise<ContractRow[]> {
    if (ids.length === 0) return [];
    return select(db, sql`c.id in (${sql.join(ids, sql`, `)})`, sql`order by c.id`);
  },

  async activeOf(db: Executor, downlineId: number, kind: TContractKind): Promise<ContractRow | undefined> {
    const [r] = await select(
      db,
      sql`c.downline_id = ${downlineId} and c.kind = ${kind} and c.status = 'active'`,
    );
    return r;
  },

  async offeredTo(db: Executor, downlineId: number, kind: TContractKind): Promise<ContractRow | undefined> {
    const [r] = await select(
      db,
      sql`c.downline_id = ${downlineId} and c.kind = ${kind} and c.status = 'offered'`,
    );
    return r;
  },

  /** Open (offered or active) contracts an agent gave its downlines. */
  openGivenBy(db: Executor, uplineId: number, kind: TContractKind): Promise<ContractRow[]> {
    return select(db, sql`c.upline_id = ${uplineId} and c.kind = ${kind} and ${OPEN}`, sql`order by c.id`);
  },

  /** The downline's earlier contracts and answered offers, newest first. */
  historyOf(db: Executor, downlineId: number, kind: TContractKind, limit: number): Promise<ContractRow[]> {
    return select(
      db,
      sql`c.downline_id = ${downlineId} and c.kind = ${kind} and not ${OPEN}`,
      sql`order by c.id desc limit ${limit}`,
    );
  },

  async pageGivenBy(
    db: Executor,
    uplineId: number,
    kind: TContractKind,
    f: { status?: TContractStatus; downlineUsername?: string; offset: number; limit: number },
  ): Promise<{ list: ContractRow[]; total: number }> {
    const conds = [sql`c.upline_id = ${uplineId}`, sql`c.kind = ${kind}`];
    conds.push(f.status ? sql`c.status = ${f.status}` : OPEN);
    if (f.downlineUsername) conds.push(sql`d.username_key = ${f.downlineUsername.toLowerCase()}`);
    return pageOf(db, sql.join(conds, sql` and `), f.offset, f.limit);
  },

  async pageOfMerchant(
    db: Executor,
    merchantId: number,
    f: {
      kind?: TContractKind;
      status?: TContractStatus;
      username?: string;
      topLevel?: boolean;
      offset: number;
      limit: number;
    },
  ): Promise<{ list: ContractRow[]; total: number }> {
    const conds = [sql`c.merchant_id = ${merchantId}`];
    if (f.kind) conds.push(sql`c.kind = ${f.kind}`);
    if (f.status) conds.push(sql`c.status = ${f.status}`);
    if (f.topLevel === true) conds.push(sql`c.upline_id is null`);
    if (f.topLevel === false) conds.push(sql`c.upline_id is not null`);
    if (f.username) {
      const key = f.username.toLowerCase();
      conds.push(sql`(d.username_key = ${key} or u.username_key = ${key})`);
    }
    return pageOf(db, sql.join(conds, sql` and `), f.offset, f.limit);
  },

  async tiersOf(db: Executor, ids: number[]): Promise<Map<number, Tier[]>> {
    const out = new Map<number, Tier[]>();
    if (ids.length === 0) return out;
    const list = await rows<{
      contractId: number;
      validBet: bigint | string;
      activeMembers: number;
      netLoss: bigint | string;
      rateBp: number;
    }>(
      db,
      sql`select contract_id as "contractId", min_valid_bet as "validBet", min_active_members as "activeMembers",
                 min_net_loss as "netLoss", rate_bp as "rateBp"
          from agent_contract_tier where contract_id in (${sql.join(ids, sql`, `)})
          order by contract_id, seq`,
    );
    for (const t of list) {
      const id = Number(t.contractId);
      const tiers = out.get(id) ?? [];
      tiers.push({
        validBet: BigInt(t.validBet),
        activeMembers: Number(t.activeMembers),
        netLoss: BigInt(t.netLoss),
        rateBp: Number(t.rateBp),
      });
      out.set(id, tiers);
    }
    return out;
  },

  /** The member's open contracts (as downline), for the consolidated flags. */
  async openOf(db: Executor, memberId: number): Promise<{ kind: TContractKind; status: TContractStatus }[]> {
    return rows(
      db,
      sql`select kind, status from agent_contract where downline_id = ${memberId} and status in ('offered', 'active')`,
    );
  },

  /** Every active contract of a merchant (or of all merchants): the invariant check reads them. */
  allActive(db: Executor, merchantId?: number): Promise<ContractRow[]> {
    return select(
      db,
      merchantId === undefined
        ? sql`c.status = 'active'`
        : sql`c.merchant_id = ${merchantId} and c.status = 'active'`,
      sql`order by c.id`,
    );
  },
};

async function pageOf(db: Executor, where: SQL, offset: number, limit: number) {
  const [count] = await rows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from agent_contract c join member d on d.id = c.downline_id
        left join member u on u.id = c.upline_id where ${where}`,
  );
  const list = await select(db, where, sql`order by c.id desc limit ${limit} offset ${offset}`);
  return { list, total: Number(count?.n ?? 0) };
}
