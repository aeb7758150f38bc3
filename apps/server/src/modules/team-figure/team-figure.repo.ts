import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';
import { reachRepo, type TouchedMember } from './team-figure.reach.js';

/** The journals the roll-up reads, each append-only and numbered by a sequence. */
export type FigureSource = 'vendor_txn' | 'ledger_entry' | 'member';
export const FIGURE_SOURCES: readonly FigureSource[] = ['vendor_txn', 'ledger_entry', 'member'];

/** The additive columns of every figure table, in one order. */
export const FIGURE_COLUMNS = [
  'valid_bet',
  'win',
  'bet_count',
  'deposit',
  'deposit_count',
  'first_deposit',
  'withdrawal',
  'withdrawal_count',
  'registered',
  'bonus',
  'rebate',
] as const;
export type FigureColumn = (typeof FIGURE_COLUMNS)[number];

/** Member types whose play and money count (players and agents; never trial or internal accounts). */
const COUNTED_TYPES = sql`(0, 1, 2, 41, 42)`;
/** Ledger entry types that are deposits and withdrawals (a refunded payout gives its withdrawal back). */
const MONEY_TYPES = sql`('deposit', 'withdraw', 'withdraw_refund')`;
/**
 * Entries the figures count: deposits and withdrawals, and what the house gave the member as bonus
 * (`bonus`, `bonus_*`) or rebate (`rebate`, `rebate_*`), the account record's own groups
 * (RECORD_TYPE_RULES). A bonus's amount is what it moved into the member's accounts: a grant counts,
 * a forfeit counts back, a conversion from the bonus account to MAIN nets to nothing.
 */
const isBonus = (e: string) => sql.raw(`(${e}.type = 'bonus' or ${e}.type like 'bonus\\_%')`);
const isRebate = (e: string) => sql.raw(`(${e}.type = 'rebate' or ${e}.type like 'rebate\\_%')`);
const counted = (e: string) => sql`(${sql.raw(e)}.type in ${MONEY_TYPES} or ${isBonus(e)} or ${isRebate(e)})`;

const tableOf: Record<FigureSource, SQL> = {
  vendor_txn: sql.raw('vendor_txn'),
  ledger_entry: sql.raw('ledger_entry'),
  member: sql.raw('member'),
};

const cols = (prefix = '') => sql.raw(FIGURE_COLUMNS.map((c) => `${prefix}${c}`).join(', '));
const sums = sql.raw(FIGURE_COLUMNS.map((c) => `sum(${c})::bigint as ${c}`).join(', '));
const nonZero = sql.raw(FIGURE_COLUMNS.map((c) => `sum(${c}) <> 0`).join(' or '));
const addExcluded = (table: string) =>
  sql.raw(FIGURE_COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));

/**
 * Adds delta rows (merchant_id, member_id, at, tz, <FIGURE_COLUMNS>) to the member hour and day
 * tables and to the team hour table of every upline of each member (member_tree depth >= 1), in one
 * statement. `at` is when the figure happened; its hour and day are the merchant's (tz). Each table's
 * rows go in in its key's order: a step adds to hundreds of thousands of them, and in key order each
 * index page is visited once rather than at random.
 */
function applyDeltas(deltas: SQL): SQL {
  return sql`
    with raw as (${deltas}),
    b as materialized (
      select merchant_id, member_id,
        at - ((at at time zone tz) - date_trunc('hour', at at time zone tz)) as hour,
        (at at time zone tz)::date as day,
        ${cols()}
      from raw
    ),
    mh as materialized (
      select merchant_id, member_id, hour, ${sums} from b group by merchant_id, member_id, hour having ${nonZero}
    ),
    ins_mh as (
      insert into figure_member_hour (merchant_id, member_id, hour, ${cols()})
      select merchant_id, member_id, hour, ${cols()} from mh order by member_id, hour
      on conflict (member_id, hour) do update set ${addExcluded('figure_member_hour')}
    ),
    md as (
      select merchant_id, member_id, day, ${sums} from b group by merchant_id, member_id, day having ${nonZero}
    ),
    ins_md as (
      insert into figure_member_day (merchant_id, member_id, day, ${cols()})
      select merchant_id, member_id, day, ${cols()} from md order by member_id, day
      on conflict (member_id, day) do update set ${addExcluded('figure_member_day')}
    ),
    th as (
      select mh.merchant_id, t.ancestor_id as agent_id, mh.hour, ${sums}
      from mh join member_tree t on t.descendant_id = mh.member_id and t.depth > 0
      group by mh.merchant_id, t.ancestor_id, mh.hour
      having ${nonZero}
    ),
    ins_th as (
      insert into figure_team_hour (merchant_id, agent_id, hour, ${cols()})
      select merchant_id, agent_id, hour, ${cols()} from th order by agent_id, hour
      on conflict (agent_id, hour) do update set ${addExcluded('figure_team_hour')}
    )
    select (select count(*) from mh)::int as n,
      (select coalesce(json_agg(x), '[]')::text from (
         select merchant_id, member_id, min(day)::text as lo, max(day)::text as hi,
           bool_and(deposit >= 0 and valid_bet >= 0) as grew
         from md where deposit <> 0 or valid_bet <> 0 group by merchant_id, member_id) x) as touched`;
}

const zeros = (except: Partial<Record<FigureColumn, SQL>>) =>
  sql.join(
    FIGURE_COLUMNS.map((c) => sql`${except[c] ?? sql`0`}::bigint as ${sql.raw(c)}`),
    sql`, `,
  );

/**
 * Vendor rounds touched by journal rows (lo, hi]: each round's figures as of hi minus the same as of
 * lo, so a round is counted once whatever the order its bets, wins and rollbacks arrive in, and a
 * re-run of a range adds nothing twice (the watermark moves in the same transaction).
 *
 * THE definition of a valid bet (issue 15): the stake of a settled round: a round is settled once a
 * win (credit, any amount, 0 for a loss) has been accepted for it; its stake is the sum of its
 * accepted bets minus what rollbacks refunded, so rolled-back and voided rounds count nothing. A
 * round not yet settled counts nothing until it is. GGR = valid bets - wins. The round belongs to
 * the hour of its earliest accepted bet, so a late settlement lands in the old round's bucket.
 *
 * A round's rows in (lo, hi] are summed from the range itself. Its rows at or below lo are looked up
 * (the round index, one read per round) only when they may exist: a credit in the range names the
 * round's first bet (first_bet_id, 0033), and when that is above lo no row of the round is at or
 * below lo. So only rounds without a credit in the range (bets still open, voided rounds), rounds
 * settled late, and rows from before 0033 are looked up. The deltas leave grouped per member and
 * merchant-local hour.
 */
function vendorDeltas(lo: bigint, hi: bigint): SQL {
  const l = sql`${lo.toString()}::bigint`;
  const h = sql`${hi.toString()}::bigint`;
  const fresh = sql`coalesce(bool_or(first_bet_id > ${l}), false)`;
  return sql`
    with r as materialized (
      select merchant_id, member_id,
        -- the keys only where the round is looked up below
        case when ${fresh} then null else vendor_code collate "C" collate "default" end as vendor_code,
        case when ${fresh} then null else round_id collate "C" collate "default" end as round_id,
        min(created_at) filter (where op = 'debit') as bet_at,
        coalesce(sum(amount) filter (where op = 'debit'), 0)
          - coalesce(sum(amount) filter (where op = 'rollback'), 0) as stake,
        coalesce(sum(amount) filter (where op = 'credit'), 0) as win,
        bool_or(op = 'credit') as credited,
        ${fresh} as fresh
      from vendor_txn where id > ${l} and id <= ${h} and status = 'ok'
      -- byte order: a sort of the text keys (when the rounds do not fit a hash table) is several
      -- times faster than in the database's collation, and any order will do
      group by merchant_id, vendor_code collate "C", member_id, round_id collate "C"
    ),
    o as materialized (
      select r.merchant_id, r.member_id, r.bet_at as bet_at_range, r.stake as stake_range, r.win as win_range,
        r.credited, p.*
      from r cross join lateral (
        select min(v.created_at) filter (where v.op = 'debit') as bet_at,
          coalesce(sum(v.amount) filter (where v.op = 'debit'), 0)
            - coalesce(sum(v.amount) filter (where v.op = 'rollback'), 0) as stake,
          coalesce(sum(v.amount) filter (where v.op = 'credit'), 0) as win,
          coalesce(bool_or(v.op = 'credit'), false) as settled
        from vendor_txn v
        where v.merchant_id = r.merchant_id and v.vendor_code = r.vendor_code and v.member_id = r.member_id
          and v.round_id = r.round_id and v.status = 'ok' and v.id <= ${l}) p
      where not r.fresh
    ),
    -- (sign, bet time, settled, stake, win): the round as it stands at hi counted in, as it stood at
    -- lo counted out (each in the hour of its first bet then: a bet placed before it may come later)
    x as (
      select merchant_id, member_id, 1 as sign, bet_at, credited as settled, stake, win from r where fresh
      union all
      select merchant_id, member_id, 1, least(bet_at, bet_at_range), settled or credited,
        stake + stake_range, win + win_range
      from o
      union all
      select merchant_id, member_id, -1, bet_at, settled, stake, win from o where settled
    ),
    y as (
      select x.merchant_id, x.member_id,
        x.bet_at - ((x.bet_at at time zone mc.time_zone) - date_trunc('hour', x.bet_at at time zone mc.time_zone)) as at,
        sum(sign * stake) as valid_bet, sum(sign * win) as win,
        sum(sign * (case when stake > 0 then 1 else 0 end)) as bet_count
      from x join merchant mc on mc.id = x.merchant_id
      where x.settled and x.bet_at is not null
      group by 1, 2, 3
    )
    select y.merchant_id, y.member_id, y.at, mc.time_zone as tz,
      ${zeros({ valid_bet: sql`y.valid_bet`, win: sql`y.win`, bet_count: sql`y.bet_count` })}
    from y
    join merchant mc on mc.id = y.merchant_id
    join member m on m.id = y.member_id and m.type in ${COUNTED_TYPES}`;
}

/**
 * Deposits and withdrawals posted in ledger entries (lo, hi], as the member's own lines moved
 * (a deposit fee is not deposited; a refunded payout is a negative withdrawal when refunded).
 * A member's first deposit (figure_member_first) counts once, in its own hour.
 */
function ledgerDeltas(lo: bigint, hi: bigint): SQL {
  const l = sql`${lo.toString()}::bigint`;
  const h = sql`${hi.toString()}::bigint`;
  return sql`
    with e as materialized (
      select e.id, e.merchant_id, e.member_id, e.type, e.created_at, mc.time_zone as tz,
        (select coalesce(sum(l.amount), 0) from ledger_line l join ledger_account a on a.id = l.account_id
          where l.entry_id = e.id and a.member_id = e.member_id) as amount
      from ledger_entry e
      join member m on m.id = e.member_id and m.type in ${COUNTED_TYPES}
      join merchant mc on mc.id = e.merchant_id
      where e.id > ${l} and e.id <= ${h} and ${counted('e')}
    )
    select merchant_id, member_id, created_at as at, tz,
      ${zeros({
        deposit: sql`case when type = 'deposit' then amount else 0 end`,
        deposit_count: sql`case when type = 'deposit' then 1 else 0 end`,
        withdrawal: sql`case when type in ('withdraw', 'withdraw_refund') then -amount else 0 end`,
        withdrawal_count: sql`case when type = 'withdraw' then 1 else 0 end`,
        bonus: sql`case when ${isBonus('e')} then amount else 0 end`,
        rebate: sql`case when ${isRebate('e')} then amount else 0 end`,
      })}
    from e
    union all
    select f.merchant_id, f.member_id, f.first_deposit_at, mc.time_zone, ${zeros({ first_deposit: sql`1` })}
    from figure_member_first f join merchant mc on mc.id = f.merchant_id
    where f.first_deposit_entry > ${l} and f.first_deposit_entry <= ${h}`;
}

/**
 * Notes the members whose first deposit is among ledger entries (lo, hi] (run before their deltas:
 * the deltas count the rows written here, once).
 */
function firstDeposits(lo: bigint, hi: bigint): SQL {
  return sql`
    insert into figure_member_first (member_id, merchant_id, first_deposit_at, first_deposit_entry)
    select distinct on (e.member_id) e.member_id, e.merchant_id, e.created_at, e.id
    from ledger_entry e
    join member m on m.id = e.member_id and m.type in ${COUNTED_TYPES}
    where e.id > ${lo.toString()}::bigint and e.id <= ${hi.toString()}::bigint and e.type = 'deposit'
      and not exists (select 1 from figure_member_first f where f.member_id = e.member_id)
    order by e.member_id, e.id
    on conflict (member_id) do nothing`;
}

/** Registrations of members (lo, hi]. */
function memberDeltas(lo: bigint, hi: bigint): SQL {
  return sql`
    select m.merchant_id, m.id as member_id, m.created_at as at, mc.time_zone as tz,
      ${zeros({ registered: sql`1` })}
    from member m join merchant mc on mc.id = m.merchant_id
    where m.id > ${lo.toString()}::bigint and m.id <= ${hi.toString()}::bigint and m.type in ${COUNTED_TYPES}`;
}

const deltasOf: Record<FigureSource, (lo: bigint, hi: bigint) => SQL> = {
  vendor_txn: vendorDeltas,
  ledger_entry: ledgerDeltas,
  member: memberDeltas,
};

export interface RollupState {
  doneId: bigint;
  pendMax: bigint;
  pendXids: string;
}

/** Advisory-lock key serialising every roll-up step (all sources write the same figure rows). */
const ROLLUP_LOCK = 727015;

/** SQL only: the roll-up's steps. Each call takes the transaction it runs in. */
export const teamFigureRollupRepo = {
  async lock(tx: Executor) {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
  },

  /**
   * Settings of a roll-up transaction: its statements aggregate up to millions of rows (memory for
   * their hash tables rather than sorts on disk), and compiling them (JIT) would cost more than it
   * saves on statements that run once.
   */
  async tune(tx: Executor) {
    await tx.execute(sql`select set_config('work_mem', '512MB', true), set_config('jit', 'off', true)`);
  },

  async state(tx: Executor, source: FigureSource): Promise<RollupState> {
    const [r] = await rows<{ doneId: string; pendMax: string; pendXids: string }>(
      tx,
      sql`select done_id::text as "doneId", pend_max::text as "pendMax", pend_xids as "pendXids"
          from figure_rollup_state where source = ${source}`,
    );
    if (!r) throw new Error(`figure_rollup_state has no row for ${source}`);
    return { doneId: BigInt(r.doneId), pendMax: BigInt(r.pendMax), pendXids: r.pendXids };
  },

  async maxId(tx: Executor, source: FigureSource): Promise<bigint> {
    const [r] = await rows<{ max: string | null }>(
      tx,
      sql`select max(id)::text as max from ${tableOf[source]}`,
    );
    return BigInt(r?.max ?? 0);
  },

  /** Transactions in flight now, other than this one (xid8 text). */
  async inFlight(tx: Executor): Promise<string[]> {
    const [r] = await rows<{ snap: string; own: string | null }>(
      tx,
      sql`select pg_current_snapshot()::text as snap, pg_current_xact_id_if_assigned()::text as own`,
    );
    const xip = (r?.snap.split(':')[2] ?? '').split(',').filter((x) => x !== '');
    return xip.filter((x) => x !== r?.own);
  },

  /** Whether any of these transactions (xid8 text, comma-separated) is still running. */
  async anyRunning(tx: Executor, xids: string): Promise<boolean> {
    if (xids === '') return false;
    const [r] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from unnest(string_to_array(${xids}, ',')::xid8[]) x
          where pg_xact_status(x) = 'in progress'`,
    );
    return (r?.n ?? 0) > 0;
  },

  /** The end of the gap-free run of ids after `done` (at most `window` ids further). */
  async contiguousEnd(tx: Executor, source: FigureSource, done: bigint, window: number): Promise<bigint> {
    const [r] = await rows<{ gapRn: string | null; n: string }>(
      tx,
      sql`with s as (
            select id, row_number() over (order by id) as rn from ${tableOf[source]}
            where id > ${done.toString()}::bigint and id <= ${(done + BigInt(window)).toString()}::bigint)
          select (min(rn) filter (where id - rn > ${done.toString()}::bigint))::text as "gapRn",
                 count(*)::text as n
          from s`,
    );
    if (r?.gapRn != null) return done + BigInt(r.gapRn) - 1n;
    return done + BigInt(r?.n ?? 0);
  },

  /**
   * Adds the figures of journal rows (lo, hi] of a source, and moves the active-member reach rows of
   * the members whose deposits or valid bets changed (a statement of its own: it reads the day rows
   * the first one wrote).
   */
  async apply(tx: Executor, source: FigureSource, lo: bigint, hi: bigint): Promise<number> {
    if (source === 'ledger_entry') await tx.execute(firstDeposits(lo, hi));
    const [r] = await rows<{ n: number; touched: string }>(tx, applyDeltas(deltasOf[source](lo, hi)));
    await reachRepo.maintain(tx, JSON.parse(r?.touched ?? '[]') as TouchedMember[]);
    return r?.n ?? 0;
  },

  /** The database's clock (what stamps the journals' rows). */
  async dbNow(db: Executor): Promise<Date> {
    const [r] = await rows<{ now: Date | string }>(db, sql`select statement_timestamp() as now`);
    return new Date(r!.now);
  },

  /**
   * Whether a client's transaction in this database other than the caller's, begun before `end`,
   * is still open (background workers such as autovacuum write no journal rows).
   */
  async openSince(db: Executor, end: Date): Promise<boolean> {
    const [r] = await rows<{ open: boolean }>(
      db,
      sql`select exists (select 1 from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
              and xact_start is not null and xact_start < ${end.toISOString()}::timestamptz) as open`,
    );
    return r?.open === true;
  },

  /** Whether the roll-up has counted every wallet row and every money entry stamped before `end`. */
  async countedBefore(db: Executor, end: Date): Promise<boolean> {
    const at = sql`${end.toISOString()}::timestamptz`;
    const done = (source: FigureSource) =>
      sql`(select done_id from figure_rollup_state where source = ${source})`;
    const [r] = await rows<{ counted: boolean }>(
      db,
      sql`select not exists (select 1 from vendor_txn where id > ${done('vendor_txn')} and created_at < ${at})
            and not exists (select 1 from ledger_entry e where e.id > ${done('ledger_entry')} and e.created_at < ${at}
                              and ${counted('e')}) as counted`,
    );
    return r?.counted === true;
  },

  async saveState(tx: Executor, source: FigureSource, s: RollupState) {
    await tx.execute(
      sql`update figure_rollup_state set done_id = ${s.doneId.toString()}::bigint,
            pend_max = ${s.pendMax.toString()}::bigint, pend_xids = ${s.pendXids}, updated_at = now()
          where source = ${source}`,
    );
  },
};
