import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface RebateSettingRow {
  rebateMode: 'auto' | 'claim';
  rebateMinPayout: bigint;
  rebateCap: bigint | null;
  cashbackPeriod: 'off' | 'daily' | 'weekly';
  cashbackBps: number;
  cashbackNetOfBonus: boolean;
  cashbackMinLoss: bigint;
  cashbackCap: bigint | null;
}

export const DEFAULT_SETTING: RebateSettingRow = {
  rebateMode: 'auto',
  rebateMinPayout: 0n,
  rebateCap: null,
  cashbackPeriod: 'off',
  cashbackBps: 0,
  cashbackNetOfBonus: true,
  cashbackMinLoss: 0n,
  cashbackCap: null,
};

export interface RunRow {
  id: bigint;
  merchantId: number;
  kind: 'rebate' | 'cashback';
  periodFrom: string;
  periodTo: string;
  status: 'computed' | 'done';
  members: number;
  accrued: bigint;
  paid: bigint;
  startedAt: Date;
  finishedAt: Date | null;
}

const big = (v: bigint | null) => (v === null ? null : sql`${v.toString()}::bigint`);
const nBig = (v: string | null) => (v === null ? null : BigInt(v));

const RUN_SELECT = sql`select id::text as id, merchant_id as "merchantId", kind, period_from::text as "periodFrom",
  period_to::text as "periodTo", status, members, accrued::text as accrued, paid::text as paid,
  started_at as "startedAt", finished_at as "finishedAt" from rebate_run`;
type RawRun = Omit<RunRow, 'id' | 'accrued' | 'paid'> & { id: string; accrued: string; paid: string };
const toRun = (r: RawRun): RunRow => ({
  ...r,
  id: BigInt(r.id),
  merchantId: Number(r.merchantId),
  members: Number(r.members),
  accrued: BigInt(r.accrued),
  paid: BigInt(r.paid),
  startedAt: new Date(r.startedAt),
  finishedAt: r.finishedAt ? new Date(r.finishedAt) : null,
});

/** SQL of settings, runs and the member-facing reads. Each call takes its executor. */
export const rebateRepo = {
  async setting(db: Executor, merchantId: number): Promise<RebateSettingRow> {
    const [r] = await rows<Record<string, string | number | boolean | null>>(
      db,
      sql`select rebate_mode, rebate_min_payout::text, rebate_cap::text, cashback_period, cashback_bps,
            cashback_net_of_bonus, cashback_min_loss::text, cashback_cap::text
          from rebate_setting where merchant_id = ${merchantId}`,
    );
    if (!r) return { ...DEFAULT_SETTING };
    return {
      rebateMode: r.rebate_mode as 'auto' | 'claim',
      rebateMinPayout: BigInt(r.rebate_min_payout as string),
      rebateCap: nBig(r.rebate_cap as string | null),
      cashbackPeriod: r.cashback_period as RebateSettingRow['cashbackPeriod'],
      cashbackBps: Number(r.cashback_bps),
      cashbackNetOfBonus: Boolean(r.cashback_net_of_bonus),
      cashbackMinLoss: BigInt(r.cashback_min_loss as string),
      cashbackCap: nBig(r.cashback_cap as string | null),
    };
  },

  async saveSetting(db: Executor, merchantId: number, s: RebateSettingRow) {
    await db.execute(
      sql`insert into rebate_setting (merchant_id, rebate_mode, rebate_min_payout, rebate_cap, cashback_period,
            cashback_bps, cashback_net_of_bonus, cashback_min_loss, cashback_cap)
          values (${merchantId}, ${s.rebateMode}, ${big(s.rebateMinPayout)}, ${big(s.rebateCap)}, ${s.cashbackPeriod},
            ${s.cashbackBps}, ${s.cashbackNetOfBonus}, ${big(s.cashbackMinLoss)}, ${big(s.cashbackCap)})
          on conflict (merchant_id) do update set rebate_mode = excluded.rebate_mode,
            rebate_min_payout = excluded.rebate_min_payout, rebate_cap = excluded.rebate_cap,
            cashback_period = excluded.cashback_period, cashback_bps = excluded.cashback_bps,
            cashback_net_of_bonus = excluded.cashback_net_of_bonus, cashback_min_loss = excluded.cashback_min_loss,
            cashback_cap = excluded.cashback_cap, updated_at = now()`,
    );
  },

  /** Merchants a run may concern: with VIP rebate rates, or with cash back on. */
  async activeMerchants(db: Executor): Promise<number[]> {
    const list = await rows<{ id: number }>(
      db,
      sql`select distinct merchant_id as id from vip_level where rebate_bps <> '{}'::jsonb
          union select merchant_id from rebate_setting where cashback_period <> 'off' order by 1`,
    );
    return list.map((r) => Number(r.id));
  },

  async findRun(db: Executor, merchantId: number, kind: string, from: string): Promise<RunRow | undefined> {
    const [r] = await rows<RawRun>(
      db,
      sql`${RUN_SELECT} where merchant_id = ${merchantId} and kind = ${kind} and period_from = ${from}::date`,
    );
    return r ? toRun(r) : undefined;
  },

  async runById(db: Executor, merchantId: number, id: bigint): Promise<RunRow | undefined> {
    const [r] = await rows<RawRun>(
      db,
      sql`${RUN_SELECT} where merchant_id = ${merchantId} and id = ${id.toString()}::bigint`,
    );
    return r ? toRun(r) : undefined;
  },

  /** undefined when the run exists already (another instance, or an earlier attempt, made it). */
  async insertRun(
    db: Executor,
    r: { merchantId: number; kind: string; from: string; to: string },
  ): Promise<bigint | undefined> {
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into rebate_run (merchant_id, kind, period_from, period_to)
          values (${r.merchantId}, ${r.kind}, ${r.from}::date, ${r.to}::date)
          on conflict (merchant_id, kind, period_from) do nothing returning id::text`,
    );
    return row ? BigInt(row.id) : undefined;
  },

  async noteComputed(db: Executor, table: 'rebate_accrual' | 'cashback_accrual', runId: bigint) {
    await db.execute(
      sql`update rebate_run set
            members = (select count(distinct member_id) from ${sql.raw(table)} where run_id = ${runId.toString()}::bigint),
            accrued = (select coalesce(sum(amount), 0) from ${sql.raw(table)} where run_id = ${runId.toString()}::bigint)
          where id = ${runId.toString()}::bigint`,
    );
  },

  /** A run's pending rows after id `after` (the payment goes on from the last batch, not from the start). */
  async pendingIds(
    db: Executor,
    table: 'rebate_accrual' | 'cashback_accrual',
    runId: bigint,
    limit: number,
    after = 0n,
  ) {
    const list = await rows<{ id: string }>(
      db,
      sql`select id::text as id from ${sql.raw(table)}
          where run_id = ${runId.toString()}::bigint and id > ${after.toString()}::bigint and status = 'pending'
          order by ${sql.raw(table)}.id limit ${limit}`,
    );
    return list.map((r) => BigInt(r.id));
  },

  async finishRun(db: Executor, table: 'rebate_accrual' | 'cashback_accrual', runId: bigint) {
    await db.execute(
      sql`update rebate_run set status = 'done', finished_at = now(),
            paid = (select coalesce(sum(amount), 0) from ${sql.raw(table)}
                    where run_id = ${runId.toString()}::bigint and status = 'paid')
          where id = ${runId.toString()}::bigint`,
    );
  },

  async listRuns(db: Executor, merchantId: number, kind: string | undefined, limit: number, offset: number) {
    const where = sql`merchant_id = ${merchantId} ${kind ? sql`and kind = ${kind}` : sql``}`;
    const list = await rows<RawRun>(
      db,
      sql`${RUN_SELECT} where ${where} order by id desc limit ${limit} offset ${offset}`,
    );
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from rebate_run where ${where}`);
    return { list: list.map(toRun), total: Number(n?.n ?? 0) };
  },

  /** One run's per-member rows (rebate: per product type; cash back: per member). */
  async runResults(db: Executor, run: RunRow, f: { memberId?: number; limit: number; offset: number }) {
    const member = f.memberId ? sql`and r.member_id = ${f.memberId}` : sql``;
    const source =
      run.kind === 'rebate'
        ? sql`select r.id, r.member_id, r.game_type, r.base, r.rate_bps, r.amount, r.status from rebate_accrual r
              where r.run_id = ${run.id.toString()}::bigint ${member}`
        : sql`select r.id, r.member_id, null::text as game_type, r.net_loss as base, r.rate_bps, r.amount, r.status
              from cashback_accrual r where r.run_id = ${run.id.toString()}::bigint ${member}`;
    const list = await rows<{
      id: string;
      memberId: number;
      username: string;
      gameType: string | null;
      base: string;
      rateBps: number;
      amount: string;
      status: string;
    }>(
      db,
      sql`select x.id::text as id, x.member_id as "memberId", m.username, x.game_type as "gameType", x.base::text as base,
            x.rate_bps as "rateBps", x.amount::text as amount, x.status
          from (${source}) x join member m on m.id = x.member_id
          order by x.id limit ${f.limit} offset ${f.offset}`,
    );
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from (${source}) x`);
    return { list, total: Number(n?.n ?? 0) };
  },

  /** The member's rebate and cash-back rows, newest first. */
  async history(
    db: Executor,
    memberId: number,
    kind: 'rebate' | 'manual' | 'cashback' | undefined,
    limit: number,
    offset: number,
  ) {
    const all = sql`
      select r.id, case when r.source = 'claim' then 'manual' else 'rebate' end as kind, r.day, r.game_type,
        r.base, r.rate_bps, r.amount, r.status, r.created_at
      from rebate_accrual r where r.member_id = ${memberId}
      union all
      select c.id, 'cashback', c.period_from, null, c.net_loss, c.rate_bps, c.amount, c.status, c.created_at
      from cashback_accrual c where c.member_id = ${memberId}`;
    const where = kind ? sql`where x.kind = ${kind}` : sql``;
    const list = await rows<{
      id: string;
      kind: 'rebate' | 'manual' | 'cashback';
      day: string;
      gameType: string | null;
      base: string;
      rateBps: number;
      amount: string;
      status: 'pending' | 'accrued' | 'paid' | 'below_min';
      createdAt: Date | string;
    }>(
      db,
      sql`select x.kind || ':' || x.id as id, x.kind, x.day::text as day, x.game_type as "gameType", x.base::text as base,
            x.rate_bps as "rateBps", x.amount::text as amount, x.status, x.created_at as "createdAt"
          from (${all}) x ${where} order by x.created_at desc, x.id desc limit ${limit} offset ${offset}`,
    );
    const [t] = await rows<{ n: number; total: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(x.amount) filter (where x.status = 'paid'), 0)::text as total
          from (${all}) x ${where}`,
    );
    return { list, total: Number(t?.n ?? 0), totalAmount: BigInt(t?.total ?? '0') };
  },
};
