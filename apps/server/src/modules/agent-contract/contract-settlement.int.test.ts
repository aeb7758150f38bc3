import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContractTerms } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  expectLedgerInvariants,
  fund,
  mainBalance,
  merchantIdOf,
  newAgent,
  newMember,
  loginToken,
  operatorToken,
  settleWin,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { merchantDayStart } from '../../platform/time.js';
import { rows } from '../../platform/sql.js';
import { createLedgerService } from '../ledger/index.js';
import { rollUpNow } from '../team-figure/index.js';
import { createContractSettlement, seedContract } from './index.js';

const VENDOR = 'CSETTLE';
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
const merchant = () => ({ id: merchantId, currencyDecimals: 2 });

async function contract(uplineId: number | null, downlineId: number, terms: TContractTerms) {
  return db().transaction((tx) =>
    seedContract(
      tx,
      merchant(),
      { uplineId, downlineId, status: 'active', at: new Date(Date.now() - 60_000) },
      terms,
    ),
  );
}

/** A funded player under `parentId` who bets `bet` and is paid `win` in one settled round. */
async function plays(parentId: number, bet: string, win: string) {
  const p = await newMember(db(), merchantId, { parentId });
  await fund(db(), merchantId, p.id, 1_000_000n);
  await settleWin(t.app, db(), { merchantId, memberId: p.id, vendor: VENDOR, gameCode: 'slot-1', bet, win });
  return p;
}

const today = () => {
  const from = merchantDayStart('Asia/Dhaka', new Date());
  return { from, to: merchantDayStart('Asia/Dhaka', new Date(), 1) };
};

async function payouts(contractIds: number[]) {
  return rows<{
    contract_id: number;
    status: string;
    amount: string;
    paid: string;
    base: string;
    rate_bp: number;
  }>(
    db(),
    sql`select contract_id, status, amount::text, paid::text, base::text, rate_bp from contract_payout
        where contract_id in (${sql.join(contractIds, sql`, `)}) order by contract_id`,
  );
}

describe('contract settlement', () => {
  it('daily salary: the house pays the top agent, the top agent pays its downline; the differential stays; once', async () => {
    const a = await newAgent(db(), merchantId);
    const b = await newAgent(db(), merchantId, { parentId: a.id });
    const tiers = (rate: string) => [{ validBet: '100', activeMembers: 1, rate }];
    const ha = await contract(null, a.id, { kind: 'dailySalary', tiers: tiers('1') });
    const ab = await contract(a.id, b.id, { kind: 'dailySalary', tiers: tiers('0.5') });
    await plays(a.id, '100', '0');
    await plays(b.id, '300', '50');
    await rollUpNow(db());

    const first = await settlement.settle(merchantId, 'dailySalary', 'daily', today(), new Date());
    expect(first).toMatchObject({ contracts: expect.any(Number), short: 0 });
    // house -> a: 1 % of the whole team's 400.00; a -> b: 0.5 % of b's team's 300.00
    expect(await payouts([ha, ab])).toEqual([
      { contract_id: ha, status: 'paid', amount: '400', paid: '400', base: '40000', rate_bp: 100 },
      { contract_id: ab, status: 'paid', amount: '150', paid: '150', base: '30000', rate_bp: 50 },
    ]);
    // a keeps 1 % of its own players' 100.00 and (1 - 0.5) % of b's 300.00
    expect(await mainBalance(db(), a.id)).toBe(250n);
    expect(await mainBalance(db(), b.id)).toBe(150n);
    // the income report reads the payouts
    const types = await rows<{ type: string }>(
      db(),
      sql`select distinct type from ledger_entry where member_id = ${b.id} and ref_type = 'contract_payout'`,
    );
    expect(types.map((r) => r.type)).toEqual(['salary_daily']);
    const token = await loginToken(t.app, db(), b.username, TEST_PASSWORD);
    const income = await t.app.inject({
      url: '/wps/report/income?preset=today',
      headers: { merchant: DEMO.merchant, authorization: token },
    });
    expect(income.statusCode, income.body).toBe(200);
    expect(income.json().value.totals).toMatchObject({ daily: '1.50', total: '1.50' });

    // the operator sees both payouts; a viewer may read them
    const list = await t.app.inject({
      url: `/admin/api/contract-payouts?username=${b.username}&kind=dailySalary`,
      headers: { authorization: await operatorToken(t.app) },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value).toMatchObject({
      totalCount: 1,
      list: [
        {
          contractId: ab,
          payer: { id: a.id },
          payee: { id: b.id },
          validBet: '300.00',
          activeMembers: 1,
          base: '300.00',
          rate: '0.50',
          amount: '1.50',
          paid: '1.50',
          status: 'paid',
        },
      ],
    });

    const again = await settlement.settle(merchantId, 'dailySalary', 'daily', today(), new Date());
    expect(again.settled).toBe(0);
    expect(await mainBalance(db(), a.id)).toBe(250n);
    expect(await mainBalance(db(), b.id)).toBe(150n);
    await expectLedgerInvariants(db());
  });

  it('dividend: an upline that cannot cover its downline’s payout pays what it has (partial), once', async () => {
    const a = await newAgent(db(), merchantId);
    const b = await newAgent(db(), merchantId, { parentId: a.id });
    const terms = (rate: string): TContractTerms => ({
      kind: 'dividend',
      period: 'daily',
      tiers: [{ validBet: '1', netLoss: '1', activeMembers: 1, rate }],
    });
    const ha = await contract(null, a.id, terms('10'));
    const ab = await contract(a.id, b.id, terms('5'));
    await plays(b.id, '1000', '0'); // b's team: net loss 1000.00
    await plays(a.id, '100', '1000'); // a's own player wins 900.00: a's team net loss is 100.00
    await rollUpNow(db());

    const s = await settlement.settle(merchantId, 'dividend', 'daily', today(), new Date());
    expect(s.short).toBeGreaterThanOrEqual(1);
    expect(await payouts([ha, ab])).toEqual([
      { contract_id: ha, status: 'paid', amount: '1000', paid: '1000', base: '10000', rate_bp: 1000 },
      { contract_id: ab, status: 'partial', amount: '5000', paid: '1000', base: '100000', rate_bp: 500 },
    ]);
    expect(await mainBalance(db(), a.id)).toBe(0n);
    expect(await mainBalance(db(), b.id)).toBe(1000n);
    await settlement.settle(merchantId, 'dividend', 'daily', today(), new Date());
    expect(await mainBalance(db(), b.id)).toBe(1000n);

    // the next runs pay more as the upline's balance allows, until the next period closes
    await fund(db(), merchantId, a.id, 2500n);
    expect(await settlement.retryShort(merchantId, 'dividend', 'daily', today().from)).toBe(2500n);
    expect(await payouts([ab])).toMatchObject([{ status: 'partial', paid: '3500' }]);
    expect(await settlement.retryShort(merchantId, 'dividend', 'daily', today().from)).toBe(0n);
    await fund(db(), merchantId, a.id, 9000n);
    expect(await settlement.retryShort(merchantId, 'dividend', 'daily', today().from)).toBe(1500n);
    expect(await payouts([ab])).toMatchObject([{ status: 'paid', paid: '5000' }]);
    expect(await mainBalance(db(), a.id)).toBe(7500n);
    expect(await mainBalance(db(), b.id)).toBe(5000n);
    // once the next period has closed, a short payout is no longer retried
    expect(await settlement.retryShort(merchantId, 'dividend', 'daily', today().to)).toBe(0n);
    await expectLedgerInvariants(db());
  });

  it('a tier not reached pays nothing; the scheduled run settles the last closed day', async () => {
    const a = await newAgent(db(), merchantId);
    const ha = await contract(null, a.id, {
      kind: 'dailySalary',
      tiers: [{ validBet: '100000', activeMembers: 50, rate: '1' }],
    });
    await plays(a.id, '10', '0');
    const tomorrow = new Date(Date.now() + 86_400_000);
    await settlement.settleDue(tomorrow);
    expect(await payouts([ha])).toEqual([
      { contract_id: ha, status: 'not_reached', amount: '0', paid: '0', base: '1000', rate_bp: 0 },
    ]);
    expect(await mainBalance(db(), a.id)).toBe(0n);
  });

  it('settlement runs fired at the same time pay each contract once, never beyond the upline balance', async () => {
    const a = await newAgent(db(), merchantId);
    const b = await newAgent(db(), merchantId, { parentId: a.id });
    const tiers = (rate: string) => [{ validBet: '100', rate }];
    const ha = await contract(null, a.id, { kind: 'hourlySalary', tiers: tiers('2') });
    const ab = await contract(a.id, b.id, { kind: 'hourlySalary', tiers: tiers('1') });
    await plays(b.id, '500', '0');
    await rollUpNow(db());

    const period = today();
    const runs = await Promise.all(
      Array.from({ length: 4 }, () =>
        settlement.settle(merchantId, 'hourlySalary', 'hourly', period, new Date()),
      ),
    );
    // every contract was settled by exactly one of the runs
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBeGreaterThanOrEqual(2);
    expect(await payouts([ha, ab])).toEqual([
      { contract_id: ha, status: 'paid', amount: '1000', paid: '1000', base: '50000', rate_bp: 200 },
      { contract_id: ab, status: 'paid', amount: '500', paid: '500', base: '50000', rate_bp: 100 },
    ]);
    expect(await mainBalance(db(), a.id)).toBe(500n);
    expect(await mainBalance(db(), b.id)).toBe(500n);
    const entries = await rows<{ n: string }>(
      db(),
      sql`select count(*)::text as n from ledger_entry where ref_type = 'contract_payout' and member_id in (${a.id}, ${b.id})`,
    );
    expect(entries[0]!.n).toBe('2');
    await expectLedgerInvariants(db());
  });
});
