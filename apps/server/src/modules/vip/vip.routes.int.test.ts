import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  createMerchant,
  createOperator,
  fund,
  loginToken,
  merchantIdOf,
  newMember,
  operatorLogin,
  operatorToken,
  postMoney,
  openVendorSession,
  TEST_PASSWORD,
  vendorCallback,
} from '../../test/factories.js';
import { rows } from '../../platform/sql.js';
import { rollUpNow } from '../team-figure/index.js';
import { VIP_EVALUATE_JOB } from './index.js';

/**
 * VIP ranks through HTTP on a merchant of the test's own: operators' levels (and their refusals),
 * a member's progress read from its team figures, upgrades by the scheduled run with one notice
 * however often and however concurrently it runs, and what each caller may see.
 */
const VENDOR = `VIP${randomBytes(2).toString('hex').toUpperCase()}`;

let t: TestApp;
let brand: { id: number; code: string };
let admin: string;
let viewer: string;

const LEVELS = [
  { level: 0, name: 'VIP0' },
  { level: 1, name: 'VIP1', totalTurnover: '100' },
  { level: 2, name: 'VIP2', monthlyDeposit: '500', monthlyTurnover: '300.00' },
  {
    level: 3,
    name: 'VIP3',
    totalDeposit: '100000',
    rebateRates: { RNG: 80, LIVE: 50 },
    dailyWithdrawalLimit: '200000',
    birthdayBonus: '888',
    upgradeBonus: '1888',
  },
];

const adminCall = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

async function player() {
  const m = await newMember(t.database.db, brand.id);
  const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD, { merchant: brand.code });
  const headers = { merchant: brand.code, authorization: token };
  return { ...m, headers };
}
type Player = Awaited<ReturnType<typeof player>>;

/** A settled lost round of the member (bet, then a 0 credit) through the signed wallet callbacks. */
async function bet(m: Player, amount: string) {
  const session = await openVendorSession(t.database.db, brand.id, m.id, VENDOR);
  const roundId = `r-${randomBytes(6).toString('hex')}`;
  for (const [op, body] of [
    ['debit', { token: session.token, amount }],
    ['credit', { amount: '0' }],
  ] as const) {
    const res = await vendorCallback(t.app, t.database.db, {
      merchantId: brand.id,
      merchantCode: brand.code,
      vendor: VENDOR,
      op,
      body: {
        playerId: String(m.id),
        txnId: `${op}-${randomBytes(6).toString('hex')}`,
        roundId,
        gameCode: 'g1',
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function progress(m: Player) {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getPlayerRankProgress', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

const notices = async (memberId: number) =>
  (
    await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from member_message where member_id = ${memberId} and kind = 'vip_upgraded'`,
    )
  )[0]!.n;

const label = async (m: Player) =>
  (await t.app.inject({ url: '/wps/member/info', headers: m.headers })).json().value.clubLabel.labelName;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  brand = await createMerchant(db);
  await addVendor(db, brand.id, VENDOR);
  await createOperator(db, brand.id, 'vipadmin', 'admin');
  await createOperator(db, brand.id, 'vipviewer', 'viewer');
  admin = await operatorLogin(t.app, brand.code, 'vipadmin');
  viewer = await operatorLogin(t.app, brand.code, 'vipviewer');
}, 60_000);
afterAll(() => t?.close());

describe('levels (operator API)', () => {
  it('creates, lists and updates levels, audited; money and rates as given', async () => {
    for (const l of LEVELS) {
      const res = await adminCall(admin, 'POST', '/admin/api/vip-levels', l);
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = (await adminCall(viewer, 'GET', '/admin/api/vip-levels')).json().value;
    expect(list.map((l: { name: string }) => l.name)).toEqual(['VIP0', 'VIP1', 'VIP2', 'VIP3']);
    expect(list[3]).toMatchObject({
      level: 3,
      totalDeposit: '100000.00',
      monthlyTurnover: '0.00',
      rebateRates: { RNG: 80, LIVE: 50 },
      dailyWithdrawalLimit: '200000.00',
      birthdayBonus: '888.00',
      upgradeBonus: '1888.00',
    });
    expect(list[0].dailyWithdrawalLimit).toBeNull();

    const upd = await adminCall(admin, 'PUT', `/admin/api/vip-levels/${list[3].id}`, {
      upgradeBonus: '2000.50',
      rebateRates: { RNG: 100 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().value).toMatchObject({
      name: 'VIP3',
      upgradeBonus: '2000.50',
      rebateRates: { RNG: 100 },
    });

    const audit = await rows<{ action: string; before: unknown; after: { upgradeBonus: string } }>(
      t.database.db,
      sql`select action, before, after from audit_log where merchant_id = ${brand.id} and entity_type = 'vip_level'
          order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([...LEVELS.map(() => 'vip.level.create'), 'vip.level.update']);
    expect(audit.at(-1)!.after.upgradeBonus).toBe('2000.50');
  });

  it('refuses anonymous callers, viewers’ writes, taken numbers and names, bad amounts and unknown levels', async () => {
    const list = (await adminCall(admin, 'GET', '/admin/api/vip-levels')).json().value;
    const anon = await t.app.inject({ method: 'POST', url: '/admin/api/vip-levels', payload: LEVELS[1] });
    expect(anon.statusCode).toBe(401);
    const byViewer = await adminCall(viewer, 'POST', '/admin/api/vip-levels', { level: 9, name: 'VIP9' });
    expect([byViewer.statusCode, byViewer.json().errorCode]).toEqual([403, 'forbidden']);
    const viewerUpd = await adminCall(viewer, 'PUT', `/admin/api/vip-levels/${list[1].id}`, { name: 'X' });
    expect(viewerUpd.statusCode).toBe(403);

    const sameLevel = await adminCall(admin, 'POST', '/admin/api/vip-levels', { level: 2, name: 'Other' });
    expect([sameLevel.statusCode, sameLevel.json().errorCode]).toEqual([409, 'conflict']);
    const sameName = await adminCall(admin, 'POST', '/admin/api/vip-levels', { level: 7, name: 'vip2' });
    expect(sameName.statusCode).toBe(409);
    const rename = await adminCall(admin, 'PUT', `/admin/api/vip-levels/${list[1].id}`, { name: 'VIP2' });
    expect(rename.statusCode).toBe(409);
    const decimals = await adminCall(admin, 'POST', '/admin/api/vip-levels', {
      level: 8,
      name: 'VIP8',
      totalTurnover: '1.234',
    });
    expect(decimals.json().errorCode).toBe('amount_invalid');
    const rate = await adminCall(admin, 'POST', '/admin/api/vip-levels', {
      level: 8,
      name: 'VIP8',
      rebateRates: { RNG: 10_001 },
    });
    expect(rate.json().errorCode).toBe('request_param_err');
    const unknown = await adminCall(admin, 'PUT', '/admin/api/vip-levels/999999', { name: 'Nope' });
    expect(unknown.statusCode).toBe(404);

    // another merchant's operator sees none of these levels and cannot touch them
    const demoAdmin = await operatorToken(t.app);
    const theirs = (await adminCall(demoAdmin, 'GET', '/admin/api/vip-levels')).json().value;
    expect(theirs.map((l: { id: number }) => l.id)).not.toContain(list[1].id);
    const foreign = await adminCall(demoAdmin, 'PUT', `/admin/api/vip-levels/${list[1].id}`, {
      name: 'Mine',
    });
    expect(foreign.statusCode).toBe(404);
    const after = (await adminCall(admin, 'GET', '/admin/api/vip-levels')).json().value;
    expect(after).toEqual(list);
  });
});

describe('ranks and progress', () => {
  it('progress reads the member’s valid bets and deposits; an upgrade comes with the thresholds', async () => {
    const m = await player();
    const other = await player();
    await fund(t.database.db, brand.id, m.id, 10_000_00n);
    await fund(t.database.db, brand.id, other.id, 10_000_00n);
    await bet(other, '5000');

    expect(await progress(m)).toEqual({
      playerRankName: 'VIP0',
      playerRankLevel: 0,
      nextRankName: 'VIP1',
      nextRankLevel: 1,
      monthlyTurnover: { actual: 0, expected: 0 },
      totalTurnover: { actual: 0, expected: 100 },
      monthlyDeposit: { actual: 0, expected: 0 },
      totalDeposit: { actual: 0, expected: 0 },
    });

    // 60 of valid bets and a round never settled (no valid bet) stay below VIP1's 100
    await bet(m, '60');
    await rollUpNow(t.database.db);
    expect(await t.app.scheduler.runNow(VIP_EVALUATE_JOB)).toBe(true);
    const p1 = await progress(m);
    expect(p1).toMatchObject({ playerRankName: 'VIP0', totalTurnover: { actual: 60, expected: 100 } });
    expect(await label(m)).toBe('VIP0');

    await bet(m, '40.50');
    await rollUpNow(t.database.db);
    expect(await t.app.scheduler.runNow(VIP_EVALUATE_JOB)).toBe(true);
    expect(await label(m)).toBe('VIP1');
    const p2 = await progress(m);
    expect(p2).toMatchObject({
      playerRankName: 'VIP1',
      nextRankName: 'VIP2',
      monthlyTurnover: { actual: 100.5, expected: 300 },
      totalTurnover: { actual: 100.5, expected: 0 },
      monthlyDeposit: { actual: 0, expected: 500 },
    });

    // the monthly route: deposits and turnover this month
    await postMoney(t.database.db, brand.id, m.id, 'deposit', 500_00n);
    await bet(m, '199.50');
    await rollUpNow(t.database.db);
    const p3 = await progress(m);
    expect(p3).toEqual({
      playerRankName: 'VIP2',
      playerRankLevel: 2,
      nextRankName: 'VIP3',
      nextRankLevel: 3,
      monthlyTurnover: { actual: 300, expected: 0 },
      totalTurnover: { actual: 300, expected: 0 },
      monthlyDeposit: { actual: 500, expected: 0 },
      totalDeposit: { actual: 500, expected: 100000 },
    });
    expect(await label(m)).toBe('VIP2');
    expect(await notices(m.id)).toBe(2);
    // the figures are the team figures' (the one definition of a valid bet), as the agent reports read them
    const [fig] = await rows<{ v: string; d: string }>(
      t.database.db,
      sql`select sum(valid_bet)::text as v, sum(deposit)::text as d from figure_member_day where member_id = ${m.id}`,
    );
    expect(fig).toEqual({ v: '30000', d: '50000' });
    const inbox = (await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: m.headers })).json().value
      .list as { kind: string; data: { to: string } }[];
    expect(inbox.filter((x) => x.kind === 'vip_upgraded').map((x) => x.data.to)).toEqual(['VIP2', 'VIP1']);

    // the other member's figures are its own: its 5000 of bets reached VIP1 only through its own reading
    expect((await progress(other)).totalTurnover.actual).toBe(5000);
    expect((await progress(m)).totalTurnover.actual).toBe(300);
  });

  it('upgrades once with one notice when the run repeats and when runs and reads race', async () => {
    const m = await player();
    await fund(t.database.db, brand.id, m.id, 10_000_00n);
    await bet(m, '150');
    await rollUpNow(t.database.db);
    const ran = await Promise.all([
      t.app.scheduler.runNow(VIP_EVALUATE_JOB),
      t.app.scheduler.runNow(VIP_EVALUATE_JOB),
      progress(m),
      progress(m),
    ]);
    expect(ran.slice(0, 2)).toContain(true);
    expect(await t.app.scheduler.runNow(VIP_EVALUATE_JOB)).toBe(true);
    expect(await t.app.scheduler.runNow(VIP_EVALUATE_JOB)).toBe(true);
    expect(await notices(m.id)).toBe(1);
    const ups = await rows<{ from_level: number; to_level: number; level_name: string }>(
      t.database.db,
      sql`select from_level, to_level, level_name from vip_upgrade where member_id = ${m.id}`,
    );
    expect(ups).toEqual([{ from_level: 0, to_level: 1, level_name: 'VIP1' }]);
    expect(await label(m)).toBe('VIP1');
  });

  it('a renamed level renames its members’ label; a level members hold keeps its number', async () => {
    const m = await player();
    await fund(t.database.db, brand.id, m.id, 10_000_00n);
    await bet(m, '120');
    await rollUpNow(t.database.db);
    expect((await progress(m)).playerRankName).toBe('VIP1');
    const list = (await adminCall(admin, 'GET', '/admin/api/vip-levels')).json().value;
    const vip1 = list.find((l: { level: number }) => l.level === 1);
    const renumber = await adminCall(admin, 'PUT', `/admin/api/vip-levels/${vip1.id}`, { level: 5 });
    expect([renumber.statusCode, renumber.json().errorCode]).toEqual([409, 'conflict']);
    const rename = await adminCall(admin, 'PUT', `/admin/api/vip-levels/${vip1.id}`, { name: 'Silver' });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(await label(m)).toBe('Silver');
    expect((await progress(m)).playerRankName).toBe('Silver');
    await adminCall(admin, 'PUT', `/admin/api/vip-levels/${vip1.id}`, { name: 'VIP1' });
  });
});

describe('who sees what', () => {
  it('players see their merchant’s levels only; trial sessions and anonymous callers get no progress', async () => {
    const m = await player();
    const ours = (await t.app.inject({ url: '/wps/relay/MCSFE_getVipLevelList', headers: m.headers })).json()
      .value as { name: string; level: number }[];
    expect(ours.map((l) => l.name)).toEqual(['VIP0', 'VIP1', 'VIP2', 'VIP3']);
    expect(ours[0]).not.toHaveProperty('id');

    const demoId = await merchantIdOf(t.database.db);
    const d = await newMember(t.database.db, demoId);
    const demoHeaders = {
      merchant: DEMO.merchant,
      authorization: await loginToken(t.app, t.database.db, d.username, TEST_PASSWORD),
    };
    const theirs = (
      await t.app.inject({ url: '/wps/relay/MCSFE_getVipLevelList', headers: demoHeaders })
    ).json().value as { totalDeposit: string }[];
    expect(theirs.some((l) => l.totalDeposit === '100000.00')).toBe(false);
    // a member's token is for its own merchant
    const cross = await t.app.inject({
      url: '/wps/relay/MCSFE_getPlayerRankProgress',
      headers: { merchant: DEMO.merchant, authorization: m.headers.authorization },
    });
    expect(cross.statusCode).toBe(401);

    const anon = await t.app.inject({
      url: '/wps/relay/MCSFE_getPlayerRankProgress',
      headers: { merchant: brand.code },
    });
    expect(anon.statusCode).toBe(401);
    const trial = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: brand.code },
      payload: { os: 'web', platform: 'W' },
    });
    expect(trial.statusCode, trial.body).toBe(200);
    const asTrial = await t.app.inject({
      url: '/wps/relay/MCSFE_getPlayerRankProgress',
      headers: { merchant: brand.code, authorization: trial.json().value.token },
    });
    expect([asTrial.statusCode, asTrial.json().errorCode]).toEqual([403, 'need_real_account']);
  });
});
