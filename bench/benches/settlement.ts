/**
 * Settling one day of a big team on PostgreSQL: 100,000 members in a 6-level agent tree, a daily
 * salary and a daily dividend contract on every agent, 10,000,000 settled bets that day (team.ts).
 * Timed (`ours`): what the scheduled run does once the day has closed — wait until the day's figures
 * are final (modules/team-figure's figuresFinal, which rolls up what is left) and settle that day's
 * daily salaries and dividends through the real engine (modules/agent-contract/contract-settlement.ts).
 * In production the roll-up job keeps the figures current every minute through the day, so at the
 * close only the last minute is left to roll up; the generator writes the whole day at once, so the
 * day's roll-up is run first, timed on its own and printed beside (`rollup_s`: the day's minutely
 * roll-ups in one go, from nothing), not hidden: it is the cost the day's bets put on the database
 * across the day. `cold_s` = rollup_s + ours is what a settlement after a roll-up outage of a whole
 * day would take. The reference
 * (the floor) is one SQL aggregate over the same bet rows on the same database: the day's stakes
 * summed per member, run before and after ours (the mean is the floor). ratio = ours / floor.
 *
 * Before the big team, the generator is checked on a small one (team-sample.ts): ledger invariants,
 * rows shaped as the wallet writes them, figures equal to a reading of the rows, settlement exact.
 */
import { sql } from 'drizzle-orm';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.js';
import { createContractSettlement } from '../../apps/server/src/modules/agent-contract/index.js';
import { figuresFinal, rollUp, teamFigures } from '../../apps/server/src/modules/team-figure/index.js';
import { rows } from '../../apps/server/src/platform/sql.js';
import { benchLine } from '../lib.js';
import { openTeam } from './team.js';
import { checkSample } from './team-sample.js';
import { settledRoundsOfDay } from './team-data.js';

/** The whole timed part must end within this on the 2-core reference machine. */
const TARGET_S = 60;

export async function run() {
  await checkSample((s) => console.log(s));
  const { database, team, setupSeconds } = await openTeam();
  const db = database.db;
  console.log(
    `team ready in ${setupSeconds.toFixed(0)} s: ${team.agents + team.players} members (${team.agents} agents), ` +
      `${team.contracts} contracts, ${team.rounds} rounds on ${team.day.date} (${team.vendorRows} vendor rows in all)`,
  );
  const floor = async () => {
    const t0 = performance.now();
    const r = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select member_id, sum(amount) from vendor_txn
            where merchant_id = ${team.merchantId} and op = 'debit' and status = 'ok'
              and created_at >= ${team.day.from.toISOString()}::timestamptz
              and created_at < ${team.day.to.toISOString()}::timestamptz
            group by member_id) s`,
    );
    if (!r[0]?.n) throw new Error('the floor found no bets');
    return (performance.now() - t0) / 1000;
  };
  const floor1 = await floor();

  const settlement = createContractSettlement({ db, ledger: createLedgerService({ db }) });
  // the day's roll-ups (the minutely job's work through the day), here all at once
  const r0 = performance.now();
  await rollUp(db);
  const rollupS = (performance.now() - r0) / 1000;
  const t0 = performance.now();
  // what the engine's scheduled run does first: roll the figures up until the day's are final
  if (!(await figuresFinal(db, team.day.to, { timeoutMs: 600_000 })))
    throw new Error("the day's figures did not become final");
  const t1 = performance.now();
  const salary = await settlement.settle(team.merchantId, 'dailySalary', 'daily', team.day, new Date());
  const dividend = await settlement.settle(team.merchantId, 'dividend', 'daily', team.day, new Date());
  const t2 = performance.now();

  const floor2 = await floor();
  const ours = (t2 - t0) / 1000;
  const ref = (floor1 + floor2) / 2;
  console.log(
    `day's roll-up ${rollupS.toFixed(1)} s; at the close: figures final ${((t1 - t0) / 1000).toFixed(1)} s, settlement ${((t2 - t1) / 1000).toFixed(1)} s ` +
      `(${salary.settled} daily salaries paid ${salary.paid}, ${dividend.settled} dividends paid ${dividend.paid}, ` +
      `${salary.short + dividend.short} short); floor ${floor1.toFixed(1)} s and ${floor2.toFixed(1)} s`,
  );

  // what was settled is what the rows say: the top agent's team figures against a plain reading
  const raw = await settledRoundsOfDay(db, team);
  const { total } = await teamFigures(db, {
    merchantId: team.merchantId,
    agentId: team.topId,
    from: team.day.from,
    to: team.day.to,
    includeSelf: true,
  });
  if (total.validBet !== raw.stake || total.win !== raw.win)
    throw new Error(`figures ${total.validBet}/${total.win} differ from the rows ${raw.stake}/${raw.win}`);
  if (salary.settled + dividend.settled !== team.contracts)
    throw new Error(`settled ${salary.settled + dividend.settled} of ${team.contracts} contracts`);

  return benchLine('settlement', {
    ratio: (ours / ref).toFixed(2),
    ours: `${ours.toFixed(1)}s`,
    reference: `${ref.toFixed(1)}s`,
    // one timed run: its wall time is both percentiles
    p50_ms: Math.round(ours * 1000),
    p99_ms: Math.round(ours * 1000),
    final_s: ((t1 - t0) / 1000).toFixed(1),
    settle_s: ((t2 - t1) / 1000).toFixed(1),
    rollup_s: rollupS.toFixed(1),
    cold_s: (rollupS + ours).toFixed(1),
    target_s: TARGET_S,
    members: team.agents + team.players,
    bets: raw.n,
    contracts: team.contracts,
  });
}
