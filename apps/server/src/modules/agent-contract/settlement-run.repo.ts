import { sql } from 'drizzle-orm';
import type { TContractKind, TContractPeriod } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface SettlementRunRow {
  id: number;
  kind: TContractKind;
  period: TContractPeriod;
  periodStart: Date | string;
  periodEnd: Date | string;
  trigger: 'schedule' | 'operator';
  operatorUsername: string | null;
  startedAt: Date | string;
  finishedAt: Date | string | null;
  contracts: number;
  settled: number;
  totalOwed: string;
  totalPaid: string;
  shortCount: number;
  error: string | null;
}

const SELECT = sql`select r.id, r.kind, r.period, r.period_start as "periodStart", r.period_end as "periodEnd",
  r.trigger, o.username as "operatorUsername", r.started_at as "startedAt", r.finished_at as "finishedAt",
  r.contracts, r.settled, r.total_owed::text as "totalOwed", r.total_paid::text as "totalPaid",
  r.short_count as "shortCount", r.error
  from settlement_run r left join operator o on o.id = r.operator_id`;

/** SQL only: the record of settlement runs. */
export const settlementRunRepo = {
  async start(
    db: Executor,
    r: {
      merchantId: number;
      kind: TContractKind;
      period: TContractPeriod;
      from: Date;
      to: Date;
      trigger: 'schedule' | 'operator';
      operatorId: number | null;
      startedAt: Date;
      contracts: number;
    },
  ): Promise<number> {
    const [row] = await rows<{ id: number }>(
      db,
      sql`insert into settlement_run (merchant_id, kind, period, period_start, period_end, trigger, operator_id,
            started_at, contracts)
          values (${r.merchantId}, ${r.kind}, ${r.period}, ${r.from.toISOString()}::timestamptz,
            ${r.to.toISOString()}::timestamptz, ${r.trigger}, ${r.operatorId}, ${r.startedAt.toISOString()}::timestamptz,
            ${r.contracts})
          returning id`,
    );
    return Number(row!.id);
  },

  async finish(
    db: Executor,
    id: number,
    s: { settled: number; owed: bigint; paid: bigint; short: number; error?: string },
    at: Date,
  ) {
    await db.execute(
      sql`update settlement_run set finished_at = ${at.toISOString()}::timestamptz, settled = ${s.settled},
            total_owed = ${s.owed.toString()}::bigint, total_paid = ${s.paid.toString()}::bigint,
            short_count = ${s.short}, error = ${s.error ?? null}
          where id = ${id}`,
    );
  },

  /** A scheduled run that found nothing left to settle (another run got there) is not worth a row. */
  async drop(db: Executor, id: number) {
    await db.execute(sql`delete from settlement_run where id = ${id}`);
  },

  async get(db: Executor, merchantId: number, id: number) {
    const [r] = await rows<SettlementRunRow>(
      db,
      sql`${SELECT} where r.merchant_id = ${merchantId} and r.id = ${id}`,
    );
    return r;
  },

  /** A merchant's runs, newest period first (periods starting in [from, to) when given). */
  async page(
    db: Executor,
    merchantId: number,
    f: { kind?: TContractKind; from?: Date; to?: Date; offset: number; limit: number },
  ) {
    const conds = [sql`r.merchant_id = ${merchantId}`];
    if (f.kind) conds.push(sql`r.kind = ${f.kind}`);
    if (f.from) conds.push(sql`r.period_start >= ${f.from.toISOString()}::timestamptz`);
    if (f.to) conds.push(sql`r.period_start < ${f.to.toISOString()}::timestamptz`);
    const where = sql.join(conds, sql` and `);
    const [n] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from settlement_run r where ${where}`,
    );
    const list = await rows<SettlementRunRow>(
      db,
      sql`${SELECT} where ${where} order by r.period_start desc, r.id desc limit ${f.limit} offset ${f.offset}`,
    );
    return { list, total: Number(n?.n ?? 0) };
  },
};
