import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContractTerms } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  fund,
  loginToken,
  merchantIdOf,
  newAgent,
  newMember,
  operatorToken,
  setModule,
  settleWin,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { merchantDayStart, formatMerchantTime } from '../../platform/time.js';
import { createLedgerService } from '../ledger/index.js';
import { rollUpNow } from '../team-figure/index.js';
import { createContractSettlement, seedContract } from './index.js';

const VENDOR = 'CPAYOUT';
const TZ = 'Asia/Dhaka';
let t: TestApp;
let merchantId: number;
let settlement: ReturnType<typeof createContractSettlement>;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  await addVendor(t.database.db, merchantId, VENDOR);
  settlement = createContractSettlement({
    db: t.database.db,
    ledger: createLedgerService({ db: t.database.db }),
  });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function contract(uplineId: number | null, downlineId: number, terms: TContractTerms) {
  return db().transaction((tx) =>
    seedContract(
      tx,
      { id: merchantId, currencyDecimals: 2 },
      { uplineId, downlineId, status: 'active', at: new Date(Date.now() - 60_000) },
      terms,
    ),
  );
}

async function plays(parentId: number, bet: string, win: string) {
  const p = await newMember(db(), merchantId, { parentId });
  await fund(db(), merchantId, p.id, 1_000_000n);
  await settleWin(t.app, db(), { merchantId, memberId: p.id, vendor: VENDOR, gameCode: 'slot-1', bet, win });
}

const today = () => ({ from: merchantDayStart(TZ, new Date()), to: merchantDayStart(TZ, new Date(), 1) });
const day = (offset: number) => formatMerchantTime(merchantDayStart(TZ, new Date(), offset), TZ).slice(0, 10);

async function get(token: string, query: string) {
  return t.app.inject({
    url: `/wps/agent/contractPayouts?${query}`,
    headers: { merchant: DEMO.merchant, authorization: token },
  });
}

describe('GET /wps/agent/contractPayouts: an agent’s own payout records', () => {
  let a: { id: number; username: string };
  let b: { id: number; username: string };
  let ha: number;
  let ab: number;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    a = await newAgent(db(), merchantId);
    b = await newAgent(db(), merchantId, { parentId: a.id });
    const tiers = (r1: string, r2: string) => [
      { validBet: '10', activeMembers: 1, rate: r1 },
      { validBet: '200', activeMembers: 1, rate: r2 },
    ];
    ha = await contract(null, a.id, { kind: 'dailySalary', tiers: tiers('1', '2') });
    ab = await contract(a.id, b.id, { kind: 'dailySalary', tiers: tiers('0.5', '1') });
    await plays(b.id, '300', '0'); // b's team: 300.00, tier 2 for both
    await rollUpNow(db());
    // a's balance is only what the house pays it (6.00): b's 3.00 is covered in full
    await settlement.settle(merchantId, 'dailySalary', 'daily', today(), new Date());
    [tokenA, tokenB] = await Promise.all([
      loginToken(t.app, db(), a.username, TEST_PASSWORD),
      loginToken(t.app, db(), b.username, TEST_PASSWORD),
    ]);
  });

  it('as payee: the period, figures, tier, rate, amount and status; the platform as payer', async () => {
    const res = await get(tokenA, 'kind=dailySalary&preset=today');
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      kind: 'dailySalary',
      role: 'received',
      period: { from: day(0), to: day(0) },
      totalCount: 1,
      totals: { amount: '6.00', paid: '6.00' },
    });
    expect(v.list).toEqual([
      {
        id: expect.any(Number),
        contractId: ha,
        periodStart: `${day(0)} 00:00:00`,
        periodEnd: `${day(1)} 00:00:00`,
        counterpart: null,
        validBet: '300.00',
        netLoss: '300.00',
        activeMembers: 1,
        base: '300.00',
        tier: 2,
        rate: '2.00',
        realtime: null,
        amount: '6.00',
        paid: '6.00',
        status: 'paid',
        settledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
    const asB = (await get(tokenB, 'kind=dailySalary&role=received')).json().value;
    expect(asB.list).toMatchObject([
      { contractId: ab, counterpart: a.username, tier: 2, rate: '1.00', amount: '3.00' },
    ]);
  });

  it('as payer: what it paid its direct downlines; never anyone else’s', async () => {
    const paid = (await get(tokenA, 'kind=dailySalary&role=paid')).json().value;
    expect(paid).toMatchObject({ role: 'paid', totalCount: 1, totals: { amount: '3.00', paid: '3.00' } });
    expect(paid.list).toMatchObject([{ contractId: ab, counterpart: b.username, status: 'paid' }]);
    // b gave nothing; another agent sees none of these
    expect((await get(tokenB, 'kind=dailySalary&role=paid')).json().value.totalCount).toBe(0);
    const other = await newAgent(db(), merchantId);
    const tokenO = await loginToken(t.app, db(), other.username, TEST_PASSWORD);
    for (const role of ['received', 'paid']) {
      expect((await get(tokenO, `kind=dailySalary&role=${role}`)).json().value.totalCount).toBe(0);
    }
  });

  it('filters by kind and by merchant dates; pages', async () => {
    expect((await get(tokenA, 'kind=hourlySalary')).json().value.totalCount).toBe(0);
    const yesterday = (await get(tokenA, `kind=dailySalary&from=${day(-1)}&to=${day(-1)}`)).json().value;
    expect(yesterday).toMatchObject({ totalCount: 0, period: { from: day(-1), to: day(-1) } });
    const page2 = (await get(tokenA, 'kind=dailySalary&pageNo=2&pageSize=1')).json().value;
    expect(page2).toMatchObject({ list: [], totalCount: 1, totalPages: 1, totals: { amount: '6.00' } });
    const bad = await get(tokenA, `kind=dailySalary&from=${day(0)}&to=${day(-1)}`);
    expect(bad.json().errorCode).toBe('report_range_invalid');
    const noKind = await get(tokenA, 'role=paid');
    expect(noKind.statusCode).toBe(422);
  });

  it('a kind switched off answers function.not.available', async () => {
    const op = await operatorToken(t.app);
    await setModule(t.app, op, 'DAILYSALCONT3', false);
    try {
      const res = await get(tokenA, 'kind=dailySalary');
      expect(res.json().errorCode).toBe('function.not.available');
    } finally {
      await setModule(t.app, op, 'DAILYSALCONT3', true);
    }
  });
});

describe('GET /wps/agent/payoutStatus: what the agent owes its downlines', () => {
  it('owes the unpaid rest of a short payout: frozen', async () => {
    const a = await newAgent(db(), merchantId);
    const b = await newAgent(db(), merchantId, { parentId: a.id });
    const terms = (rate: string): TContractTerms => ({
      kind: 'dividend',
      period: 'daily',
      tiers: [{ validBet: '1', netLoss: '1', activeMembers: 1, rate }],
    });
    await contract(null, a.id, terms('10'));
    await contract(a.id, b.id, terms('5'));
    await plays(b.id, '1000', '0'); // b's team: net loss 1000.00
    await plays(a.id, '100', '1000'); // a's team: net loss 100.00
    await rollUpNow(db());
    await settlement.settle(merchantId, 'dividend', 'daily', today(), new Date());
    const status = async (who: { username: string }) => {
      const token = await loginToken(t.app, db(), who.username, TEST_PASSWORD);
      const res = await t.app.inject({
        url: '/wps/agent/payoutStatus',
        headers: { merchant: DEMO.merchant, authorization: token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value;
    };
    // a received 10.00 and owes b 50.00: paid 10.00, 40.00 owed
    expect(await status(a)).toEqual({ owed: '40.00', count: 1, frozen: true, held: false });
    expect(await status(b)).toEqual({ owed: '0.00', count: 0, frozen: false, held: false });
  });
});
