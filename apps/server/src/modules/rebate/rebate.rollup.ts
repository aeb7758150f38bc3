import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';
import { rolledUpTo, rollUpNow } from '../team-figure/index.js';

/**
 * Journal ids per roll-up transaction: bounds a step's time and memory when far behind (the first
 * run on a big journal, or after a stop). A day of 10 million bets is about 21 million ids.
 */
export const REBATE_ROLLUP_CHUNK = 2_000_000;
/** Advisory-lock key serialising the rebate roll-up's steps. */
const REBATE_ROLLUP_LOCK = 727052;

/**
 * The change, between journal ids lo and hi, of the valid bets of every round touched by rows
 * (lo, hi], added to `rebate_bet_day` per merchant day, member and product type.
 *
 * THE definition is rebate.bets.ts's (`validBetsSql`): a round counts once settled (an accepted
 * credit), in the merchant day of its first accepted credit (earliest `created_at`), for the stake
 * (accepted bets minus what rollbacks refunded, at least 0) of its rows stamped up to the end of that
 * day; its product type is its game's in the catalogue (the highest game code of its rows; a game the
 * catalogue does not know counts nothing). A round's state is a function of the set of its rows, so
 * the state as of hi counted in and the state as of lo counted out add up, step after step, to the
 * state of all its rows, whatever order they come in.
 *
 * A round's rows in (lo, hi] are summed from the range itself; its rows at or below lo are looked up
 * (the round index) only when they may exist: a credit in the range names the round's first bet
 * (first_bet_id), and when that is above lo no row of the round is at or below lo. Rounds with rows
 * stamped after their settlement day (a late rollback, a second credit the next day: rare) are
 * computed row by row.
 */
function deltaSql(lo: bigint, hi: bigint): SQL {
  const l = sql`${lo.toString()}::bigint`;
  const h = sql`${hi.toString()}::bigint`;
  const stakeOf = (t: string) =>
    sql.raw(
      `coalesce(sum(${t}amount) filter (where ${t}op = 'debit'), 0) - coalesce(sum(${t}amount) filter (where ${t}op = 'rollback'), 0)`,
    );
  return sql`
    with v as (
      select v.merchant_id, v.vendor_code, v.member_id, v.round_id, v.op, v.amount, v.game_code, v.first_bet_id,
        (v.created_at at time zone mc.time_zone)::date as d
      from vendor_txn v join merchant mc on mc.id = v.merchant_id
      where v.id > ${l} and v.id <= ${h} and v.status = 'ok'
    ),
    -- per round, its rows in the range: whether none can lie at or below lo, the day of its first
    -- credit (dc), the last day of its rows (dmax), stake, game
    r as materialized (
      select merchant_id, member_id,
        vendor_code collate "C" collate "default" as vendor_code,
        round_id collate "C" collate "default" as round_id,
        coalesce(bool_or(first_bet_id > ${l}), false) as fresh,
        min(d) filter (where op = 'credit') as dc,
        max(d) as dmax,
        ${stakeOf('')} as stake,
        max(game_code) as game_code
      from v
      -- byte order: any order will do, and sorting text keys in it is several times faster
      group by merchant_id, vendor_code collate "C", member_id, round_id collate "C"
    ),
    -- the same of its rows at or below lo, for the rounds that may have some
    o0 as materialized (
      select r.*, p.*
      from r join merchant mc on mc.id = r.merchant_id
      cross join lateral (
        select min((e.created_at at time zone mc.time_zone)::date) filter (where e.op = 'credit') as dc_lo,
          max((e.created_at at time zone mc.time_zone)::date) as dmax_lo,
          ${stakeOf('e.')} as stake_lo,
          max(e.game_code) as game_lo
        from vendor_txn e
        where e.merchant_id = r.merchant_id and e.vendor_code = r.vendor_code and e.member_id = r.member_id
          and e.round_id = r.round_id and e.status = 'ok' and e.id <= ${l}) p
      where not r.fresh
    ),
    o as (
      select o0.*,
        (least(dc, dc_lo) is not null and greatest(dmax, dmax_lo) > least(dc, dc_lo))
          or (dc_lo is not null and dmax_lo > dc_lo) as complex
      from o0
    ),
    -- rounds with rows stamped after their settlement day: each state row by row
    cx as (
      select merchant_id, member_id, vendor_code, round_id from r where fresh and dc is not null and dmax > dc
      union all
      select merchant_id, member_id, vendor_code, round_id from o where complex
    ),
    cw as (
      select c.merchant_id, c.member_id, c.vendor_code, c.round_id, a.sign, e.op, e.amount, e.d,
        min(e.d) filter (where e.op = 'credit') over w as dc,
        max(e.game_code) over w as game_code
      from cx c
      join merchant mc on mc.id = c.merchant_id
      cross join (values (1, ${h}), (-1, ${l})) a(sign, upto)
      cross join lateral (
        select e.op, e.amount, e.game_code, (e.created_at at time zone mc.time_zone)::date as d
        from vendor_txn e
        where e.merchant_id = c.merchant_id and e.vendor_code = c.vendor_code and e.member_id = c.member_id
          and e.round_id = c.round_id and e.status = 'ok' and e.id <= a.upto) e
      window w as (partition by c.merchant_id, c.member_id, c.vendor_code, c.round_id, a.sign)
    ),
    cs as (
      select merchant_id, member_id, vendor_code, sign, dc, game_code,
        coalesce(sum(amount) filter (where op = 'debit' and d <= dc), 0)
          - coalesce(sum(amount) filter (where op = 'rollback' and d <= dc), 0) as stake
      from cw where dc is not null
      group by merchant_id, member_id, vendor_code, round_id, sign, dc, game_code
    ),
    -- every round's valid bet as of hi counted in, as of lo counted out
    x as (
      select merchant_id, member_id, dc as day, vendor_code, game_code, greatest(stake, 0) as valid_bet
      from r where fresh and dc is not null and dmax <= dc
      union all
      select merchant_id, member_id, least(dc, dc_lo), vendor_code, greatest(game_code, game_lo),
        greatest(stake + stake_lo, 0)
      from o where not complex and least(dc, dc_lo) is not null
      union all
      select merchant_id, member_id, dc_lo, vendor_code, game_lo, -greatest(stake_lo, 0)
      from o where not complex and dc_lo is not null
      union all
      select merchant_id, member_id, dc, vendor_code, game_code, sign * greatest(stake, 0) from cs
    ),
    g as (
      select merchant_id, member_id, day, vendor_code, game_code, sum(valid_bet) as valid_bet
      from x group by merchant_id, member_id, day, vendor_code, game_code
    ),
    t as (
      select g.merchant_id, g.day, g.member_id, gm.game_type, sum(g.valid_bet)::bigint as valid_bet
      from g join game gm on gm.vendor_code = g.vendor_code and gm.game_code = g.game_code
      group by g.merchant_id, g.day, g.member_id, gm.game_type
      having sum(g.valid_bet) <> 0
    )
    insert into rebate_bet_day (merchant_id, day, member_id, game_type, valid_bet)
    select merchant_id, day, member_id, game_type, valid_bet from t
    order by merchant_id, day, member_id, game_type
    on conflict (merchant_id, day, member_id, game_type)
    do update set valid_bet = rebate_bet_day.valid_bet + excluded.valid_bet`;
}

export interface RebateRollupStep {
  /** journal ids (lo, hi] were counted in this step */
  lo: bigint;
  hi: bigint;
  /** how far the team figures had counted (what this roll-up may reach) */
  target: bigint;
}

async function doneId(db: Executor): Promise<bigint> {
  const [r] = await rows<{ doneId: string }>(
    db,
    sql`select done_id::text as "doneId" from rebate_rollup_state`,
  );
  return BigInt(r?.doneId ?? 0);
}

/**
 * One step, in one transaction: the valid bets of journal rows (done_id, hi] are added and done_id
 * moves to hi in the same commit; steps are serialised by a lock, so nothing is counted twice. hi
 * never passes the team figures' final id (every id up to it is committed; no lower one can come).
 */
export async function rebateRollUpStep(db: Db, chunk = REBATE_ROLLUP_CHUNK): Promise<RebateRollupStep> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REBATE_ROLLUP_LOCK})`);
    // aggregates of up to millions of rows: hash tables in memory, and no compiling (JIT)
    await tx.execute(sql`select set_config('work_mem', '512MB', true), set_config('jit', 'off', true)`);
    const lo = await doneId(tx);
    const target = await rolledUpTo(tx, 'vendor_txn');
    const cap = lo + BigInt(chunk);
    const hi = target < cap ? target : cap;
    if (hi <= lo) return { lo, hi: lo, target };
    await tx.execute(deltaSql(lo, hi));
    await tx.execute(
      sql`update rebate_rollup_state set done_id = ${hi.toString()}::bigint, updated_at = now()`,
    );
    return { lo, hi, target };
  });
}

/** Rolls the rebate's valid bets up as far as the team figures have counted (the job's run). */
export async function rollUpRebateBets(db: Db, chunk = REBATE_ROLLUP_CHUNK): Promise<bigint> {
  for (;;) {
    const step = await rebateRollUpStep(db, chunk);
    if (step.hi >= step.target || step.hi === step.lo) return step.hi;
  }
}

/**
 * Whether the roll-up has counted every wallet row stamped before `end` (after rolling the figures
 * and the rebate's valid bets up to what is committed now). Once a day has closed (no transaction
 * begun before its end is open), its rows of rebate_bet_day are then final: a row stamped later
 * changes no round settled that day.
 */
export async function rebateBetsCounted(db: Db, end: Date): Promise<boolean> {
  await rollUpNow(db, { timeoutMs: 5000 });
  await rollUpRebateBets(db);
  return countedBefore(db, end);
}

export async function countedBefore(db: Executor, end: Date): Promise<boolean> {
  const [r] = await rows<{ counted: boolean }>(
    db,
    sql`select not exists (
          select 1 from vendor_txn
          where id > (select done_id from rebate_rollup_state)
            and created_at < ${end.toISOString()}::timestamptz) as counted`,
  );
  return r?.counted === true;
}
