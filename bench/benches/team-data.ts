/**
 * A big agent team with a day of play, generated in bulk with SQL (generate_series) into the tables
 * the real paths write: members and their upline tree (registration), deposit orders with their
 * ledger entries (deposits), vendor transactions with their bet, win and refund entries and lines
 * (the seamless wallet), house and member accounts with their balances, and agent contracts with
 * tiers (the contract offers). The settlement and agent-reports benchmarks read it.
 *
 * What play looks like: every member deposits once before the first day, plays one round on each
 * history day, and on the day itself plays its share of the day's rounds (spread over the day,
 * interleaved between members); a quarter of the members deposit again that morning. A round is a
 * debit, then a credit about 200 rounds later (a win for 45 % of rounds, otherwise 0, which writes
 * no ledger entry, as the wallet does); one round in a thousand is rolled back instead and one in a
 * thousand never settles. The last history rounds settle just after midnight, in the next day.
 *
 * Ids: the wallet's sequences hand out ids in time order; here each event's id is a function of its
 * position in time, so the ids have gaps (an id slot with no row), as sequences do after aborted
 * transactions. The ledger's balance checks (statement triggers) and the journals' secondary indexes
 * are switched off while loading and put back after (the indexes rebuilt with their own
 * definitions); `checkSample` proves on a small team that what this writes keeps every ledger
 * invariant, has the shape of what the wallet writes, and rolls up to the figures a plain reading of
 * the rows gives.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.js';
import {
  addChannel,
  addVendor,
  createMerchant,
  newAgent,
  TEST_PASSWORD,
} from '../../apps/server/src/test/factories.js';
import { rows } from '../../apps/server/src/platform/sql.js';
import { merchantDayStart } from '../../apps/server/src/platform/time.js';

export interface TeamSpec {
  /** every member of the merchant: the agents and their players, the top agent included */
  members: number;
  /** sub-agents of each agent above the last agent level */
  branching: number;
  /** levels of agents, the top agent being level 1; players sit below them (one level more) */
  agentLevels: number;
  /** settled rounds on the day */
  settledBets: number;
  /** days before the day, each with one round per member */
  historyDays: number;
}

export interface TeamData {
  merchantId: number;
  merchantCode: string;
  timeZone: string;
  vendor: string;
  topId: number;
  topUsername: string;
  password: string;
  /** the day of play (merchant-local), [from, to) */
  day: { date: string; from: Date; to: Date };
  agents: number;
  players: number;
  contracts: number;
  /** vendor_txn rows of the day's rounds and of all rounds */
  rounds: number;
  vendorRows: number;
}

export const VENDOR = 'BENCHV';
const HOUSE_BUCKETS = 16;
/** a round's credit comes this many rounds after its debit */
const CREDIT_LAG = 200;
/** spreads the day's rounds over the members (coprime with any team size not divisible by it) */
const SPREAD = 7919;
const DEPOSIT = 1_200_000; // minor units: more than a member's stakes over every round it plays
const TOP_UP = 100_000;
const DAY_S = 86_400;

/** Day-level contract rates by agent level (basis points): each level below earns less. */
const SALARY_BP = [60, 50, 40, 30, 20, 10, 5, 2];
const DIVIDEND_BP = [3000, 2700, 2400, 2100, 1800, 1500, 1200, 900];

export async function buildTeam(
  db: Db,
  url: string,
  spec: TeamSpec,
  log = (_: string) => {},
): Promise<TeamData> {
  const timeZone = 'Asia/Dhaka';
  const { id: merchantId, code: merchantCode } = await createMerchant(db);
  await addVendor(db, merchantId, VENDOR);
  const channelId = (await addChannel(db, merchantId)).id;
  // the top agent through the real path (its password hash is every member's)
  const top = await newAgent(db, merchantId, { username: 'ag1x0' });
  const now = new Date();
  const dayFrom = merchantDayStart(timeZone, now, -1);
  const dayTo = merchantDayStart(timeZone, now, 0);
  const histStart = merchantDayStart(timeZone, now, -1 - spec.historyDays);
  const date = new Date(dayFrom.getTime() + 6 * 3600_000).toISOString().slice(0, 10);

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = async (label: string, text: string) => {
    const t0 = performance.now();
    const r = await c.query(text);
    log(
      `  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s${r.rowCount ? ` (${r.rowCount} rows)` : ''}`,
    );
    return r;
  };
  try {
    // bulk statements over millions of rows: hash joins and sorts in memory, never a nested loop
    // (an unanalysed temporary table once got one that rescanned it for the better part of an hour)
    await c.query(`set work_mem = '512MB'; set maintenance_work_mem = '1GB'; set enable_nestloop = off`);
    const ts = (d: Date) => `'${d.toISOString()}'::timestamptz`;
    const hash = (await c.query(`select password_hash from member where id = $1`, [top.id])).rows[0]
      .password_hash as string;
    const pw = `'${hash.replace(/'/g, "''")}'`;
    // -------------------------------------------------------------- the tree
    let agents = 1;
    for (let level = 2; level <= spec.agentLevels; level++) {
      const n = spec.branching ** (level - 1);
      agents += n;
      const before = Number((await c.query(`select coalesce(max(id), 0) as m from member`)).rows[0].m);
      await q(
        `agents of level ${level}`,
        `insert into member (merchant_id, username, username_key, password_hash, type, referral_code, parent_id,
                             created_at, updated_at, password_changed_at)
         select ${merchantId}, 'ag${level}x' || j, 'ag${level}x' || j, ${pw}, 1, 'AG${level}X' || j, p.id,
                r, r, r
         from generate_series(0, ${n - 1}) j
         join member p on p.merchant_id = ${merchantId} and p.username_key = 'ag${level - 1}x' || (j / ${spec.branching})
         cross join lateral (select ${ts(histStart)} - interval '60 days' + ${level} * interval '1 day'
                                    + j * interval '1 second' as r) t
         order by j`,
      );
      await treeRows(c, merchantId, before);
    }
    const players = spec.members - agents;
    {
      const before = Number((await c.query(`select coalesce(max(id), 0) as m from member`)).rows[0].m);
      // players under every agent but the top one, in turn; registered over the 30 days before play
      await q(
        'players',
        `with a as (select id, row_number() over (order by id) - 1 as k from member
                    where merchant_id = ${merchantId} and type = 1 and id <> ${top.id})
         insert into member (merchant_id, username, username_key, password_hash, type, referral_code, parent_id,
                             created_at, updated_at, password_changed_at)
         select ${merchantId}, 'pl' || j, 'pl' || j, ${pw}, 0, 'PL' || lpad(j::text, 7, '0'), a.id, r, r, r
         from generate_series(0, ${players - 1}) j
         join a on a.k = j % ${agents - 1}
         cross join lateral (select ${ts(histStart)} - interval '30 days'
                                    + (j::float8 / ${players}) * interval '29 days' as r) t
         order by j`,
      );
      await treeRows(c, merchantId, before);
    }
    const ids = (
      await c.query(
        `select min(id)::int as lo, max(id)::int as hi, count(*)::int as n from member where merchant_id = ${merchantId}`,
      )
    ).rows[0] as { lo: number; hi: number; n: number };
    if (ids.n !== spec.members || ids.hi - ids.lo + 1 !== ids.n)
      throw new Error(`members are not one run of ids: ${JSON.stringify(ids)}`);
    const m0 = ids.lo;

    // -------------------------------------------------------------- contracts on every agent
    const levelOf = `(select count(*) from member_tree t where t.descendant_id = m.id and t.depth > 0)`;
    await q(
      'contracts',
      `insert into agent_contract (merchant_id, kind, upline_id, downline_id, status, period, version,
                                   created_at, accepted_at)
       select ${merchantId}, k.kind, m.parent_id, m.id, 'active', 'daily', 1, ${ts(histStart)} - interval '90 days',
              ${ts(histStart)} - interval '89 days'
       from member m cross join (values ('dailySalary'), ('dividend')) k(kind)
       where m.merchant_id = ${merchantId} and m.type = 1
       order by ${levelOf}, m.id, k.kind`,
    );
    const bp = (list: number[]) => `(array[${list.join(',')}])[least(lv, ${list.length - 1}) + 1]`;
    await q(
      'contract tiers',
      `with c as (select c.id, c.kind, ${levelOf.replace('m.id', 'c.downline_id')} as lv
                  from agent_contract c where c.merchant_id = ${merchantId})
       insert into agent_contract_tier (contract_id, seq, min_valid_bet, min_active_members, min_net_loss, rate_bp)
       select id, 1, 0, 0, 0, case when kind = 'dividend' then ${bp(DIVIDEND_BP)} else ${bp(SALARY_BP)} end from c
       union all
       select id, 2, 100000000, 50, case when kind = 'dividend' then 1000000 else 0 end,
              case when kind = 'dividend' then ${bp(DIVIDEND_BP)} + 500 else ${bp(SALARY_BP)} + 10 end from c`,
    );

    // -------------------------------------------------------------- accounts
    await q(
      'member accounts',
      `insert into ledger_account (merchant_id, member_id, code, balance)
       select ${merchantId}, id, 'main', 0 from member where merchant_id = ${merchantId} order by id`,
    );
    await q(
      'house accounts',
      `insert into ledger_account (merchant_id, member_id, code, bucket, balance)
       select ${merchantId}, null, c, b, 0
       from (values ('game:${VENDOR}'), ('deposit')) x(c), generate_series(0, ${HOUSE_BUCKETS - 1}) b
       on conflict do nothing`,
    );

    // -------------------------------------------------------------- the play, as events in time order
    const M = spec.members;
    const Hn = spec.historyDays * M;
    const T = roundsFor(spec.settledBets);
    const lastOrd = 2 * (Hn + T + CREDIT_LAG) + 1;
    const mainOrd0 = 2 * (Hn + 1);
    const E0 = Number((await c.query(`select coalesce(max(id), 0) + 1 as v from ledger_entry`)).rows[0].v);
    const V0 = Number((await c.query(`select coalesce(max(id), 0) + 1 as v from vendor_txn`)).rows[0].v);
    const histSeconds = spec.historyDays * DAY_S;
    // round i: member ordinal, kind (0 settled, 1 rolled back, 2 never settled), stake and win
    const memberOf = `case when i <= ${Hn} then (i - 1) % ${M} else ((i - ${Hn} - 1) * ${SPREAD}::bigint) % ${M} end`;
    const kindOf = `case when i <= ${Hn} then 0 when (i - ${Hn}) % 1000 = 500 then 1 when (i - ${Hn}) % 1000 = 700 then 2 else 0 end`;
    const stakeOf = `100 * (1 + ((i * 2654435761::bigint) % 4294967296) % 100)`;
    const winOf = `case when ((i * 40503 + 12345) % 1000) < 450
                        then ${stakeOf} * (200 + ((i * 40503 + 12345) % 1000) % 20) / 100 else 0 end`;
    const timeOf = (ord: string) =>
      `case when ${ord} < ${mainOrd0}
            then ${ts(histStart)} + (${ord}::float8 / ${mainOrd0}) * ${histSeconds} * interval '1 second'
            else ${ts(dayFrom)} + interval '120 seconds'
                 + ((${ord} - ${mainOrd0})::float8 / ${lastOrd - mainOrd0 + 1}) * ${DAY_S - 240} * interval '1 second' end`;
    // entry-id slot of an event: after the first deposits; main-day events after the morning top-ups
    const slotOf = (ord: string) =>
      `${E0} + ${M} + case when ${ord} < ${mainOrd0} then ${ord} else ${M} + ${ord} end`;
    await c.query('drop table if exists bench_ev');
    await q(
      'events',
      `create temp table bench_ev as
       with e as (
         select ord, case when ord % 2 = 0 then ord / 2 else (ord - 1) / 2 - ${CREDIT_LAG} end as i,
                ord % 2 = 0 as first
         from generate_series(0::bigint, ${lastOrd}::bigint) ord
       ),
       r as (
         select ord, i, first, ${memberOf} as mi, ${kindOf} as rk, ${stakeOf} as stake, ${winOf} as win
         from e where i between 1 and ${Hn + T}
       )
       select ord, ${slotOf('ord')} as k, ${m0} + mi as member_id,
              case when first then 'debit' when rk = 1 then 'rollback' else 'credit' end as op,
              i, rk, first and rk = 1 as rolled_back,
              case when first then stake when rk = 1 then stake else win end as amount,
              case when first then -stake when rk = 1 then stake else win end as delta,
              ${timeOf('ord')} as at, 'game:${VENDOR}' as house, (i % ${HOUSE_BUCKETS})::int as bucket
       from r where first or rk <> 2
       union all
       select null, ${E0} + j, ${m0} + j, 'deposit', null, null, false, ${DEPOSIT}, ${DEPOSIT},
              ${ts(histStart)} - interval '1 hour' + (j::float8 / ${M}) * interval '3000 seconds',
              'deposit', ((${m0} + j) % ${HOUSE_BUCKETS})::int
       from generate_series(0, ${M - 1}) j
       union all
       select null, ${E0} + ${M} + ${mainOrd0} + j, ${m0} + j, 'deposit', null, null, false, ${TOP_UP}, ${TOP_UP},
              ${ts(dayFrom)} + interval '60 seconds' + (j::float8 / ${M}) * interval '50 seconds',
              'deposit', ((${m0} + j) % ${HOUSE_BUCKETS})::int
       from generate_series(0, ${M - 1}) j where j % 4 = 0`,
    );
    await c.query('analyze bench_ev, ledger_account');
    await q(
      'running balances',
      `create temp table bench_evw as
       select e.*, a.id as main_id, h.id as house_id,
              sum(e.delta) over (partition by e.member_id order by e.k) as bal,
              sum(-e.delta) over (partition by e.house, e.bucket order by e.k) as house_bal
       from bench_ev e
       join ledger_account a on a.member_id = e.member_id and a.code = 'main'
       join ledger_account h on h.merchant_id = ${merchantId} and h.member_id is null and h.code = e.house
         and h.bucket = e.bucket`,
    );
    await c.query('drop table bench_ev');

    // -------------------------------------------------------------- the journals
    const tables = ['vendor_txn', 'ledger_entry', 'ledger_line'];
    const indexes = (
      await c.query(
        `select i.indexname as name, i.indexdef as def from pg_indexes i
         join pg_class ic on ic.relname = i.indexname
         where i.schemaname = 'public' and i.tablename = any($1)
           and not exists (select 1 from pg_constraint k where k.conindid = ic.oid)`,
        [tables],
      )
    ).rows as { name: string; def: string }[];
    for (const t of ['ledger_entry', 'ledger_line']) await c.query(`alter table ${t} disable trigger user`);
    for (const i of indexes) await c.query(`drop index ${i.name}`);
    try {
      const round = `'r' || lpad(i::text, 10, '0')`;
      const txn = `case op when 'debit' then 'd' when 'credit' then 'c' else 'x' end || lpad(i::text, 10, '0')`;
      const game = `'benchslot' || (i % 20)`;
      await q(
        'vendor_txn',
        `insert into vendor_txn (id, merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, game_code,
                                 amount, status, entry_id, balance_after, rolled_back, first_bet_id, created_at)
         select ${V0} + ord, ${merchantId}, '${VENDOR}', ${txn}, op, member_id, ${round},
                case when op = 'rollback' then 'd' || lpad(i::text, 10, '0') end,
                case when op <> 'rollback' then ${game} end,
                amount, 'ok', case when delta <> 0 then k end, bal, rolled_back,
                case when op = 'credit' then ${V0} + 2 * i end, at
         from bench_evw where op <> 'deposit' order by ord`,
      );
      await q(
        'ledger_entry',
        `insert into ledger_entry (id, merchant_id, idem_key, type, member_id, ref_type, ref_id, memo, created_at)
         select k, ${merchantId},
                case when op = 'deposit' then 'deposit:D' || lpad(k::text, 12, '0')
                     else 'vendor:${VENDOR}:' || ${txn} || ':' || op end,
                case op when 'debit' then 'bet' when 'credit' then 'win' when 'rollback' then 'refund' else 'deposit' end,
                member_id,
                case when op = 'deposit' then 'deposit' else 'vendor_round' end,
                case when op = 'deposit' then 'D' || lpad(k::text, 12, '0') else '${VENDOR}:' || ${round} end,
                case when op = 'deposit' then jsonb_build_object('channelId', ${channelId}, 'kind', 'bank')
                     when op = 'rollback' then jsonb_build_object('vendor', '${VENDOR}', 'round', ${round},
                                                                  'refTxnId', 'd' || lpad(i::text, 10, '0'))
                     else jsonb_build_object('vendor', '${VENDOR}', 'game', to_jsonb(${game}), 'round', ${round}) end,
                at
         from bench_evw where delta <> 0 order by k`,
      );
      await q(
        'ledger_line',
        `insert into ledger_line (entry_id, account_id, amount, balance_after)
         select k, a, amount, b from (
           select k, main_id as a, delta as amount, bal as b from bench_evw where delta <> 0
           union all
           select k, house_id, -delta, house_bal from bench_evw where delta <> 0) x
         order by k, a`,
      );
      await q(
        'deposit orders',
        `insert into deposit_order (merchant_id, member_id, channel_id, order_no, kind, amount, fee, status, entry_id,
                                    created_at, finished_at)
         select ${merchantId}, member_id, ${channelId}, 'D' || lpad(k::text, 12, '0'), 'bank', amount, 0, 'SUCCESS', k,
                at - interval '5 minutes', at
         from bench_evw where op = 'deposit' order by k`,
      );
      await q(
        'balances',
        `update ledger_account a set balance = s.total
         from (select main_id as id, sum(delta) as total from bench_evw group by 1
               union all
               select house_id, sum(-delta) from bench_evw group by 1) s
         where a.id = s.id`,
      );
    } finally {
      for (const i of indexes) await q(`index ${i.name}`, i.def);
      for (const t of ['ledger_entry', 'ledger_line']) await c.query(`alter table ${t} enable trigger user`);
    }
    await c.query(`select setval('ledger_entry_id_seq', (select max(id) from ledger_entry))`);
    await c.query(`select setval('vendor_txn_id_seq', (select max(id) from vendor_txn))`);
    const vendorRows = Number(
      (await c.query(`select count(*) as n from bench_evw where op <> 'deposit'`)).rows[0].n,
    );
    await c.query('drop table bench_evw');
    await q(
      'vacuum analyze',
      `vacuum (analyze) member, member_tree, vendor_txn, ledger_entry, ledger_line,
                               ledger_account, deposit_order, agent_contract, agent_contract_tier`,
    );
    const contracts = Number(
      (await c.query(`select count(*) as n from agent_contract where merchant_id = ${merchantId}`)).rows[0].n,
    );
    return {
      merchantId,
      merchantCode,
      timeZone,
      vendor: VENDOR,
      topId: top.id,
      topUsername: top.username,
      password: TEST_PASSWORD,
      day: { date, from: dayFrom, to: dayTo },
      agents,
      players,
      contracts,
      rounds: T,
      vendorRows,
    };
  } finally {
    await c.end();
  }
}

/** Rounds to play so that `settled` of them settle (one in a thousand is rolled back, one never settles). */
export function roundsFor(settled: number) {
  let t = settled;
  const settledOf = (n: number) => n - 2 * specials(n);
  while (settledOf(t) < settled) t += settled - settledOf(t);
  while (settledOf(t - 1) >= settled) t--;
  return t;
}
const specials = (n: number) => (n >= 500 ? Math.floor((n - 500) / 1000) + 1 : 0);

/** The closure rows (self and every upline) of the members with ids above `after`. */
async function treeRows(c: pg.Client, merchantId: number, after: number) {
  await c.query(
    `insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
     select ${merchantId}, id, id, 0 from member where id > ${after} and merchant_id = ${merchantId}
     union all
     select ${merchantId}, t.ancestor_id, m.id, t.depth + 1
     from member m join member_tree t on t.descendant_id = m.parent_id
     where m.id > ${after} and m.merchant_id = ${merchantId}`,
  );
}

/** The day's settled rounds as the team-figure definition counts them, read from the rows alone. */
export async function settledRoundsOfDay(db: Db, t: TeamData) {
  const [r] = await rows<{ n: string; stake: string; win: string }>(
    db,
    sql`with d as (
          select member_id, round_id, min(created_at) filter (where op = 'debit') as bet_at,
                 sum(case op when 'debit' then amount when 'rollback' then -amount else 0 end) as stake,
                 sum(amount) filter (where op = 'credit') as win, bool_or(op = 'credit') as settled
          from vendor_txn where merchant_id = ${t.merchantId} and status = 'ok'
          group by member_id, round_id)
        select count(*)::text as n, sum(stake)::text as stake, sum(win)::text as win from d
        where settled and bet_at >= ${t.day.from.toISOString()}::timestamptz and bet_at < ${t.day.to.toISOString()}::timestamptz`,
  );
  return { n: Number(r!.n), stake: BigInt(r!.stake ?? 0), win: BigInt(r!.win ?? 0) };
}
