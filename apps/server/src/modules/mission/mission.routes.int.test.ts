import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { rollUpNow } from '../team-figure/index.js';
import {
  addChannel,
  addVendor,
  approvedDeposit,
  createMerchant,
  createOperator,
  expectLedgerInvariants,
  fund,
  loginToken,
  mainBalance,
  memberSession,
  merchantIdOf,
  newMember,
  openVendorSession,
  operatorLogin,
  operatorToken,
  settleWin,
  TEST_PASSWORD,
  vendorCallback,
} from '../../test/factories.js';

let t: TestApp;
let merchantId: number;
let admin: string;
let channelId: number;
const VENDOR = 'MISV';
const SLOT = 'mslot1';
const LIVE = 'mlive1';
const db = () => t.database.db;
type Headers = Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  channelId = (await addChannel(db(), merchantId)).id;
  await db().execute(
    sql`insert into game_vendor (code, names, game_types) values (${VENDOR}, '{"EN":"Mission vendor"}'::jsonb, '{RNG,LIVE}')`,
  );
  await db().execute(
    sql`insert into game (vendor_code, game_code, game_type, names, search_text) values
          (${VENDOR}, ${SLOT}, 'RNG', '{"EN":"Slot"}'::jsonb, 'slot'),
          (${VENDOR}, ${LIVE}, 'LIVE', '{"EN":"Live"}'::jsonb, 'live')`,
  );
  await addVendor(db(), merchantId, VENDOR);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function mission(body: Record<string, unknown>, token = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/missions',
    headers: { authorization: token },
    payload: { title: { EN: `Mission ${randomBytes(3).toString('hex')}`, BN: 'মিশন' }, ...body },
  });
}
async function newMission(body: Record<string, unknown>) {
  const res = await mission(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number };
}
async function summary(headers: Headers) {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getMissionSummaryDetails', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    claimableCount: number;
    missions: { id: number; status: string; progress: string; target: string; percent: number }[];
  };
}
const mine = async (headers: Headers, id: number) =>
  (await summary(headers)).missions.find((m) => m.id === id)!;
const claim = (headers: Headers, missionId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_claimMissionReward',
    headers,
    payload: { missionId },
  });
const bet = (memberId: number, gameCode: string, amount: string, win = '0') =>
  settleWin(t.app, db(), { merchantId, memberId, vendor: VENDOR, gameCode, bet: amount, win });

async function player(balance = 100_000n) {
  const m = await memberSession(t.app, db(), merchantId);
  if (balance > 0n) await fund(db(), merchantId, m.id, balance);
  return m;
}

describe('operator API', () => {
  it('creates and changes missions (audited); viewers cannot; bad targets are refused', async () => {
    const created = await newMission({
      kind: 'SLOT_BET',
      period: 'DAILY',
      target: '1000',
      rewardAmount: '20',
    });
    expect(created).toMatchObject({
      kind: 'SLOT_BET',
      target: '1000.00',
      rewardAmount: '20.00',
      active: true,
    });
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/missions/${created.id}`,
      headers: { authorization: admin },
      payload: { rewardAmount: '25', active: false },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().value).toMatchObject({ rewardAmount: '25.00', active: false, target: '1000.00' });
    const audit = await rows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'mission' and entity_id = ${String(created.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['mission.create', 'mission.update']);

    await createOperator(db(), merchantId, 'misviewer', 'viewer');
    const viewer = await operatorLogin(t.app, DEMO.merchant, 'misviewer');
    expect(
      (await mission({ kind: 'ROUNDS', period: 'DAILY', target: 3, rewardAmount: '1' }, viewer)).statusCode,
    ).toBe(403);
    const list = await t.app.inject({ url: '/admin/api/missions', headers: { authorization: viewer } });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.some((m: { id: number }) => m.id === created.id)).toBe(true);
    for (const bad of [
      { kind: 'ROUNDS', period: 'DAILY', target: '2.5', rewardAmount: '1' },
      { kind: 'LOGIN_DAYS', period: 'WEEKLY', target: 8, rewardAmount: '1' },
      { kind: 'LOGIN_DAYS', period: 'DAILY', target: 2, rewardAmount: '1' },
      { kind: 'DEPOSIT', period: 'DAILY', target: '0', rewardAmount: '1' },
      { kind: 'DEPOSIT', period: 'DAILY', target: '10', rewardAmount: '0' },
      { kind: 'NOPE', period: 'DAILY', target: '10', rewardAmount: '1' },
    ]) {
      const res = await mission(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    const none = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/missions/999999',
      headers: { authorization: admin },
      payload: { active: false },
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('missions', () => {
  it('bet on slots: only settled slot rounds count; claimed once, 20 parallel claims pay once', async () => {
    const m = await newMission({ kind: 'SLOT_BET', period: 'DAILY', target: '100', rewardAmount: '15' });
    const p = await player();
    await bet(p.id, SLOT, '60');
    await bet(p.id, LIVE, '500', '0');
    expect(await mine(p.headers, m.id)).toMatchObject({ status: 'Process', progress: '60.00', percent: 60 });
    expect((await claim(p.headers, m.id)).statusCode).toBe(409);
    // a bet not settled yet does not count
    const session = await openVendorSession(db(), merchantId, p.id, VENDOR);
    const open = await vendorCallback(t.app, db(), {
      merchantId,
      vendor: VENDOR,
      op: 'debit',
      body: {
        playerId: String(p.id),
        token: session.token,
        txnId: `d-${randomBytes(5).toString('hex')}`,
        roundId: `r-${randomBytes(5).toString('hex')}`,
        amount: '100',
        gameCode: SLOT,
      },
    });
    expect(open.statusCode, open.body).toBe(200);
    expect((await mine(p.headers, m.id)).progress).toBe('60.00');
    await bet(p.id, SLOT, '40', '80');
    const done = await summary(p.headers);
    expect(done.missions.find((x) => x.id === m.id)).toMatchObject({ status: 'Claim', percent: 100 });
    expect(done.claimableCount).toBeGreaterThanOrEqual(1);

    const before = await mainBalance(db(), p.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(p.headers, m.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(results.find((r) => r.statusCode === 409)!.body).toContain('mission_already_claimed');
    expect(await mainBalance(db(), p.id)).toBe(before + 15_00n);
    expect(await mine(p.headers, m.id)).toMatchObject({ status: 'Claimed' });
    await expectLedgerInvariants(db());
  });

  it('play K games: settled rounds of any game', async () => {
    const m = await newMission({ kind: 'ROUNDS', period: 'WEEKLY', target: 3, rewardAmount: '5' });
    const p = await player();
    await bet(p.id, SLOT, '1');
    await bet(p.id, LIVE, '1', '2');
    expect(await mine(p.headers, m.id)).toMatchObject({ progress: '2', target: '3', status: 'Process' });
    await bet(p.id, SLOT, '1');
    expect((await mine(p.headers, m.id)).status).toBe('Claim');
    const res = await claim(p.headers, m.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'Claimed', progress: '3' });
  });

  it('deposit X: credited deposits of the period', async () => {
    const m = await newMission({ kind: 'DEPOSIT', period: 'DAILY', target: '300', rewardAmount: '30' });
    const p = await player(0n);
    await approvedDeposit(t.app, { member: p.headers, operatorToken: admin, channelId, amount: '200' });
    // a pending deposit does not count
    const pending = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_submitDeposit',
      headers: p.headers,
      payload: { channelId, amount: '500', reference: 'TRX-pending' },
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(await mine(p.headers, m.id)).toMatchObject({ progress: '200.00', status: 'Process' });
    await approvedDeposit(t.app, { member: p.headers, operatorToken: admin, channelId, amount: '100' });
    expect((await claim(p.headers, m.id)).statusCode).toBe(200);
    expect(await mainBalance(db(), p.id)).toBe(330_00n);
  });

  it('log in D days: days active (check-in, heartbeat) or with a session this week', async () => {
    const m = await newMission({ kind: 'LOGIN_DAYS', period: 'WEEKLY', target: 2, rewardAmount: '3' });
    const p = await player(0n);
    // today: the login's session
    expect(await mine(p.headers, m.id)).toMatchObject({ progress: '1', status: 'Process' });
    const beat = await t.app.inject({
      url: '/wps/relay/PROMOFE_recordCustomerHeartbeatDaily',
      headers: p.headers,
    });
    expect(beat.statusCode).toBe(200);
    expect((await mine(p.headers, m.id)).progress).toBe('1');
    // another day of this week (yesterday, or tomorrow on a Monday) the member was active
    const today = beat.json().value.day as string;
    const monday = new Date(`${today}T00:00:00Z`).getUTCDay() === 1;
    const other = new Date(Date.parse(`${today}T00:00:00Z`) + (monday ? 1 : -1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await db().execute(
      sql`insert into member_active_day (member_id, day, merchant_id) values (${p.id}, ${other}::date, ${merchantId})`,
    );
    expect(await mine(p.headers, m.id)).toMatchObject({ progress: '2', status: 'Claim' });
    expect((await claim(p.headers, m.id)).statusCode).toBe(200);
    expect((await claim(p.headers, m.id)).statusCode).toBe(409);
  });

  it('inactive or unknown missions cannot be claimed; the quest list leaves out claimed ones', async () => {
    const m = await newMission({
      kind: 'ROUNDS',
      period: 'DAILY',
      target: 1,
      rewardAmount: '1',
      active: false,
    });
    const p = await player();
    await bet(p.id, SLOT, '1');
    expect((await claim(p.headers, m.id)).statusCode).toBe(404);
    expect((await claim(p.headers, 999_999)).statusCode).toBe(404);
    const quests = await t.app.inject({
      url: '/wps/relay/PROMOFE_getParticipableQuestList',
      headers: p.headers,
    });
    expect(quests.statusCode).toBe(200);
    expect((quests.json().value as { id: number }[]).some((q) => q.id === m.id)).toBe(false);
  });
});

describe('leaderboard', () => {
  it("ranks the merchant's valid bets of the period, masks other names, shows the caller's place; per merchant", async () => {
    const a = await player(10_000_000n);
    const b = await player(10_000_000n);
    await bet(a.id, SLOT, '70000');
    await bet(b.id, LIVE, '30000');
    // a member of another merchant bets more: never on this merchant's board, nor the reverse
    const other = await createMerchant(db());
    await addVendor(db(), other.id, VENDOR);
    const o = await newMember(db(), other.id);
    await fund(db(), other.id, o.id, 100_000_000n);
    const session = await openVendorSession(db(), other.id, o.id, VENDOR);
    const roundId = `r-${randomBytes(5).toString('hex')}`;
    for (const [op, amount] of [
      ['debit', '900000'],
      ['credit', '0'],
    ] as const) {
      const res = await vendorCallback(t.app, db(), {
        merchantId: other.id,
        merchantCode: other.code,
        vendor: VENDOR,
        op,
        body: {
          playerId: String(o.id),
          token: session.token,
          txnId: `${op}-${randomBytes(5).toString('hex')}`,
          roundId,
          amount,
          gameCode: SLOT,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await rollUpNow(db());

    const board = await t.app.inject({
      url: '/wps/relay/MCSFE_getMissionLeaderboard?period=DAILY&size=100',
      headers: a.headers,
    });
    expect(board.statusCode, board.body).toBe(200);
    const v = board.json().value as {
      list: { rank: number; username: string; validBet: string; me: boolean }[];
      mine: { rank: number; validBet: string };
    };
    const meRow = v.list.find((r) => r.me)!;
    expect(meRow).toMatchObject({ username: a.username, validBet: '70000.00' });
    expect(v.mine).toEqual({ rank: meRow.rank, validBet: '70000.00' });
    const bRow = v.list.find((r) => r.validBet === '30000.00' && !r.me)!;
    expect(bRow.username).not.toBe(b.username);
    expect(bRow.username).toContain('***');
    expect(bRow.rank).toBeGreaterThan(meRow.rank);
    expect(v.list.some((r) => r.validBet === '900000.00')).toBe(false);
    const ranks = v.list.map((r) => r.rank);
    expect([...ranks].sort((x, y) => x - y)).toEqual(ranks);

    const otherToken = await loginToken(t.app, db(), o.username, TEST_PASSWORD, { merchant: other.code });
    const theirs = await t.app.inject({
      url: '/wps/relay/PROMOFE_getRankBoardList?period=DAILY',
      headers: { merchant: other.code, authorization: otherToken },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().value.list).toEqual([
      { rank: 1, username: o.username, validBet: '900000.00', me: true },
    ]);

    const nobody = await player(0n);
    const empty = await t.app.inject({
      url: '/wps/relay/MCSFE_getMissionLeaderboard',
      headers: nobody.headers,
    });
    expect(empty.json().value.mine).toEqual({ rank: null, validBet: '0.00' });
  });
});
