/**
 * The nightly rebate of one merchant day on PostgreSQL: the team of the settlement benchmark (team.ts:
 * 100,000 members, a day of 10,000,000 settled bets, built once or cloned from its template), its 20
 * bench games spread over five product types in the catalogue, VIP levels with rebate rates (a tenth
 * of the members at a higher level). Timed (`ours`): the real run once the day has closed
 * (modules/rebate runRebateDay): the roll-ups brought up to date (nothing left but what the last
 * minute wrote), one statement computing every member's accrual per product type from the day's rows
 * of the roll-up (rebate_bet_day), then the ledger postings in batches. In production the roll-up
 * jobs keep the team figures and the rebate's valid bets current every minute through the day; the
 * generator writes the whole day at once, so the day's roll-ups are run first, timed on their own and
 * printed beside, not hidden (`figures_s`: the team figures' roll-up, which the rebate's follows;
 * `rollup_s`: the rebate's roll-up of the day's rows; both from nothing, in one go). The reference is
 * one SQL aggregate over the same journal rows (the day's rows summed per member), run before and
 * after ours (their mean). ratio = ours / reference.
 *
 * Checked after the run: every paid row is one entry of its amount on the member's MAIN (the ledger's
 * balance trigger checked each at commit) and the run's summary equals its rows; a second run pays
 * nothing (`rerun_s`). That the amounts are those of a plain reading of the rows is the property
 * test's (modules/rebate/rebate.property.int.test.ts), on random days of play.
 */
import { sql } from 'drizzle-orm';
import { rollUpRebateBets, runRebateDay } from '../../apps/server/src/modules/rebate/index.js';
import { figuresFinal, rollUp } from '../../apps/server/src/modules/team-figure/index.js';
import { rows } from '../../apps/server/src/platform/sql.js';
import { benchLine } from '../lib.js';
import { openTeam } from './team.js';
import { VENDOR } from './team-data.js';

const TARGET_S = 30;
const TYPES = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP'] as const;
/** Basis points per type: level 0, and level 1 (every tenth member) */
const RATES = [
  { RNG: 80, LIVE: 50, FISH: 60, SPORTS: 40, PVP: 30 },
  { RNG: 120, LIVE: 80, FISH: 90, SPORTS: 70, PVP: 50 },
];

export async function run() {
  const { database, team, setupSeconds } = await openTeam();
  const db = database.db;
  console.log(
    `team ready in ${setupSeconds.toFixed(0)} s: ${team.agents + team.players} members, ${team.rounds} rounds on ${team.day.date}`,
  );
  // the bench games in the catalogue, a product type each (global rows: the catalogue is shared)
  await db.execute(
    sql`insert into game_vendor (code, names, game_types) values (${VENDOR}, '{"EN":"Bench"}'::jsonb, ${`{${TYPES.join(',')}}`}::text[])
        on conflict (code) do nothing`,
  );
  await db.execute(
    sql`insert into game (vendor_code, game_code, game_type, names, search_text)
        select ${VENDOR}, 'benchslot' || i, (${`{${TYPES.join(',')}}`}::text[])[1 + i % ${TYPES.length}],
          jsonb_build_object('EN', 'benchslot' || i), 'benchslot' || i
        from generate_series(0, 19) i
        on conflict (vendor_code, game_code) do nothing`,
  );
  await db.execute(sql`delete from vip_level where merchant_id = ${team.merchantId}`);
  for (const [level, rates] of RATES.entries()) {
    await db.execute(
      sql`insert into vip_level (merchant_id, level, name, rebate_bps) values (${team.merchantId}, ${level}, ${`VIP${level}`}, ${JSON.stringify(rates)}::jsonb)`,
    );
  }
  await db.execute(
    sql`insert into vip_member (member_id, merchant_id, level)
        select id, merchant_id, 1 from member where merchant_id = ${team.merchantId} and id % 10 = 0
        on conflict (member_id) do update set level = 1`,
  );
  await db.execute(sql`analyze vip_member`);
  await db.execute(sql`analyze game`);

  const from = team.day.from.toISOString();
  const to = team.day.to.toISOString();
  const reference = async () => {
    const t0 = performance.now();
    const r = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select member_id, sum(amount) from vendor_txn
            where merchant_id = ${team.merchantId} and status = 'ok'
              and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
            group by member_id) s`,
    );
    if (!r[0]?.n) throw new Error('the reference found no rows');
    return (performance.now() - t0) / 1000;
  };
  const ref1 = await reference();
  // the day's roll-ups (the minutely jobs' work through the day), here all at once
  const f0 = performance.now();
  await rollUp(db);
  // the figures' roll-up waits at a gap in the ids while a transaction (of any database of the
  // server) that may fill it is open: on a shared machine, until the day's figures are final
  if (!(await figuresFinal(db, team.day.to, { timeoutMs: 600_000 })))
    throw new Error("the day's figures did not become final");
  const figuresS = (performance.now() - f0) / 1000;
  const r0 = performance.now();
  await rollUpRebateBets(db);
  const rollupS = (performance.now() - r0) / 1000;
  console.log(
    `day's roll-ups: team figures ${figuresS.toFixed(1)} s, rebate's valid bets ${rollupS.toFixed(1)} s`,
  );
  const t0 = performance.now();
  const first = await runRebateDay(db, team.merchantId, team.day.date);
  const ours = (performance.now() - t0) / 1000;
  const ref2 = await reference();
  const t1 = performance.now();
  const again = await runRebateDay(db, team.merchantId, team.day.date);
  const rerun = (performance.now() - t1) / 1000;
  const ref = (ref1 + ref2) / 2;
  const sec = first.seconds;
  console.log(
    `close: roll-ups brought up to date ${sec.catchUp.toFixed(1)} s, accruals ${sec.accrue.toFixed(1)} s, payment ${sec.pay.toFixed(1)} s`,
  );
  if (first.betsFrom !== 'rollup') throw new Error(`the run read the day's bets from ${first.betsFrom}`);
  console.log(
    `run: ${first.run.members} members, accrued ${first.run.accrued}, paid ${first.run.paid} in ${ours.toFixed(1)} s; ` +
      `reference ${ref1.toFixed(1)} s and ${ref2.toFixed(1)} s; rerun ${rerun.toFixed(2)} s`,
  );

  // what was paid is what the rows say and what the ledger holds
  const [check] = await rows<{
    rows: number;
    paid: string;
    ledger: string;
    entries: number;
    pending: number;
  }>(
    db,
    sql`select
          (select count(*)::int from rebate_accrual where run_id = ${first.run.id.toString()}::bigint and status = 'paid') as rows,
          (select coalesce(sum(amount), 0)::text from rebate_accrual where run_id = ${first.run.id.toString()}::bigint and status = 'paid') as paid,
          (select coalesce(sum(l.amount), 0)::text from ledger_entry e join ledger_line l on l.entry_id = e.id
             join ledger_account a on a.id = l.account_id and a.member_id = e.member_id
           where e.merchant_id = ${team.merchantId} and e.type = 'rebate') as ledger,
          (select count(*)::int from ledger_entry where merchant_id = ${team.merchantId} and type = 'rebate') as entries,
          (select count(*)::int from rebate_accrual where run_id = ${first.run.id.toString()}::bigint and status = 'pending') as pending`,
  );
  if (!check || check.paid !== check.ledger || check.rows !== check.entries || check.pending !== 0)
    throw new Error(`paid rows and ledger differ: ${JSON.stringify(check)}`);
  if (first.run.paid.toString() !== check.paid) throw new Error('the run summary differs from its rows');
  if (again.run.paid !== first.run.paid) throw new Error('the rerun changed what was paid');
  console.log(`check: ${check.rows} paid rows = ${check.entries} entries, ${check.paid} paid`);

  return benchLine('rebate', {
    ratio: (ours / ref).toFixed(2),
    ours: `${ours.toFixed(1)}s`,
    reference: `${ref.toFixed(1)}s`,
    members: team.agents + team.players,
    bets: team.rounds,
    target_s: TARGET_S,
    paid_rows: check.rows,
    rerun_s: rerun.toFixed(2),
    rollup_s: rollupS.toFixed(1),
    figures_s: figuresS.toFixed(1),
  });
}
