import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContractTerms } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  expectLedgerInvariants,
  fund,
  loginToken,
  mainBalance,
  merchantIdOf,
  newAgent,
  newMember,
  settleWin,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { merchantDayStart } from '../../platform/time.js';
import { rows } from '../../platform/sql.js';
import { createLedgerService } from '../ledger/index.js';
import { rollUpNow } from '../team-figure/index.js';
import { createContractSettlement, seedContract } from './index.js';

const VENDOR = 'CFREEZE';
const PAY = '135790';
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
const today = () => ({
  from: merchantDayStart('Asia/Dhaka', new Date()),
  to: merchantDayStart('Asia/Dhaka', new Date(), 1),
});
const dividend = (rate: string): TContractTerms => ({
  kind: 'dividend',
  period: 'daily',
  tiers: [{ validBet: '1', netLoss: '1', activeMembers: 1, rate }],
});

async function contract(uplineId: number | null, downlineId: number, rate: string) {
  return db().transaction((tx) =>
    seedContract(
      tx,
      { id: merchantId, currencyDecimals: 2 },
      { uplineId, downlineId, status: 'active', at: new Date(Date.now() - 60_000) },
      dividend(rate),
    ),
  );
}

async function plays(parentId: number, bet: string, win: string) {
  const p = await newMember(db(), merchantId, { parentId });
  await fund(db(), merchantId, p.id, 2_000_000n);
  await settleWin(t.app, db(), { merchantId, memberId: p.id, vendor: VENDOR, gameCode: 'slot-1', bet, win });
}

async function session(m: { username: string }) {
  const token = await loginToken(t.app, db(), m.username, TEST_PASSWORD);
  return { merchant: DEMO.merchant, authorization: token };
}

/**
 * house -> top (10 %) -> mid (6 %) -> sub (3 %), dividends of today. sub's team loses 10,000.00; mid's
 * own player wins 8,000.00 net: mid's team (and top's) lost 2,000.00. top gets 200.00 and pays mid
 * 120.00; mid owes sub 300.00 and pays 120.00: 180.00 owed. mid then gets 1,000.00 of its own.
 */
async function owingMid() {
  const top = await newAgent(db(), merchantId, { paymentPassword: PAY });
  const mid = await newAgent(db(), merchantId, { parentId: top.id, paymentPassword: PAY });
  const sub = await newAgent(db(), merchantId, { parentId: mid.id, paymentPassword: PAY });
  await contract(null, top.id, '10');
  await contract(top.id, mid.id, '6');
  const ms = await contract(mid.id, sub.id, '3');
  await plays(sub.id, '10000', '0');
  await plays(mid.id, '1000', '9000');
  await rollUpNow(db());
  await settlement.settle(merchantId, 'dividend', 'daily', today(), new Date());
  await fund(db(), merchantId, mid.id, 100_000n);
  const headers = await session(mid);
  const bank = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/bankCard',
    headers,
    payload: {
      bankName: 'bKash',
      accountName: 'Rahim Uddin',
      accountNumber: `0171${mid.id.toString().padStart(7, '0')}`,
    },
  });
  expect(bank.statusCode, bank.body).toBe(200);
  return { top, mid, sub, ms, headers, bankAccountId: bank.json().value.id as string };
}

const withdraw = (headers: Record<string, string>, bankAccountId: string, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/v2/transaction/withdraw',
    headers,
    payload: { amount, bankAccountId, paymentPassword: PAY },
  });
const transfer = (
  headers: Record<string, string>,
  to: 'upline' | 'downline',
  body: Record<string, unknown>,
) =>
  t.app.inject({
    method: 'POST',
    url: to === 'upline' ? '/wps/relay/MCSFE_transferUpline' : '/wps/relay/MCSFE_transferDownline',
    headers,
    payload: { paymentPassword: PAY, ...body },
  });

async function payout(contractId: number) {
  const [r] = await rows<{ status: string; paid: string; amount: string }>(
    db(),
    sql`select status, paid::text, amount::text from contract_payout where contract_id = ${contractId}`,
  );
  return r;
}
const withdrawals = async (memberId: number) =>
  (
    await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from withdrawal where member_id = ${memberId}`,
    )
  )[0]!.n;

describe('an agent owing its downlines is frozen', () => {
  it('refuses its withdrawals and transfers out (down and up) and writes nothing; shows the freeze; thaws once paid', async () => {
    const { top, mid, sub, ms, headers, bankAccountId } = await owingMid();
    expect(await payout(ms)).toEqual({ status: 'partial', paid: '12000', amount: '30000' });
    const status = await t.app.inject({ url: '/wps/agent/payoutStatus', headers });
    expect(status.json().value).toEqual({ owed: '180.00', count: 1, frozen: true, held: false });

    const refusals = [
      await withdraw(headers, bankAccountId, '500'),
      await transfer(headers, 'downline', { downlineId: sub.id, amount: '10' }),
      await transfer(headers, 'upline', { amount: '10' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        errorCode: 'agent_payout_owed',
        value: { owed: '180.00', count: 1 },
      });
    }
    expect(await withdrawals(mid.id)).toBe(0);
    expect(await mainBalance(db(), mid.id)).toBe(100_000n);
    // the freeze is the payer's alone: its upline still sends to it, its downline is not frozen
    const topHeaders = await session(top);
    expect((await transfer(topHeaders, 'downline', { downlineId: mid.id, amount: '5' })).statusCode).toBe(
      200,
    );

    // the next run pays the debt from mid's balance: the freeze is lifted
    expect(await settlement.retryShort(merchantId, 'dividend', 'daily', today().from)).toBe(18_000n);
    expect(await payout(ms)).toMatchObject({ status: 'paid', paid: '30000' });
    const res = await withdraw(headers, bankAccountId, '500');
    expect(res.statusCode, res.body).toBe(200);
    expect((await transfer(headers, 'upline', { amount: '10' })).statusCode).toBe(200);
    await expectLedgerInvariants(db());
  });

  it('a withdrawal and a transfer fired while the settlement pays the debt: never both, never negative', async () => {
    for (let i = 0; i < 3; i++) {
      const { mid, ms, headers, bankAccountId } = await owingMid();
      // 1,000.00 on hand, 180.00 owed: 900.00 out is refused while owed, and too much once paid
      const [w, up, paid] = await Promise.all([
        withdraw(headers, bankAccountId, '900'),
        transfer(headers, 'upline', { amount: '900' }),
        settlement.retryShort(merchantId, 'dividend', 'daily', today().from),
      ]);
      expect(paid).toBe(18_000n);
      for (const res of [w, up]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(['agent_payout_owed', 'insufficient_balance']).toContain(res.json().errorCode);
      }
      expect(await payout(ms)).toMatchObject({ status: 'paid', paid: '30000' });
      expect(await mainBalance(db(), mid.id)).toBe(100_000n - 18_000n);
      expect(await withdrawals(mid.id)).toBe(0);
    }
    await expectLedgerInvariants(db());
  });
});
