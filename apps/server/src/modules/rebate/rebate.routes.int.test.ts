import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { testClock, type TestClock } from '../../test/clock.js';
import {
  addVendor,
  createMerchant,
  createOperator,
  expectLedgerInvariants,
  fund,
  loginToken,
  mainBalance,
  newMember,
  openVendorSession,
  operatorLogin,
  TEST_PASSWORD,
  vendorCallback,
} from '../../test/factories.js';
import { addCatalogueGames } from '../../test/games.js';
import { rows } from '../../platform/sql.js';
import { formatMerchantTime } from '../../platform/time.js';
import { rollUpNow } from '../team-figure/index.js';
import { REBATE_JOB, VIP_BENEFITS_JOB } from './index.js';

/**
 * Rebates, cash back and VIP bonuses through HTTP on a merchant of the test's own: rates by VIP level,
 * manual claims (in parallel: paid once), the nightly run paying exactly what the claims left, once
 * however often it runs, cash back on the net loss, and the upgrade and birthday bonuses once.
 */
const VENDOR = `RB${randomBytes(3).toString('hex').toUpperCase()}`;
const DAY_MS = 86_400_000;

let t: TestApp;
let clock: TestClock;
let brand: { id: number; code: string };
let admin: string;
let viewer: string;
let today: string;
let tz: string;

async function player() {
  const m = await newMember(t.database.db, brand.id);
  await fund(t.database.db, brand.id, m.id, 1_000_000n);
  const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD, { merchant: brand.code });
  return { ...m, headers: { merchant: brand.code, authorization: token } };
}
type Player = Awaited<ReturnType<typeof player>>;

/** A settled round through the signed wallet callbacks: bet `stake`, then a credit of `win`. */
async function round(m: Player, game: string, stake: string, win = '0') {
  const session = await openVendorSession(t.database.db, brand.id, m.id, VENDOR, clock);
  const roundId = `r-${randomBytes(6).toString('hex')}`;
  for (const [op, body] of [
    ['debit', { token: session.token, amount: stake }],
    ['credit', { amount: win }],
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
        gameCode: game,
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const adminCall = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call({ authorization: token }, method, url, payload);

/** Sessions expire by the app's clock: after moving it a day, everyone logs in again. */
async function relogin() {
  admin = await operatorLogin(t.app, brand.code, 'rbadmin');
  viewer = await operatorLogin(t.app, brand.code, 'rbviewer');
  for (const m of [a, b, c, v]) {
    m.headers.authorization = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD, {
      merchant: brand.code,
    });
  }
}

const balance = (m: Player) => mainBalance(t.database.db, m.id);
const entries = async (m: Player, type: string) =>
  (
    await rows<{ n: number; total: string }>(
      t.database.db,
      sql`select count(*)::int as n, coalesce(sum(l.amount), 0)::text as total from ledger_entry e
          join ledger_line l on l.entry_id = e.id join ledger_account a on a.id = l.account_id and a.member_id = e.member_id
          where e.member_id = ${m.id} and e.type = ${type}`,
    )
  )[0]!;

let a: Player; // VIP0, bets today, never claims
let b: Player; // VIP0, claims during the day
let c: Player; // loses for cash back
let v: Player; // reaches VIP1

beforeAll(async () => {
  clock = testClock({ frozen: false });
  t = await createTestApp({ deps: { clock } });
  const db = t.database.db;
  brand = await createMerchant(db);
  await addVendor(db, brand.id, VENDOR);
  await addCatalogueGames(db, VENDOR, [
    { code: 'slot1', type: 'RNG' },
    { code: 'live1', type: 'LIVE' },
    { code: 'fish1', type: 'FISH' },
  ]);
  await createOperator(db, brand.id, 'rbadmin', 'admin');
  await createOperator(db, brand.id, 'rbviewer', 'viewer');
  admin = await operatorLogin(t.app, brand.code, 'rbadmin');
  viewer = await operatorLogin(t.app, brand.code, 'rbviewer');
  for (const l of [
    { level: 0, name: 'VIP0', rebateRates: { RNG: 100, LIVE: 50 }, birthdayBonus: '5' },
    {
      level: 1,
      name: 'VIP1',
      totalTurnover: '1000',
      rebateRates: { RNG: 200, LIVE: 80 },
      upgradeBonus: '10',
    },
    { level: 2, name: 'VIP2', totalTurnover: '1500', rebateRates: { RNG: 300 }, upgradeBonus: '20' },
  ]) {
    const res = await adminCall(admin, 'POST', '/admin/api/vip-levels', l);
    expect(res.statusCode, res.body).toBe(200);
  }
  [a, b, c, v] = [await player(), await player(), await player(), await player()];
  const [z] = await rows<{ tz: string }>(
    db,
    sql`select time_zone as tz from merchant where id = ${brand.id}`,
  );
  tz = z!.tz;
  today = formatMerchantTime(clock.now(), tz).slice(0, 10);
}, 120_000);
afterAll(() => t?.close());

describe('rates', () => {
  it('answers the caller its VIP level rates per product type; operators and trial-free', async () => {
    const res = await call(a.headers, 'GET', '/wps/relay/MCSFE_getCustomerRebateSettingByProductType');
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ vipLevel: 0, vipName: 'VIP0' });
    const rates = Object.fromEntries(
      value.list.map((r: { productType: string; rateBps: number }) => [r.productType, r.rateBps]),
    );
    expect(rates).toMatchObject({ RNG: 100, LIVE: 50, FISH: 0 });
    expect(value.list.find((r: { productType: string }) => r.productType === 'RNG').rebateRate).toBe(1);
  });
});

describe('manual rebate and the nightly run', () => {
  it('shows what today earned per product type and claims it once, however many claims race', async () => {
    await round(b, 'slot1', '200');
    await round(b, 'live1', '100', '150');
    let res = await call(b.headers, 'GET', '/wps/relay/MCSFE_getManualRebate');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      day: today,
      todayAmount: '2.50',
      totalAmount: '2.50',
      canClaim: true,
      list: [
        { productType: 'LIVE', validBet: '100.00', rateBps: 50, amount: '0.50' },
        { productType: 'RNG', validBet: '200.00', rateBps: 100, amount: '2.00' },
      ],
    });
    const before = await balance(b);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => call(b.headers, 'POST', '/wps/relay/MCSFE_claimManualRebate')),
    );
    const ok = claims.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json().value.amount).toBe('2.50');
    for (const r of claims.filter((x) => x.statusCode !== 200)) {
      expect(r.json().errorCode).toBe('rebate_nothing_to_claim');
    }
    expect((await balance(b)) - before).toBe(250n);
    res = await call(b.headers, 'GET', '/wps/relay/MCSFE_getManualRebate');
    expect(res.json().value).toMatchObject({ totalAmount: '0.00', canClaim: false });
    // more play after the claim: only the new bets are claimable
    await round(b, 'slot1', '50');
    res = await call(b.headers, 'GET', '/wps/relay/MCSFE_getManualRebate');
    expect(res.json().value.list).toEqual([
      { productType: 'RNG', validBet: '50.00', rateBps: 100, amount: '0.50' },
    ]);
    await round(b, 'slot1', '30');
  });

  it('a claim with nothing earned is refused with its code', async () => {
    const res = await call(c.headers, 'POST', '/wps/relay/MCSFE_claimManualRebate');
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('rebate_nothing_to_claim');
  });

  it('the nightly run pays the exact rebate once; reruns and the job pay nothing more', async () => {
    await round(a, 'slot1', '123.45');
    await round(a, 'live1', '40');
    await round(a, 'fish1', '500'); // no FISH rate
    await round(c, 'slot1', '300', '100');
    // not over yet
    let res = await adminCall(admin, 'POST', '/admin/api/rebate-runs', { kind: 'rebate', from: today });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('rebate_period_open');
    clock.advance(DAY_MS);
    await relogin();
    const [aBefore, bBefore] = [await balance(a), await balance(b)];
    res = await adminCall(viewer, 'POST', '/admin/api/rebate-runs', { kind: 'rebate', from: today });
    expect(res.statusCode).toBe(403);
    res = await adminCall(admin, 'POST', '/admin/api/rebate-runs', { kind: 'rebate', from: today });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ kind: 'rebate', periodFrom: today, status: 'done' });
    // a: 1 % of 123.45 = 1.2345 -> 1.23; 0.5 % of 40 = 0.20
    expect((await balance(a)) - aBefore).toBe(143n);
    // b: what its claim left: 80.00 RNG at 1 %
    expect((await balance(b)) - bBefore).toBe(80n);
    expect(await entries(a, 'rebate')).toEqual({ n: 2, total: '143' });
    // again, by hand and by the job: nothing more
    res = await adminCall(admin, 'POST', '/admin/api/rebate-runs', { kind: 'rebate', from: today });
    expect(res.statusCode).toBe(200);
    expect(await t.app.scheduler.runNow(REBATE_JOB)).toBe(true);
    expect((await balance(a)) - aBefore).toBe(143n);
    expect((await balance(b)) - bBefore).toBe(80n);
    const runs = await adminCall(viewer, 'GET', '/admin/api/rebate-runs?kind=rebate');
    expect(runs.statusCode, runs.body).toBe(200);
    const run = runs.json().value.list[0];
    expect(run).toMatchObject({ members: 3, paid: '5.23' });
    const results = await adminCall(
      viewer,
      'GET',
      `/admin/api/rebate-runs/${run.id}/results?memberId=${a.id}`,
    );
    expect(
      results
        .json()
        .value.list.map((r: { productType: string; amount: string }) => [r.productType, r.amount]),
    ).toEqual([
      ['LIVE', '0.20'],
      ['RNG', '1.23'],
    ]);
    const hist = await call(a.headers, 'GET', '/wps/relay/MCSFE_getRebateHistory?kind=rebate');
    expect(hist.json().value).toMatchObject({ totalCount: 2, totalAmount: '1.43' });
    const records = await call(a.headers, 'GET', '/wps/relay/ODSFE2_MemBonusDet?type=rebate');
    expect(records.json().value.totalAmount).toBe('1.43');
    await expectLedgerInvariants(t.database.db);
  });

  it('cash back pays its share of the net loss once (min loss, cap)', async () => {
    let res = await adminCall(admin, 'PUT', '/admin/api/rebate-settings', {
      cashbackPeriod: 'daily',
      cashbackBps: 1000,
      cashbackMinLoss: '100',
      cashbackCap: '50',
      cashbackNetOfBonus: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      cashbackPeriod: 'daily',
      cashbackBps: 1000,
      cashbackCap: '50.00',
    });
    const [aBefore, bBefore, cBefore] = [await balance(a), await balance(b), await balance(c)];
    res = await adminCall(admin, 'POST', '/admin/api/rebate-runs', { kind: 'cashback', from: today });
    expect(res.statusCode, res.body).toBe(200);
    // the net loss is less the bonuses and rebates paid in the day (the test moved only the app's
    // clock: the nightly rebate's entries carry the database's today): c lost 300 - 100, got 3.00
    // rebate -> 197.00 -> 19.70; a: 663.45 - 1.43 -> 66.20, capped at 50; b: 380 staked, 150 won,
    // 2.50 claimed and 0.80 paid -> 226.70 -> 22.67
    expect((await balance(c)) - cBefore).toBe(1970n);
    expect((await balance(a)) - aBefore).toBe(5000n);
    expect((await balance(b)) - bBefore).toBe(2267n);
    res = await adminCall(admin, 'POST', '/admin/api/rebate-runs', { kind: 'cashback', from: today });
    expect(res.statusCode).toBe(200);
    expect((await balance(c)) - cBefore).toBe(1970n);
    const hist = await call(c.headers, 'GET', '/wps/relay/MCSFE_getRebateHistory?kind=cashback');
    expect(hist.json().value.list[0]).toMatchObject({
      kind: 'cashback',
      base: '197.00',
      amount: '19.70',
      status: 'paid',
    });
    await expectLedgerInvariants(t.database.db);
  });
});

describe('VIP benefits', () => {
  it('pays each reached level its upgrade bonus once, with a notice', async () => {
    await round(v, 'slot1', '1600');
    await rollUpNow(t.database.db);
    const res = await call(v.headers, 'GET', '/wps/relay/MCSFE_getPlayerRankProgress');
    expect(res.json().value.playerRankName).toBe('VIP2');
    const before = await balance(v);
    await Promise.all([t.app.scheduler.runNow(VIP_BENEFITS_JOB), t.app.scheduler.runNow(VIP_BENEFITS_JOB)]);
    expect(await t.app.scheduler.runNow(VIP_BENEFITS_JOB)).toBe(true);
    expect((await balance(v)) - before).toBe(3000n);
    expect(await entries(v, 'bonus_vip_upgrade')).toEqual({ n: 2, total: '3000' });
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from member_message where member_id = ${v.id} and kind = 'vip_bonus_paid'`,
    );
    expect(n!.n).toBe(2);
    // and its new rates
    const rates = await call(v.headers, 'GET', '/wps/relay/MCSFE_getCustomerRebateSettingByProductType');
    expect(rates.json().value).toMatchObject({ vipLevel: 2, vipName: 'VIP2' });
  });

  it('pays the birthday bonus on the birthday, once a year', async () => {
    const mmdd = formatMerchantTime(clock.now(), tz).slice(5, 10);
    let res = await adminCall(admin, 'PUT', `/admin/api/members/${c.id}/birthday`, {
      birthDate: `1990-${mmdd}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call(a.headers, 'POST', '/wps/relay/MCSFE_updateBirthday', { birthDate: '1991-01-15' });
    expect(res.statusCode, res.body).toBe(200);
    res = await call(a.headers, 'POST', '/wps/relay/MCSFE_updateBirthday', { birthDate: '1992-01-15' });
    expect(res.statusCode).toBe(409);
    const before = await balance(c);
    const aBefore = await balance(a);
    await Promise.all([t.app.scheduler.runNow(VIP_BENEFITS_JOB), t.app.scheduler.runNow(VIP_BENEFITS_JOB)]);
    await t.app.scheduler.runNow(VIP_BENEFITS_JOB);
    expect((await balance(c)) - before).toBe(500n);
    expect(await balance(a)).toBe(aBefore);
    await expectLedgerInvariants(t.database.db);
  });
});
