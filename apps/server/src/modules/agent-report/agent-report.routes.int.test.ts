import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { testClock } from '../../test/clock.js';
import {
  addVendor,
  fund,
  loginToken,
  merchantIdOf,
  newAgent,
  newMember,
  openVendorSession,
  postMoney,
  postPayout,
  TEST_PASSWORD,
  vendorCallback,
} from '../../test/factories.js';
import { rows } from '../../platform/sql.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import { rollUpNow } from '../team-figure/index.js';

/**
 * The agent reports over HTTP. The app's clock runs one day ahead of the database's, so what the
 * journal records "now" is the merchant's yesterday for the reports: presets are checked against
 * merchant days, not UTC days. Team: agent A -> (sub-agent B -> m2, m3), m1; another agent C -> c1.
 */
const VENDOR = 'TFREP';
const TZ = 'Asia/Dhaka';
const DAY = 86_400_000;
const PATHS = [
  'teamOverview',
  'teamPVPRNGBetting',
  'userLoss',
  'income',
  'downlineTransaction',
  'commission',
] as const;

let t: TestApp;
const clock = testClock({ at: new Date(Date.now() + DAY), frozen: false });
let merchantId: number;
const h: Record<string, Record<string, string>> = {};
const u: Record<string, { id: number; username: string }> = {};
/** the merchant's date of the journal's "now" (the reports' yesterday) */
let dataDay: string;
let game: { vendor: string; gameCode: string; gameType: string };

const get = (
  who: string | Record<string, string>,
  path: string,
  query: Record<string, string | number> = {},
) =>
  t.app.inject({
    url: `/wps/report/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers: typeof who === 'string' ? h[who] : who,
  });
const value = async (who: string, path: string, query: Record<string, string | number> = {}) => {
  const res = await get(who, path, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const id = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;

async function play(
  member: { id: number },
  p: { vendor?: string; gameCode?: string; bet: string; win?: string; rollback?: boolean; at?: Date },
) {
  const vendor = p.vendor ?? VENDOR;
  const token = (await openVendorSession(t.database.db, merchantId, member.id, vendor, clock)).token;
  const round = id('r');
  const bet = id('d');
  const call = async (op: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) => {
    const res = await vendorCallback(t.app, t.database.db, {
      merchantId,
      vendor,
      op,
      body: { playerId: String(member.id), ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await call('debit', { token, txnId: bet, roundId: round, amount: p.bet, gameCode: p.gameCode ?? 'g1' });
  if (p.at) {
    await t.database.db.execute(
      sql`update vendor_txn set created_at = ${p.at.toISOString()}::timestamptz
          where vendor_code = ${vendor} and txn_id = ${bet}`,
    );
  }
  if (p.rollback) await call('rollback', { txnId: id('b'), refTxnId: bet });
  else if (p.win !== undefined) await call('credit', { txnId: id('c'), roundId: round, amount: p.win });
  return round;
}

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  const db = t.database.db;
  merchantId = await merchantIdOf(db);
  await addVendor(db, merchantId, VENDOR);
  const [g] = await rows<{ vendor: string; gameCode: string; gameType: string }>(
    db,
    sql`select g.vendor_code as vendor, g.game_code as "gameCode", g.game_type as "gameType"
        from game g join merchant_vendor mv on mv.vendor_code = g.vendor_code and mv.merchant_id = ${merchantId}
          and mv.wallet_mode = 'seamless' and mv.enabled
        where g.game_type = 'LIVE' limit 1`,
  );
  game = g!;
  const session = async (name: string, m: { id: number; username: string }) => {
    u[name] = m;
    h[name] = {
      merchant: DEMO.merchant,
      authorization: await loginToken(t.app, db, m.username, TEST_PASSWORD),
    };
  };
  const A = await newAgent(db, merchantId);
  const B = await newAgent(db, merchantId, { parentId: A.id });
  const C = await newAgent(db, merchantId);
  await session('A', A);
  await session('B', B);
  await session('C', C);
  u.m1 = await newMember(db, merchantId, { parentId: A.id });
  u.m2 = await newMember(db, merchantId, { parentId: B.id });
  u.m3 = await newMember(db, merchantId, { parentId: B.id });
  u.c1 = await newMember(db, merchantId, { parentId: C.id });
  await session('player', await newMember(db, merchantId));
  for (const k of ['B', 'm1', 'm2', 'm3', 'c1']) await fund(db, merchantId, u[k]!.id, 10_000_000n);

  dataDay = formatMerchantTime(new Date(), TZ).slice(0, 10);
  // money: m1 deposits 1,000.00 twice and withdraws 300.00; m2 deposits 50.00
  await postMoney(db, merchantId, u.m1!.id, 'deposit', 100_000n);
  await postMoney(db, merchantId, u.m1!.id, 'deposit', 100_000n);
  await postMoney(db, merchantId, u.m1!.id, 'withdraw', 30_000n);
  await postMoney(db, merchantId, u.m2!.id, 'deposit', 5_000n);
  await postMoney(db, merchantId, u.c1!.id, 'deposit', 777_700n);
  // bets: m1 200 won 50; m2 100 lost; m3 40 rolled back; m2 60 unsettled; B (sub-agent) 10 won 30
  await play(u.m1!, { bet: '200.00', win: '50.00' });
  await play(u.m2!, { bet: '100.00', win: '0' });
  await play(u.m3!, { bet: '40.00', rollback: true });
  await play(u.m2!, { bet: '60.00' });
  await play(u.B!, { bet: '10.00', win: '30.00' });
  await play(u.c1!, { bet: '999.00', win: '0' });
  // a live-game bet of m3 on a catalogue game: 25 won 0
  await play(u.m3!, { vendor: game.vendor, gameCode: game.gameCode, bet: '25.00', win: '0' });
  // the merchant's midnight of dataDay: 30 minutes before it is the day before (UTC it is the same day)
  const midnight = merchantDayStart(TZ, new Date(`${dataDay}T12:00:00+06:00`));
  await play(u.m1!, { bet: '7.00', win: '0', at: new Date(midnight.getTime() - 30 * 60_000) });
  await postPayout(db, merchantId, u.A!.id, 'salary_daily', 12_345n);
  await postPayout(db, merchantId, u.A!.id, 'dividend', 1_000n);
  await postPayout(db, merchantId, u.C!.id, 'salary_hourly', 99_900n);
  await rollUpNow(db);
}, 120_000);
afterAll(() => t?.close());

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - DAY).toISOString().slice(0, 10);

describe('agent reports: access and validation', () => {
  it.each(PATHS)('%s: refuses anonymous callers and players, in the envelope', async (path) => {
    const anon = await get({ merchant: DEMO.merchant }, path);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ success: false, errorCode: 'login.not.session' });
    const player = await get('player', path);
    expect(player.statusCode).toBe(403);
    expect(player.json()).toMatchObject({ success: false, errorCode: 'error_not_agent' });
  });

  it.each(PATHS)('%s: bad input is a 422 in the envelope, never a 500', async (path) => {
    const bad: Record<string, string | number>[] = [
      { preset: 'lastyear' },
      { from: '2026-02-30' },
      { from: '2026-03-10', to: '2026-03-01' },
      { from: '2025-01-01', to: '2026-01-01' },
      { pageNo: 0 },
      { pageSize: 1000 },
      { username: 'x'.repeat(65) },
    ];
    for (const q of bad) {
      const res = await get('A', path, q);
      const body = res.json();
      // calls without paging or a username filter ignore those fields
      if (res.statusCode === 200) {
        expect(Object.keys(q)[0], `${path} ${JSON.stringify(q)}`).toMatch(/pageNo|pageSize|username/);
        continue;
      }
      expect(res.statusCode, `${path} ${JSON.stringify(q)}: ${res.body}`).toBe(422);
      expect(body.success).toBe(false);
      expect(['request_param_err', 'report_range_invalid']).toContain(body.errorCode);
    }
  });
});

describe('team overview', () => {
  it('totals the team in the period, with a day series in the merchant time zone', async () => {
    const v = await value('A', 'teamOverview', { preset: 'last7days' });
    expect(v.members).toBe(4); // B, m1, m2, m3
    expect(v.newRegistrations).toBe(4);
    expect(v).toMatchObject({
      deposits: '2050.00',
      withdrawals: '300.00',
      firstDeposits: 2,
      depositCount: 3,
      withdrawalCount: 1,
      // 200 + 100 + 10 + 25 + 7 (settled, not rolled back); 60 is unsettled, 40 rolled back
      validBets: '342.00',
      wins: '80.00',
      ggr: '262.00',
      bonuses: '0.00',
      rebates: '0.00',
      netResult: '262.00',
      betCount: 5,
    });
    // active (no deposit needed, 1.00 of valid bets): B, m1, m2, m3
    expect(v.activeMembers).toBe(4);
    expect(v.series).toHaveLength(7);
    const byDay = Object.fromEntries(v.series.map((p: { day: string }) => [p.day, p]));
    expect(byDay[dataDay].validBets).toBe('335.00');
    expect(byDay[dayBefore(dataDay)].validBets).toBe('7.00');
  });

  it('reads presets as merchant days: the journal’s today is the app clock’s yesterday', async () => {
    expect((await value('A', 'teamOverview', { preset: 'today' })).validBets).toBe('0.00');
    expect((await value('A', 'teamOverview', { preset: 'yesterday' })).validBets).toBe('335.00');
    expect((await value('A', 'teamOverview', { from: dayBefore(dataDay) })).validBets).toBe('7.00');
    const both = await value('A', 'teamOverview', { from: dayBefore(dataDay), to: dataDay });
    expect(both.validBets).toBe('342.00');
    expect(both.period).toEqual({ from: dayBefore(dataDay), to: dataDay });
  });

  it('narrows to a downline and its own team; a name outside the team finds nothing', async () => {
    const sub = await value('A', 'teamOverview', { username: u.B!.username });
    expect(sub).toMatchObject({ members: 3, validBets: '135.00', deposits: '50.00' });
    const outside = await value('A', 'teamOverview', { username: u.c1!.username });
    expect(outside).toMatchObject({ members: 0, validBets: '0.00', deposits: '0.00' });
    // B sees its own team only
    expect(await value('B', 'teamOverview')).toMatchObject({ members: 2, validBets: '125.00' });
    // C's team is C's
    expect(await value('C', 'teamOverview')).toMatchObject({
      members: 1,
      validBets: '999.00',
      deposits: '7777.00',
    });
  });
});

describe('team betting', () => {
  it('lists the team’s rounds newest first with statuses, totals and paging', async () => {
    const v = await value('A', 'teamPVPRNGBetting', { pageSize: 100 });
    // the 7.00 bet is in the last 7 days as well
    expect(v.totalCount).toBe(7);
    const users = new Set(v.list.map((r: { username: string }) => r.username));
    expect(users.has(u.c1!.username)).toBe(false);
    const statuses = v.list.map((r: { status: string }) => r.status).sort();
    expect(statuses).toEqual([
      'cancelled',
      'settled',
      'settled',
      'settled',
      'settled',
      'settled',
      'unsettled',
    ]);
    expect(v.totals).toMatchObject({
      betAmount: '442.00',
      validBet: '342.00',
      winAmount: '80.00',
      profit: '-262.00',
    });
    const page2 = await value('A', 'teamPVPRNGBetting', { pageSize: 3, pageNo: 2 });
    expect(page2).toMatchObject({ pageNo: 2, pageSize: 3, totalCount: 7, totalPages: 3 });
    expect(page2.list).toHaveLength(3);
    expect(page2.list[0].betId).toBe(v.list[3].betId);
  });

  it('filters by member, vendor, game type and status', async () => {
    const m2 = await value('A', 'teamPVPRNGBetting', { username: u.m2!.username });
    expect(m2.list.map((r: { betAmount: string }) => r.betAmount).sort()).toEqual(['100.00', '60.00']);
    const unsettled = await value('A', 'teamPVPRNGBetting', { status: 'unsettled' });
    expect(unsettled.list).toHaveLength(1);
    expect(unsettled.list[0]).toMatchObject({ betAmount: '60.00', validBet: '0.00', status: 'unsettled' });
    const cancelled = await value('A', 'teamPVPRNGBetting', { status: 'cancelled' });
    expect(cancelled.list[0]).toMatchObject({
      username: u.m3!.username,
      betAmount: '40.00',
      validBet: '0.00',
    });
    const live = await value('A', 'teamPVPRNGBetting', { gameType: game.gameType });
    expect(live.list).toHaveLength(1);
    expect(live.list[0]).toMatchObject({ vendor: game.vendor, gameCode: game.gameCode, gameType: 'LIVE' });
    const byVendor = await value('A', 'teamPVPRNGBetting', { vendor: game.vendor });
    expect(byVendor.totalCount).toBe(1);
    expect((await value('A', 'teamPVPRNGBetting', { username: u.c1!.username })).list).toEqual([]);
    expect((await value('C', 'teamPVPRNGBetting')).list).toHaveLength(1);
  });
});

describe('user loss', () => {
  it('gives deposits, withdrawals, bets, wins and net per downline', async () => {
    const v = await value('A', 'userLoss');
    const row = Object.fromEntries(v.list.map((r: { username: string }) => [r.username, r]));
    expect(row[u.m1!.username]).toMatchObject({
      deposits: '2000.00',
      withdrawals: '300.00',
      bets: '207.00',
      wins: '50.00',
      net: '-157.00',
      isAgent: false,
    });
    expect(row[u.B!.username]).toMatchObject({ bets: '10.00', wins: '30.00', net: '20.00', isAgent: true });
    expect(row[u.c1!.username]).toBeUndefined();
    expect(v.totals).toMatchObject({ bets: '342.00', wins: '80.00', deposits: '2050.00' });
    const direct = await value('A', 'userLoss', { directOnly: 'true' });
    expect(direct.list.map((r: { username: string }) => r.username).sort()).toEqual(
      [u.B!.username, u.m1!.username].sort(),
    );
    const one = await value('A', 'userLoss', { username: u.m2!.username });
    expect(one).toMatchObject({ totalCount: 1 });
    expect(one.list[0]).toMatchObject({ bets: '100.00', deposits: '50.00' });
    const paged = await value('A', 'userLoss', { pageSize: 2, pageNo: 2 });
    expect(paged).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(paged.list).toHaveLength(2);
  });
});

describe('income and commission', () => {
  it('lists the caller’s own salary and dividend payouts by kind', async () => {
    const v = await value('A', 'income');
    expect(v.totals).toEqual({
      daily: '123.45',
      hourly: '0.00',
      realtime: '0.00',
      dividend: '10.00',
      total: '133.45',
    });
    expect(v.list.map((r: { kind: string }) => r.kind).sort()).toEqual(['daily', 'dividend']);
    const daily = await value('A', 'income', { kind: 'daily' });
    expect(daily.list).toHaveLength(1);
    expect(daily.totals.total).toBe('123.45');
    // nobody else's payouts; none yet for B
    expect((await value('B', 'income')).totals.total).toBe('0.00');
    expect((await value('C', 'income')).totals).toMatchObject({ hourly: '999.00', total: '999.00' });
    expect((await value('A', 'income', { preset: 'today' })).list).toEqual([]);
  });

  it('gives per day the team’s figures and the caller’s income', async () => {
    const v = await value('A', 'commission');
    expect(v.totalCount).toBe(7);
    expect(v.list[1]).toMatchObject({
      day: dataDay,
      validBets: '335.00',
      daily: '123.45',
      dividend: '10.00',
      total: '133.45',
    });
    expect(v.totals).toMatchObject({ validBets: '342.00', ggr: '262.00', total: '133.45' });
    const p2 = await value('A', 'commission', { pageSize: 5, pageNo: 2 });
    expect(p2.list).toHaveLength(2);
  });
});

describe('downline transactions', () => {
  it('lists the team’s ledger movements by type and member, newest first', async () => {
    const deposits = await value('A', 'downlineTransaction', { type: 'deposit', pageSize: 100 });
    expect(deposits.list.map((r: { amount: string }) => r.amount).sort()).toEqual([
      '1000.00',
      '1000.00',
      '50.00',
    ]);
    expect(deposits.list.every((r: { type: string }) => r.type === 'deposit')).toBe(true);
    const m1 = await value('A', 'downlineTransaction', { username: u.m1!.username, type: 'withdraw' });
    expect(m1.list).toHaveLength(1);
    expect(m1.list[0]).toMatchObject({ username: u.m1!.username, amount: '-300.00', type: 'withdraw' });
    const all = await value('A', 'downlineTransaction', { pageSize: 100 });
    expect(all.list.some((r: { username: string }) => r.username === u.c1!.username)).toBe(false);
    // the agent's own payouts are not its team's movements
    expect(all.list.some((r: { username: string }) => r.username === u.A!.username)).toBe(false);
    const times = all.list.map((r: { time: string }) => r.time);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await value('A', 'downlineTransaction', { username: u.c1!.username })).list).toEqual([]);
    const paged = await value('A', 'downlineTransaction', { pageSize: 2 });
    expect(paged.totalCount).toBe(all.totalCount);
    expect(paged.list).toHaveLength(2);
  });
});
