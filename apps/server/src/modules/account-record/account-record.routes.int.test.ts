import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { createEventBus } from '../../platform/events.js';
import { systemClock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import { createLedgerService, type HouseAccountCode } from '../ledger/index.js';
import { signBody } from '../../platform/vendor-signature.js';
import { vendorWalletServiceFor } from '../vendor-wallet/index.js';
import {
  addVendor,
  expectLedgerInvariants,
  fund,
  merchantIdOf,
  newMember,
  TEST_PASSWORD,
  loginToken,
  createOperator,
  operatorLogin as login,
} from '../../test/factories.js';

const VENDOR = 'ARV';
const VENDOR2 = 'ARW';
const PAY = '135790';
const TZ = 'Asia/Dhaka';
let t: TestApp;
let merchantId: number;
const secrets: Record<string, string> = {};
let opToken: string;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  secrets[VENDOR] = await addVendor(t.database.db, merchantId, VENDOR);
  secrets[VENDOR2] = await addVendor(t.database.db, merchantId, VENDOR2);
  await createOperator(t.database.db, merchantId, 'recop', 'admin');
  opToken = await login(t.app, DEMO.merchant, 'recop');
});
afterAll(() => t.close());

const db = () => t.database.db;
const headers = (token?: string) => ({ merchant: DEMO.merchant, ...(token ? { authorization: token } : {}) });
const today = () => formatMerchantTime(new Date(), TZ).slice(0, 10);
const daysAgo = (n: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A movement the deposit/withdraw/bonus modules would post: house account <-> member MAIN. */
async function post(
  memberId: number,
  type: string,
  house: HouseAccountCode,
  amount: bigint,
  memo: Record<string, unknown> = {},
) {
  const ledger = createLedgerService({ db: db() });
  await ledger.transaction((tx) =>
    ledger.post(tx, {
      merchantId,
      key: `test_${type}:${randomBytes(8).toString('hex')}`,
      type,
      memberId,
      refId: typeof memo.orderNo === 'string' ? memo.orderNo : null,
      memo,
      lines: [
        { account: { house, spread: memberId }, amount: -amount },
        { account: { memberId, code: 'main' }, amount },
      ],
    }),
  );
}

const events = createEventBus();
async function vendorToken(memberId: number, vendor: string) {
  const s = await vendorWalletServiceFor({ db: db(), events, clock: systemClock }).openSession(db(), {
    merchantId,
    memberId,
    vendorCode: vendor,
  });
  return s.token;
}

async function vendorCall(vendor: string, op: string, body: Record<string, unknown>) {
  const raw = JSON.stringify({ currency: 'BDT', ...body });
  const res = await t.app.inject({
    method: 'POST',
    url: `/vendor/${vendor}/wallet/${op}`,
    headers: {
      merchant: DEMO.merchant,
      'content-type': 'application/json',
      'x-signature': signBody(secrets[vendor]!, raw),
    },
    payload: raw,
  });
  if (res.statusCode !== 200) throw new Error(`${op}: ${res.body}`);
  return res.json().value;
}

let seq = 0;
const uid = (p: string) => `${p}-${++seq}-${randomBytes(3).toString('hex')}`;

/**
 * A member with a day of activity: deposit 100, bet 10 on round r1 and a win of 25, a bet of 5
 * rolled back, a transfer of 20 to the upline, a bonus of 3 and a withdrawal of 30.
 */
async function activeMember() {
  const agent = await newMember(db(), merchantId, { type: 1 });
  const m = await newMember(db(), merchantId, { parentId: agent.id, paymentPassword: PAY });
  const token = await loginToken(t.app, db(), m.username, TEST_PASSWORD);
  const agentToken = await loginToken(t.app, db(), agent.username, TEST_PASSWORD);
  await post(m.id, 'deposit', 'deposit', 10_000n, { orderNo: 'D-1001' });
  const vt = await vendorToken(m.id, VENDOR);
  const player = { playerId: String(m.id), token: vt };
  const r1 = uid('r');
  await vendorCall(VENDOR, 'debit', {
    ...player,
    txnId: uid('d'),
    roundId: r1,
    gameCode: 'slot7',
    amount: '10',
  });
  await vendorCall(VENDOR, 'credit', {
    ...player,
    txnId: uid('c'),
    roundId: r1,
    gameCode: 'slot7',
    amount: '25',
  });
  const refTxnId = uid('d');
  await vendorCall(VENDOR, 'debit', { ...player, txnId: refTxnId, roundId: uid('r'), amount: '5' });
  await vendorCall(VENDOR, 'rollback', { ...player, txnId: uid('rb'), refTxnId });
  const xfer = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_transferUpline',
    headers: headers(token),
    payload: { amount: '20', paymentPassword: PAY },
  });
  if (xfer.statusCode !== 200) throw new Error(xfer.body);
  await post(m.id, 'bonus', 'bonus', 300n, { remark: 'Welcome bonus' });
  await post(m.id, 'withdraw', 'withdraw', -3_000n, { orderNo: 'W-2002' });
  return { m, token, agent, agentToken, r1 };
}

const records = (token: string | undefined, query: Record<string, string | number | undefined> = {}) =>
  t.app.inject({
    url: '/wps/relay/ODSFE2_MemTransDet',
    headers: headers(token),
    query: Object.fromEntries(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ),
  });

describe('account record (ODSFE2_MemTransDet)', () => {
  it('lists the member’s lines newest first with signs, balances, wallets and remarks', async () => {
    const { m, token, agent, agentToken, r1 } = await activeMember();
    const res = await records(token);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ pageNo: 1, pageSize: 20, totalCount: 8, totalPages: 1 });
    expect(v.period).toEqual({ from: daysAgo(6), to: today() });
    expect(
      v.list.map((r: Record<string, string>) => [r.type, r.amount, r.balanceAfter, r.wallet, r.remark]),
    ).toEqual([
      ['withdraw', '-30.00', '68.00', 'MAIN', 'W-2002'],
      ['bonus', '3.00', '98.00', 'MAIN', 'Welcome bonus'],
      ['transfer', '-20.00', '95.00', 'MAIN', agent.username],
      ['refund', '5.00', '115.00', 'MAIN', expect.stringMatching(/^ARV #r-/)],
      ['bet', '-5.00', '110.00', 'MAIN', expect.stringMatching(/^ARV #r-/)],
      ['win', '25.00', '115.00', 'MAIN', `ARV slot7 #${r1}`],
      ['bet', '-10.00', '90.00', 'MAIN', `ARV slot7 #${r1}`],
      ['deposit', '100.00', '100.00', 'MAIN', 'D-1001'],
    ]);
    expect(v.list[0].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(v.list[0].time.slice(0, 10)).toBe(today());
    expect(new Set(v.list.map((r: { id: string }) => r.id)).size).toBe(8);
    expect(v.list[0].entryType).toBe('withdraw');
    // the receiving upline sees the same transfer as money in, named by the sender
    const up = await records(agentToken);
    expect(up.json().value.list).toEqual([
      expect.objectContaining({
        type: 'transfer',
        amount: '20.00',
        balanceAfter: '20.00',
        remark: m.username,
      }),
    ]);
    await expectLedgerInvariants(db());
  });

  it('filters by type, pages, and applies date presets and explicit ranges', async () => {
    const { token } = await activeMember();
    const bets = await records(token, { type: 'bet' });
    expect(bets.json().value.list.map((r: { amount: string }) => r.amount)).toEqual(['-5.00', '-10.00']);
    expect((await records(token, { type: 'transfer' })).json().value.totalCount).toBe(1);
    expect((await records(token, { type: 'salary' })).json().value.totalCount).toBe(0);
    expect((await records(token, { type: 'other' })).json().value.totalCount).toBe(0);
    expect((await records(token, { type: 'nonsense' })).statusCode).toBe(422);

    const p1 = (await records(token, { pageSize: 3, pageNo: 1 })).json().value;
    const p3 = (await records(token, { pageSize: 3, pageNo: 3 })).json().value;
    expect(p1).toMatchObject({ totalCount: 8, totalPages: 3 });
    expect(p1.list.map((r: { type: string }) => r.type)).toEqual(['withdraw', 'bonus', 'transfer']);
    expect(p3.list.map((r: { type: string }) => r.type)).toEqual(['bet', 'deposit']);
    expect((await records(token, { pageSize: 101 })).statusCode).toBe(422);
    expect((await records(token, { pageNo: 4, pageSize: 3 })).json().value.list).toEqual([]);

    expect((await records(token, { preset: 'today' })).json().value.totalCount).toBe(8);
    const yesterday = (await records(token, { preset: 'yesterday' })).json().value;
    expect(yesterday).toMatchObject({ totalCount: 0, period: { from: daysAgo(1), to: daysAgo(1) } });
    expect((await records(token, { preset: 'last30days' })).json().value).toMatchObject({
      totalCount: 8,
      period: { from: daysAgo(29), to: today() },
    });
    expect((await records(token, { from: today(), to: today() })).json().value.totalCount).toBe(8);
    expect((await records(token, { from: today() })).json().value.totalCount).toBe(8);
    expect((await records(token, { from: daysAgo(10), to: daysAgo(1) })).json().value.totalCount).toBe(0);
    for (const bad of [
      { from: today(), to: daysAgo(1) },
      { from: daysAgo(100), to: today() },
      { from: '2025-02-30' },
      { from: '20250101' },
    ]) {
      const r = await records(token, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await records(token, { from: daysAgo(1), to: daysAgo(2) })).json().errorCode).toBe(
      'report_range_invalid',
    );
  });

  it('never shows another member’s lines', async () => {
    const a = await activeMember();
    const b = await newMember(db(), merchantId);
    await fund(db(), merchantId, b.id, 700n);
    const tokenB = await loginToken(t.app, db(), b.username, TEST_PASSWORD);
    const list = (await records(tokenB)).json().value.list;
    expect(list).toEqual([
      expect.objectContaining({ type: 'adjustment', amount: '7.00', balanceAfter: '7.00' }),
    ]);
    expect((await records(a.token)).json().value.totalCount).toBe(8);
  });

  it('shows both sides of a MAIN -> sub-wallet transfer with the wallet of each line', async () => {
    await addVendor(db(), merchantId, 'ARX', { walletMode: 'transfer' });
    const m = await newMember(db(), merchantId);
    await fund(db(), merchantId, m.id, 1_000n);
    const token = await loginToken(t.app, db(), m.username, TEST_PASSWORD);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: headers(token),
      payload: { from: 'MAIN', to: 'ARX', amount: '4' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = (await records(token, { type: 'wallet_transfer' })).json().value.list;
    expect(list.map((r: Record<string, string>) => [r.wallet, r.amount, r.balanceAfter, r.remark])).toEqual([
      ['ARX', '4.00', '4.00', 'MAIN → ARX'],
      ['MAIN', '-4.00', '6.00', 'MAIN → ARX'],
    ]);
  });

  it('a member with no money yet gets an empty page', async () => {
    const m = await newMember(db(), merchantId);
    const token = await loginToken(t.app, db(), m.username, TEST_PASSWORD);
    expect((await records(token)).json().value).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });
  });

  it('rejects anonymous callers and operator tokens', async () => {
    expect((await records(undefined)).statusCode).toBe(401);
    expect((await records(opToken)).statusCode).toBe(401);
    for (const url of ['/wps/relay/ODSFE2_MemProfitLoss', '/wps/relay/ODSFE2_MemBonusDet']) {
      expect((await t.app.inject({ url, headers: headers() })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: headers(opToken) })).statusCode).toBe(401);
    }
  });
});

describe('personal profit and loss', () => {
  it('sums bets, valid bets and wins per vendor; a rolled-back bet counts for nothing', async () => {
    const { m, token } = await activeMember();
    // a second vendor: a lost bet of 7.50 and a replayed debit that must not count twice
    const vt = await vendorToken(m.id, VENDOR2);
    const debit = { playerId: String(m.id), token: vt, txnId: uid('d'), roundId: uid('r'), amount: '7.50' };
    await vendorCall(VENDOR2, 'debit', debit);
    await vendorCall(VENDOR2, 'debit', debit);
    // a refused bet (more than the balance) is no bet at all
    await expect(
      vendorCall(VENDOR2, 'debit', { ...debit, txnId: uid('d'), amount: '100000' }),
    ).rejects.toThrow(/insufficient_balance/);
    const res = await t.app.inject({ url: '/wps/relay/ODSFE2_MemProfitLoss', headers: headers(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      period: { from: daysAgo(6), to: today() },
      vendors: [
        {
          vendor: 'ARV',
          betCount: 2,
          betAmount: '15.00',
          validBet: '10.00',
          winAmount: '25.00',
          profit: '15.00',
        },
        {
          vendor: 'ARW',
          betCount: 1,
          betAmount: '7.50',
          validBet: '7.50',
          winAmount: '0.00',
          profit: '-7.50',
        },
      ],
      total: { betCount: 3, betAmount: '22.50', validBet: '17.50', winAmount: '25.00', profit: '7.50' },
      deposits: '100.00',
      withdrawals: '30.00',
      bonuses: '3.00',
    });
    const yesterday = await t.app.inject({
      url: '/wps/relay/ODSFE2_MemProfitLoss?preset=yesterday',
      headers: headers(token),
    });
    expect(yesterday.json().value).toMatchObject({
      vendors: [],
      total: { betCount: 0, betAmount: '0.00', profit: '0.00' },
      deposits: '0.00',
    });
    // another member's report holds none of it
    const other = await newMember(db(), merchantId);
    const otherToken = await loginToken(t.app, db(), other.username, TEST_PASSWORD);
    const theirs = await t.app.inject({
      url: '/wps/relay/ODSFE2_MemProfitLoss',
      headers: headers(otherToken),
    });
    expect(theirs.json().value).toMatchObject({ vendors: [], deposits: '0.00', bonuses: '0.00' });
    await expectLedgerInvariants(db());
  });
});

describe('bonus details', () => {
  it('lists bonus, rebate, salary and dividend lines only, with their total and a type filter', async () => {
    const { m, token } = await activeMember();
    await post(m.id, 'rebate', 'rebate', 150n, { remark: 'Daily rebate' });
    await post(m.id, 'salary', 'salary', 1_000n);
    const res = await t.app.inject({ url: '/wps/relay/ODSFE2_MemBonusDet', headers: headers(token) });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ totalCount: 3, totalAmount: '14.50' });
    expect(v.list.map((r: Record<string, string>) => [r.type, r.amount, r.remark])).toEqual([
      ['salary', '10.00', ''],
      ['rebate', '1.50', 'Daily rebate'],
      ['bonus', '3.00', 'Welcome bonus'],
    ]);
    const rebates = await t.app.inject({
      url: '/wps/relay/ODSFE2_MemBonusDet?type=rebate&pageSize=1',
      headers: headers(token),
    });
    expect(rebates.json().value).toMatchObject({ totalCount: 1, totalAmount: '1.50', totalPages: 1 });
    const wrong = await t.app.inject({
      url: '/wps/relay/ODSFE2_MemBonusDet?type=bet',
      headers: headers(token),
    });
    expect(wrong.statusCode).toBe(422);
    const old = await t.app.inject({
      url: `/wps/relay/ODSFE2_MemBonusDet?from=${daysAgo(40)}&to=${daysAgo(31)}`,
      headers: headers(token),
    });
    expect(old.json().value).toMatchObject({ totalCount: 0, totalAmount: '0.00' });
    await expectLedgerInvariants(db());
  });
});
