import { sql } from 'drizzle-orm';
import { REBATE_ENTRY_TYPES } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { rows } from '../../platform/sql.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import { merchantTimeZone, windowIsFinal } from '../team-figure/index.js';
import { heldLevelSql, rolledBetsSql, validBetsSql } from './rebate.bets.js';
import { payBatch } from './rebate.pay.js';
import { rebateRepo, type RebateSettingRow, type RunRow } from './rebate.repo.js';
import { countedBefore, rebateBetsCounted } from './rebate.rollup.js';

/** Accrual rows paid per ledger transaction (a crash loses at most one batch's work, never money). */
export const PAY_BATCH = 5_000;
/** How far the app's clock may run ahead of the database's before it is taken for a moved (test) one. */
const CLOCK_SKEW_MS = 60_000;
/** Advisory lock of a merchant's rebate days: the nightly computation holds it exclusively, claims shared. */
export const REBATE_LOCK = 727050;

export interface Period {
  from: string;
  to: string;
  /** UTC instants of the merchant's midnights: [start, end) */
  start: Date;
  end: Date;
}

/** A merchant date's midnight (yyyy-MM-dd, `add` days later) as a UTC instant. */
export function midnight(timeZone: string, date: string, add = 0): Date {
  return merchantDayStart(timeZone, new Date(`${date}T12:00:00Z`), add);
}
export const localDate = (timeZone: string, at: Date) => formatMerchantTime(at, timeZone).slice(0, 10);

export function dayPeriod(timeZone: string, date: string): Period {
  const start = midnight(timeZone, date);
  const end = midnight(timeZone, date, 1);
  return { from: date, to: date, start, end };
}

/** The Monday-to-Sunday week (merchant time) holding `date`. */
export function weekPeriod(timeZone: string, date: string): Period {
  const dow = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  const start = midnight(timeZone, date, -dow);
  const end = midnight(timeZone, date, 7 - dow);
  const from = localDate(timeZone, start);
  return { from, to: localDate(timeZone, new Date(end.getTime() - 3_600_000)), start, end };
}

/**
 * Whether nothing can join a window ending at `end` any more: the app's clock has passed it and no
 * transaction that began before it is still open (the journal stamps rows with their transaction's
 * start). An app clock far ahead of the database's (a test's moved clock) counts what is written,
 * unless `strict` (the scheduled run): a moved clock never makes it pay a day the database has not
 * finished (the e2e server's clock is moved a day forward by specs that count balances exactly).
 */
export async function windowClosed(
  db: Db,
  end: Date,
  now: Date,
  opts: { strict?: boolean } = {},
): Promise<boolean> {
  if (now < end) return false;
  const [r] = await rows<{ now: Date | string }>(db, sql`select now() as now`);
  const moved = now.getTime() - new Date(r!.now).getTime() > CLOCK_SKEW_MS;
  if (moved) return !opts.strict;
  return windowIsFinal(db, end);
}

export interface RunSummary {
  run: RunRow;
  /** accrual rows paid by this call (0 on a rerun of a finished run) */
  paidNow: number;
  /**
   * where this call read the day's valid bets when it computed the run: the roll-up, or (the roll-up
   * not complete for the day) the journal; undefined when the run was already computed
   */
  betsFrom?: 'rollup' | 'journal';
  /** where this call's time went, seconds: bringing the roll-up up to date, the accruals, the payment */
  seconds: { catchUp: number; accrue: number; pay: number };
}

/**
 * The nightly rebate of one merchant day: one statement computes every member's accrual per product
 * type (valid bets of the day minus what manual claims covered, at the held VIP level's rate, capped,
 * held back under the minimum) into rows keyed by (member, day, type), in the transaction that
 * creates the run; then the pending rows are paid in batches. A rerun, or a second instance, finds
 * the run: a finished one pays nothing, one cut short pays what is still pending.
 */
export async function runRebateDay(
  db: Db,
  merchantId: number,
  date: string,
  opts: PayOptions = {},
): Promise<RunSummary> {
  const tz = await merchantTimeZone(db, merchantId);
  const p = dayPeriod(tz, date);
  let run = await rebateRepo.findRun(db, merchantId, 'rebate', p.from);
  let betsFrom: RunSummary['betsFrom'];
  const at = [performance.now()];
  if (!run) {
    const setting = await rebateRepo.setting(db, merchantId);
    // the day's valid bets from the roll-up once it has counted the whole day (the job keeps it
    // within a minute or so); otherwise (the roll-up stuck behind a transaction) from the journal
    const rolled = await rebateBetsCounted(db, p.end);
    at.push(performance.now());
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REBATE_LOCK}, ${merchantId})`);
      const id = await rebateRepo.insertRun(tx, { merchantId, kind: 'rebate', from: p.from, to: p.to });
      if (id === undefined) return;
      // a big day: hash joins and aggregates in memory
      await tx.execute(sql`set local work_mem = '256MB'`);
      const fromRollup = rolled && (await countedBefore(tx, p.end));
      betsFrom = fromRollup ? 'rollup' : 'journal';
      await tx.execute(accrueSql(merchantId, p, id, setting, fromRollup));
      await rebateRepo.noteComputed(tx, 'rebate_accrual', id);
    });
    run = (await rebateRepo.findRun(db, merchantId, 'rebate', p.from))!;
  }
  while (at.length < 3) at.push(performance.now());
  const done = await payRun(
    db,
    run,
    'rebate_accrual',
    REBATE_ENTRY_TYPES.daily,
    'rebate_run',
    'Daily rebate',
    opts,
  );
  const s = (a: number, b: number) => (b - a) / 1000;
  return {
    run: done,
    paidNow: 0,
    betsFrom,
    seconds: { catchUp: s(at[0]!, at[1]!), accrue: s(at[1]!, at[2]!), pay: s(at[2]!, performance.now()) },
  };
}

function accrueSql(merchantId: number, p: Period, runId: bigint, s: RebateSettingRow, fromRollup: boolean) {
  const cap = s.rebateCap === null ? sql`null::bigint` : sql`${s.rebateCap.toString()}::bigint`;
  const bets = fromRollup
    ? rolledBetsSql({ merchantId, day: p.from })
    : validBetsSql({ merchantId, from: p.start, to: p.end });
  return sql`
    with ${bets},
    claimed as (
      select member_id, game_type, max(base_to) as base_to, sum(amount) as amount
      from rebate_accrual where merchant_id = ${merchantId} and day = ${p.from}::date and source = 'claim'
      group by member_id, game_type
    ),
    x as (
      select b.member_id, b.game_type, b.valid_bet,
        greatest(b.valid_bet - coalesce(c.base_to, 0), 0) as base,
        coalesce((lv.rebate_bps ->> b.game_type)::int, 0) as rate,
        coalesce(c.amount, 0) as claimed_amount
      from bets b
      left join claimed c on c.member_id = b.member_id and c.game_type = b.game_type
      ${heldLevelSql(merchantId, sql`b.member_id`)}
    ),
    y as (
      select x.*, case when ${cap} is null then x.base * x.rate / 10000
                       else least(x.base * x.rate / 10000, greatest(${cap} - x.claimed_amount, 0)) end as amount
      from x where x.rate > 0 and x.base > 0
    ),
    z as (
      select y.*, sum(y.amount) over (partition by y.member_id) as member_total from y where y.amount > 0
    )
    insert into rebate_accrual (merchant_id, member_id, day, game_type, source, run_id, base, base_to, rate_bps, amount, status)
    select ${merchantId}, z.member_id, ${p.from}::date, z.game_type, 'run', ${runId.toString()}::bigint, z.base, z.valid_bet,
      z.rate, z.amount,
      case when ${s.rebateMode}::text = 'claim' then 'accrued'
           when z.member_total < ${s.rebateMinPayout.toString()}::bigint then 'below_min'
           else 'pending' end
    from z order by z.member_id, z.game_type
    on conflict (member_id, day, game_type) where source = 'run' do nothing`;
}

export interface PayOptions {
  /** accrual rows per ledger transaction (PAY_BATCH) */
  batch?: number;
  /** stop after this many batches, leaving the run unfinished (a test's crash) */
  maxBatches?: number;
}

/** Pays a run's pending rows in batches, then marks it done (idempotent). */
async function payRun(
  db: Db,
  run: RunRow,
  table: 'rebate_accrual' | 'cashback_accrual',
  entryType: string,
  keyPrefix: string,
  remark: string,
  opts: PayOptions = {},
): Promise<RunRow> {
  if (run.status === 'done') return run;
  const batch = opts.batch ?? PAY_BATCH;
  let after = 0n;
  for (let n = 0; ; n++) {
    if (opts.maxBatches !== undefined && n >= opts.maxBatches) return run;
    const ids = await rebateRepo.pendingIds(db, table, run.id, batch, after);
    if (ids.length === 0) break;
    for (const id of ids) if (id > after) after = id;
    await db.transaction((tx) =>
      payBatch(tx, { merchantId: run.merchantId, table, ids, entryType, keyPrefix, remark }),
    );
    if (ids.length < batch) break;
  }
  await rebateRepo.finishRun(db, table, run.id);
  return (await rebateRepo.runById(db, run.merchantId, run.id))!;
}

/**
 * Cash back of one period (a day, or a Monday-to-Sunday week): per member, a share of its net loss
 * (stakes of the rounds settled in the period - their wins - the bonuses and rebates paid to it in the
 * period, when the merchant says so), from the merchant's minimum loss, capped; one row per member
 * and period, paid in batches like the rebate.
 */
export async function runCashback(db: Db, merchantId: number, p: Period): Promise<RunSummary> {
  let run = await rebateRepo.findRun(db, merchantId, 'cashback', p.from);
  if (!run) {
    const s = await rebateRepo.setting(db, merchantId);
    await db.transaction(async (tx) => {
      const id = await rebateRepo.insertRun(tx, { merchantId, kind: 'cashback', from: p.from, to: p.to });
      if (id === undefined) return;
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(cashbackSql(merchantId, p, id, s));
      await rebateRepo.noteComputed(tx, 'cashback_accrual', id);
    });
    run = (await rebateRepo.findRun(db, merchantId, 'cashback', p.from))!;
  }
  return {
    run: await payRun(db, run, 'cashback_accrual', REBATE_ENTRY_TYPES.cashback, 'cashback_run', 'Cash back'),
    paidNow: 0,
    seconds: { catchUp: 0, accrue: 0, pay: 0 },
  };
}

function cashbackSql(merchantId: number, p: Period, runId: bigint, s: RebateSettingRow) {
  const cap = s.cashbackCap === null ? sql`null::bigint` : sql`${s.cashbackCap.toString()}::bigint`;
  const start = sql`${p.start.toISOString()}::timestamptz`;
  const end = sql`${p.end.toISOString()}::timestamptz`;
  return sql`
    with ${validBetsSql({ merchantId, from: p.start, to: p.end })},
    per as (select member_id, sum(valid_bet)::bigint as stake, sum(win)::bigint as win from bets group by member_id),
    bon as (
      select e.member_id, sum(l.amount)::bigint as bonus
      from ledger_entry e
      join ledger_line l on l.entry_id = e.id and l.amount > 0
      join ledger_account a on a.id = l.account_id and a.member_id = e.member_id
      where e.merchant_id = ${merchantId} and e.member_id in (select member_id from per)
        and e.created_at >= ${start} and e.created_at < ${end}
        and (e.type like 'bonus%' or e.type like 'rebate%') and e.type <> ${REBATE_ENTRY_TYPES.cashback}
      group by e.member_id
    ),
    y as (
      select per.member_id, per.stake, per.win,
        case when ${s.cashbackNetOfBonus}::boolean then coalesce(bon.bonus, 0) else 0 end as bonus
      from per left join bon on bon.member_id = per.member_id
    ),
    z as (
      select y.*, y.stake - y.win - y.bonus as net_loss from y
    ),
    w as (
      select z.*, case when ${cap} is null then z.net_loss * ${s.cashbackBps}::int / 10000
                       else least(z.net_loss * ${s.cashbackBps}::int / 10000, ${cap}) end as amount
      from z where z.net_loss > 0 and z.net_loss >= ${s.cashbackMinLoss.toString()}::bigint
    )
    insert into cashback_accrual (merchant_id, member_id, run_id, period_from, stake, win, bonus, net_loss, rate_bps, amount, status)
    select ${merchantId}, w.member_id, ${runId.toString()}::bigint, ${p.from}::date, w.stake, w.win, w.bonus, w.net_loss,
      ${s.cashbackBps}::int, w.amount, 'pending'
    from w where w.amount > 0 order by w.member_id
    on conflict (member_id, period_from) do nothing`;
}

/**
 * The scheduled run: in each merchant with rebate rates or cash back, yesterday's rebate and the
 * last closed cash-back period, once their journal rows are final. A day missed entirely (the job
 * down over a whole day) is run by an operator (POST /admin/api/rebate-runs).
 */
export async function runDue(db: Db, now: Date): Promise<number> {
  let runs = 0;
  for (const merchantId of await rebateRepo.activeMerchants(db)) {
    const tz = await merchantTimeZone(db, merchantId);
    const yesterday = localDate(tz, merchantDayStart(tz, now, -1));
    const day = dayPeriod(tz, yesterday);
    if (!(await windowClosed(db, day.end, now, { strict: true }))) continue;
    const done = async (kind: string, from: string) =>
      (await rebateRepo.findRun(db, merchantId, kind, from))?.status === 'done';
    if (!(await done('rebate', day.from))) {
      await runRebateDay(db, merchantId, day.from);
      runs++;
    }
    const s = await rebateRepo.setting(db, merchantId);
    if (s.cashbackPeriod === 'off') continue;
    const period = s.cashbackPeriod === 'daily' ? day : weekPeriod(tz, yesterday);
    // a week is closed once its Sunday is
    if (period.end.getTime() !== day.end.getTime()) continue;
    if (!(await done('cashback', period.from))) {
      await runCashback(db, merchantId, period);
      runs++;
    }
  }
  return runs;
}
