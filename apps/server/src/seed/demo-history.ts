import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { rows } from '../platform/sql.js';
import { formatMerchantTime, merchantDayStart } from '../platform/time.js';
import { gameKindOf } from '../games/index.js';
import { createLedgerService } from '../modules/ledger/index.js';
import {
  createContractSettlement,
  lastClosedPeriod,
  REALTIME_WINDOW_MS,
  type Period,
} from '../modules/agent-contract/index.js';
import { rollUpNow } from '../modules/team-figure/index.js';
import type { TContractKind, TContractPeriod } from '@bp/contract';
import { DEMO_AGENT, DEMO_MEMBER } from './demo-members.js';
import { DEMO_TEAM } from './demo-agent-team.js';
import { DEMO_OPERATOR } from './demo-operator.js';
import { prng } from './history/prng.js';
import {
  planHistory,
  type Bettor,
  type HistoryGame,
  type HistoryKind,
  type PlayerStyle,
} from './history/plan.js';
import { writeHistory } from './history/write.js';
import { DEMO_HISTORY_DAYS, demoHistoryWindow } from './history/window.js';

/** The generator's seed: the same history on every database. */
export const DEMO_HISTORY_SEED = 20260415;

const casual: PlayerStyle = {
  activity: 0.5,
  secondSession: 0.15,
  rounds: [4, 10],
  stakes: [50, 100],
  kinds: { slot: 3, dice: 1 },
  deposits: [1000, 2000],
  cashOutAbove: 2500,
};
const tables: PlayerStyle = {
  ...casual,
  rounds: [3, 8],
  stakes: [100, 200, 500],
  kinds: { baccarat: 2, dragonTiger: 1 },
  deposits: [5000, 10_000],
  cashOutAbove: 8000,
};

/** How each of the team's players plays (money in major units). */
const STYLES: Record<string, PlayerStyle & { joinsOnDay?: number }> = {
  player02: casual,
  player03: tables,
  player04: { ...casual, activity: 0.65, secondSession: 0.3, rounds: [5, 12], stakes: [200, 500, 1000], kinds: { slot: 2, baccarat: 1 }, deposits: [10_000, 20_000, 30_000], cashOutAbove: 25_000 },
  player05: { ...casual, activity: 0.7, rounds: [6, 14], stakes: [20, 50], kinds: { dice: 1 } },
  player06: { ...casual, activity: 0.4 },
  player07: { ...casual, stakes: [100, 200], kinds: { slot: 2, dragonTiger: 1, dice: 1 }, deposits: [2000, 5000], cashOutAbove: 6000 },
  player08: { ...casual, activity: 0.55, stakes: [100, 200] },
  player09: { ...tables, activity: 0.55, stakes: [100, 200] },
  player10: { ...casual, rounds: [5, 12], stakes: [20, 50], kinds: { dice: 1, slot: 1 } },
  player11: { ...casual, activity: 0.65, stakes: [100, 200], joinsOnDay: 5 },
  player12: { ...tables, activity: 0.75, joinsOnDay: 12 },
}; // prettier-ignore

/** Games of each kind the team plays (slots from several vendors). */
const GAMES_OF_KIND: Record<HistoryKind, number> = { slot: 6, baccarat: 2, dragonTiger: 2, dice: 2 };

/** The job settles every 5 minutes: a period is settled a few minutes after it ends. */
const RUN_DELAY_MS = 150_000;

async function historyGames(tx: Tx, merchantId: number): Promise<HistoryGame[]> {
  const list = await rows<{
    node_id: number;
    vendor_code: string;
    game_code: string;
    game_type: never;
    game_classify: never;
    names: Record<string, string>;
  }>(
    tx,
    sql`select g.node_id, g.vendor_code, g.game_code, g.game_type, g.game_classify, g.names
        from game g
        join game_vendor v on v.code = g.vendor_code and v.status = 'active'
        join merchant_vendor mv on mv.vendor_code = g.vendor_code and mv.merchant_id = ${merchantId} and mv.enabled
        where g.status = 'active'
        order by g.is_hot desc, g.node_id`,
  );
  const chosen: HistoryGame[] = [];
  const vendors = new Set<string>();
  for (const g of list) {
    const { kind } = gameKindOf({
      gameType: g.game_type,
      gameClassify: g.game_classify,
      gameCode: g.game_code,
      names: g.names,
    });
    if (kind === 'crash' || chosen.filter((c) => c.kind === kind).length >= GAMES_OF_KIND[kind]) continue;
    // one game per vendor and kind: the team's slots come from several providers
    if (vendors.has(`${kind}:${g.vendor_code}`)) continue;
    vendors.add(`${kind}:${g.vendor_code}`);
    chosen.push({ nodeId: g.node_id, vendor: g.vendor_code, gameCode: g.game_code, kind });
  }
  return chosen;
}

/**
 * A few weeks of the demo team's life, so that every page of the agent centre shows real figures:
 * the team's players played the built-in games (DEMO_HISTORY_DAYS merchant days ending yesterday),
 * deposited by bank transfer and cashed out; the figures are rolled up; and every period since is
 * settled by the settlement engine at its own run time (each day's salaries, each week's dividends,
 * the last day's hourly salaries), paying agent01, its sub-agents and subagent01's own sub-agent.
 * Play, deposits and withdrawals are written in bulk, row for row as their real paths write them
 * (history/write.ts); payouts are the engine's own.
 */
export async function seedDemoHistory(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  const [m] = await rows<{ tz: string; decimals: number }>(
    tx,
    sql`select time_zone as tz, currency_decimals as decimals from merchant where id = ${merchantId}`,
  );
  const team = await rows<{ id: number; username: string }>(
    tx,
    sql`select id, username from member where merchant_id = ${merchantId}
          and username_key in (${sql.join(
            [DEMO_AGENT.username, DEMO_MEMBER.username, ...DEMO_TEAM.map((t) => t.username)].map(
              (u) => sql`${u}`,
            ),
            sql`, `,
          )})`,
  );
  const [op] = await rows<{ id: number; username: string }>(
    tx,
    sql`select id, username from operator where merchant_id = ${merchantId} and username = ${DEMO_OPERATOR.username}`,
  );
  const [channel] = await rows<{ id: number }>(
    tx,
    sql`select id from deposit_channel where merchant_id = ${merchantId} and kind = 'bank' order by id limit 1`,
  );
  const idOf = new Map(team.map((t) => [t.username, Number(t.id)]));
  if (!m || !op || !channel || !idOf.has(DEMO_AGENT.username)) return [];
  const tz = m.tz;
  const now = new Date();
  const { from, to } = demoHistoryWindow(tz, now);
  const day = (n: number, hour = 0) => new Date(merchantDayStart(tz, from, n).getTime() + hour * 3_600_000);

  // registered before the history (agents first), two players during it
  const registered = new Map<string, Date>([
    [DEMO_AGENT.username, day(-40, 11)],
    [DEMO_MEMBER.username, day(-38, 20)],
  ]);
  DEMO_TEAM.forEach((t, i) => {
    const joins = STYLES[t.username]?.joinsOnDay;
    registered.set(t.username, joins !== undefined ? day(joins, 18.5) : day(-30 + i, 12 + (i % 9)));
  });
  await tx.execute(
    sql`update member m set created_at = x.at, updated_at = x.at, password_changed_at = x.at
        from jsonb_to_recordset(${JSON.stringify(
          [...registered].filter(([u]) => idOf.has(u)).map(([u, at]) => ({ id: idOf.get(u), at })),
        )}::jsonb) as x(id integer, at timestamptz)
        where m.id = x.id`,
  );

  const bettors: Bettor[] = Object.entries(STYLES)
    .filter(([u]) => idOf.has(u))
    .map(([username, style]) => ({
      id: idOf.get(username)!,
      username,
      style,
      ...(style.joinsOnDay !== undefined ? { from: registered.get(username) } : {}),
    }));
  const plan = planHistory({
    rand: prng(DEMO_HISTORY_SEED),
    ids: prng(DEMO_HISTORY_SEED ^ merchantId),
    now,
    timeZone: tz,
    days: DEMO_HISTORY_DAYS,
    decimals: Number(m.decimals),
    bettors,
    games: await historyGames(tx, merchantId),
  });
  await writeHistory(
    tx,
    { merchantId, operator: { id: Number(op.id), name: op.username }, bankChannelId: Number(channel.id) },
    plan,
  );
  await tx.execute(
    sql`update member m set last_login_at = x.at
        from jsonb_to_recordset(${JSON.stringify(
          [...plan.lastSeen].map(([id, at]) => ({ id, at: new Date(at.getTime() - 60_000) })),
        )}::jsonb) as x(id integer, at timestamptz)
        where m.id = x.id`,
  );

  // the figures, then every period since the contracts began, settled as the job would have
  const db = tx as unknown as Db;
  const reached = await rollUpNow(db, { timeoutMs: 30_000 });
  const [max] = await rows<{ v: string; e: string }>(
    tx,
    sql`select coalesce(max(id), 0)::text as v, (select coalesce(max(id), 0) from ledger_entry)::text as e
        from vendor_txn`,
  );
  if (reached.vendor_txn < BigInt(max!.v) || reached.ledger_entry < BigInt(max!.e)) {
    throw new Error('demo history: the team figures could not be rolled up (transactions in flight)');
  }
  // the engine at each run's own time (its retries and expiries read the clock)
  let runAt = now;
  // a payout's own transaction would be a savepoint of the seed's one transaction, which commits or
  // rolls back all of it anyway: each runs in it directly
  const ledger = createLedgerService({ db });
  const settlement = createContractSettlement({
    db,
    ledger: { ...ledger, transaction: (fn) => fn(tx) },
    clock: { now: () => runAt },
  });
  const runs: { kind: TContractKind; period: TContractPeriod; p: Period; now: Date }[] = [];
  const seen = new Set<string>();
  const add = (kind: TContractKind, period: TContractPeriod, p: Period | undefined) => {
    if (!p || p.to > to || seen.has(`${kind}:${p.from.toISOString()}`)) return;
    seen.add(`${kind}:${p.from.toISOString()}`);
    runs.push({ kind, period, p, now: new Date(p.to.getTime() + RUN_DELAY_MS) });
  };
  for (let d = 1; d <= DEMO_HISTORY_DAYS; d++) {
    add('dailySalary', 'daily', lastClosedPeriod('daily', tz, day(d)));
    add('dividend', 'weekly', lastClosedPeriod('weekly', tz, day(d)));
  }
  // the last day: each hour, and each 5-minute window in which a round was settled
  const lastDay = day(DEMO_HISTORY_DAYS - 1);
  for (let h = 1; h <= 24; h++)
    add('hourlySalary', 'hourly', lastClosedPeriod('hourly', tz, day(DEMO_HISTORY_DAYS - 1, h)));
  for (const r of plan.rounds) {
    if (r.creditAt < lastDay) continue;
    const start = Math.floor(r.creditAt.getTime() / REALTIME_WINDOW_MS) * REALTIME_WINDOW_MS;
    add('realtimeSalary', 'realtime', { from: new Date(start), to: new Date(start + REALTIME_WINDOW_MS) });
  }
  runs.sort((a, b) => a.now.getTime() - b.now.getTime());
  let paid = 0n;
  let payouts = 0;
  for (const r of runs) {
    runAt = r.now;
    const s = await settlement.settle(merchantId, r.kind, r.period, r.p, r.now);
    paid += s.paid;
    payouts += s.settled;
  }
  // what the job does after each run, once per kind after its last: pay more of short payouts, expire
  // the older ones (every upline here can pay in full, so each run's turn would have found none)
  const last = new Map(runs.map((r) => [`${r.kind}:${r.period}`, r]));
  for (const r of last.values()) {
    runAt = r.now;
    paid += await settlement.retryShort(merchantId, r.kind, r.period, r.p.from);
    await settlement.expireShort(merchantId, r.kind, r.period, r.p.from);
  }
  // real-time salary is settled up to now (no round was played since the history's end): the job
  // goes on from the last closed window, as it would have, instead of walking every window since the
  // contracts began
  const closed = new Date(Math.floor(now.getTime() / REALTIME_WINDOW_MS) * REALTIME_WINDOW_MS);
  await tx.execute(
    sql`insert into realtime_salary_progress (merchant_id, settled_to) values (${merchantId}, ${closed.toISOString()}::timestamptz)
        on conflict (merchant_id) do update set settled_to = excluded.settled_to`,
  );
  const unit = 10n ** BigInt(m.decimals);
  return [
    `Team history:    ${DEMO_HISTORY_DAYS} days from ${formatMerchantTime(from, tz).slice(0, 10)} to yesterday: ${plan.rounds.length} rounds, ` +
      `${plan.deposits.length} deposits, ${plan.withdrawals.length} withdrawals; ${payouts} salary and dividend ` +
      `payouts settled (${(paid / unit).toLocaleString('en-US')} paid)`,
  ];
}
