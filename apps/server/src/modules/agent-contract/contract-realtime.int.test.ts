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
import { rollUpNow, windowIsFinal } from '../team-figure/index.js';
import { createContractSettlement, REALTIME_WINDOW_MS, seedContract } from './index.js';

const VENDOR = 'CREALTM';
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
const MIN = 60_000;

/** The 5-minute window `back` windows before the one running now. */
function windowBack(back: number) {
  const now = Math.floor(Date.now() / REALTIME_WINDOW_MS) * REALTIME_WINDOW_MS;
  const from = new Date(now - back * REALTIME_WINDOW_MS);
  return { from, to: new Date(from.getTime() + REALTIME_WINDOW_MS) };
}

async function contract(uplineId: number | null, downlineId: number, terms: TContractTerms, at: Date) {
  return db().transaction((tx) =>
    seedContract(
      tx,
      { id: merchantId, currencyDecimals: 2 },
      { uplineId, downlineId, status: 'active', at },
      terms,
    ),
  );
}
const realtime = (profitRate: string, lossRate: string, minBet = '10'): TContractTerms => ({
  kind: 'realtimeSalary',
  profitRate,
  lossRate,
  minBet,
});

async function player(parentId: number) {
  const p = await newMember(db(), merchantId, { parentId });
  await fund(db(), merchantId, p.id, 1_000_000n);
  return p;
}

/**
 * One round of `memberId` through the wallet, then dated as if its bet was accepted at `betAt` and
 * its win (the settlement) at `settledAt`: the wallet stamps rows with its transaction's start.
 */
async function round(memberId: number, bet: string, win: string, betAt: Date, settledAt: Date) {
  await settleWin(t.app, db(), { merchantId, memberId, vendor: VENDOR, gameCode: 'slot-1', bet, win });
  const [r] = await rows<{ round_id: string }>(
    db(),
    sql`select round_id from vendor_txn where member_id = ${memberId} order by id desc limit 1`,
  );
  await db().execute(
    sql`update vendor_txn set created_at = case op when 'credit' then ${settledAt.toISOString()}::timestamptz
                                                   else ${betAt.toISOString()}::timestamptz end
        where member_id = ${memberId} and round_id = ${r!.round_id}`,
  );
}

async function payoutsOf(contractIds: number[]) {
  return rows<{
    contract_id: number;
    period_start: Date | string;
    amount: string;
    paid: string;
    status: string;
    profit_base: string;
    loss_base: string;
    round_count: number;
  }>(
    db(),
    sql`select contract_id, period_start, amount::text, paid::text, status, profit_base::text, loss_base::text,
               round_count
        from contract_payout where contract_id in (${sql.join(contractIds, sql`, `)})
        order by period_start, contract_id`,
  );
}

describe('real-time salary', () => {
  it('every 5 minutes: each closed window once, rounds by settlement time, late-settled rounds in their settlement window', async () => {
    const w1 = windowBack(3);
    const w2 = windowBack(2);
    const a = await newAgent(db(), merchantId);
    const b = await newAgent(db(), merchantId, { parentId: a.id });
    const ha = await contract(null, a.id, realtime('1', '2'), new Date(w1.from.getTime() - 10 * MIN));
    const ab = await contract(a.id, b.id, realtime('0.5', '1'), new Date(w1.from.getTime() - 10 * MIN));
    const p1 = await player(b.id);
    const p2 = await player(a.id);
    const at = (w: { from: Date }, minutes: number) => new Date(w.from.getTime() + minutes * MIN);
    // window 1: p1 loses 100.00 and 10.33, wins 80.00 on 50.00, and bets 5.00 (below the minimum);
    // p2 draws 200.00 on 200.00
    await round(p1.id, '100', '0', at(w1, 1), at(w1, 1));
    await round(p1.id, '10.33', '0', at(w1, 2), at(w1, 2));
    await round(p1.id, '50', '80', at(w1, 2), at(w1, 3));
    await round(p1.id, '5', '0', at(w1, 3), at(w1, 3));
    await round(p2.id, '200', '200', at(w1, 1), at(w1, 4));
    // bet in window 1, settled in window 2 (a long round): window 2's, at its outcome (a loss)
    await round(p1.id, '40', '0', at(w1, 4), at(w2, 1));

    // the schedule stands just before window 1 (the demo's own contracts may be older)
    await db().execute(
      sql`insert into realtime_salary_progress (merchant_id, settled_to)
          values (${merchantId}, ${new Date(w1.from.getTime() - REALTIME_WINDOW_MS).toISOString()}::timestamptz)
          on conflict (merchant_id) do update set settled_to = excluded.settled_to`,
    );
    await settlement.settleDue(new Date());
    const [w1a, w1b, w2a, w2b] = await payoutsOf([ha, ab]);
    // b's team, window 1: won 50.00 x 0.5 % + lost 110.33 x 1 % = 1.3533 -> 1.35
    expect(w1b).toMatchObject({
      contract_id: ab,
      amount: '135',
      paid: '135',
      status: 'paid',
      profit_base: '5000',
      loss_base: '11033',
      round_count: 3,
    });
    // a's team (b's and p2): won or drew 250.00 x 1 % + lost 110.33 x 2 % = 4.7066 -> 4.70
    expect(w1a).toMatchObject({
      contract_id: ha,
      amount: '470',
      status: 'paid',
      profit_base: '25000',
      round_count: 4,
    });
    expect(new Date(w1a!.period_start).toISOString()).toBe(w1.from.toISOString());
    // window 2: the late round alone
    expect(w2a).toMatchObject({ contract_id: ha, amount: '80', loss_base: '4000', round_count: 1 });
    expect(w2b).toMatchObject({ contract_id: ab, amount: '40', loss_base: '4000', round_count: 1 });
    expect(new Date(w2a!.period_start).toISOString()).toBe(w2.from.toISOString());
    expect(await mainBalance(db(), a.id)).toBe(470n - 135n + 80n - 40n);
    expect(await mainBalance(db(), b.id)).toBe(135n + 40n);

    // later runs count nothing again, and a re-run of a settled window pays nothing
    await settlement.settleDue(new Date());
    const [op] = await rows<{ id: number }>(
      db(),
      sql`select id from operator where merchant_id = ${merchantId} limit 1`,
    );
    const again = await settlement.run(merchantId, 'realtimeSalary', 'realtime', w1, {
      by: 'operator',
      operatorId: op!.id,
    });
    expect(again?.summary.settled).toBe(0);
    expect(await payoutsOf([ha, ab])).toHaveLength(4);
    expect(await mainBalance(db(), b.id)).toBe(175n);

    // the agent's record shows the window's make-up
    const token = await loginToken(t.app, db(), b.username, TEST_PASSWORD);
    const all = await t.app.inject({
      url: '/wps/agent/contractPayouts?kind=realtimeSalary&preset=last7days',
      headers: { merchant: DEMO.merchant, authorization: token },
    });
    expect(all.json().value.totalCount).toBe(2);
    expect(all.json().value.list[1]).toMatchObject({
      counterpart: a.username,
      tier: null,
      rate: null,
      validBet: '160.33',
      base: '160.33',
      realtime: {
        profitRate: '0.50',
        lossRate: '1.00',
        minBet: '10.00',
        profitBase: '50.00',
        lossBase: '110.33',
        rounds: 3,
      },
      amount: '1.35',
      status: 'paid',
    });
    await expectLedgerInvariants(db());
  });

  it('a window is not settled while it can still gain rounds', async () => {
    // not closed by the database's clock
    expect(await windowIsFinal(db(), new Date(Date.now() + 60_000))).toBe(false);
    expect(await windowIsFinal(db(), new Date(Date.now() - 1000))).toBe(true);
    if (process.env.DATABASE_URL) {
      // a transaction begun before the window's end and still open may yet commit a credit inside it
      let end = new Date();
      let during: boolean | undefined;
      await db().transaction(async (tx) => {
        await tx.execute(sql`select pg_current_xact_id()`);
        end = new Date(Date.now() + 5);
        // the database's clock must pass the end; the open transaction began before it
        await new Promise((r) => setTimeout(r, 30));
        during = await windowIsFinal(db(), end);
      });
      expect(during).toBe(false);
      expect(await windowIsFinal(db(), end)).toBe(true);
    }
  });
});

describe('expiry of short payouts', () => {
  it('is retried by each run until the next period closes, then expired; what was paid stays paid', async () => {
    const a = await newAgent(db(), merchantId);
    const b = await newAgent(db(), merchantId, { parentId: a.id });
    const terms = (rate: string): TContractTerms => ({
      kind: 'dividend',
      period: 'daily',
      tiers: [{ validBet: '1', netLoss: '1', activeMembers: 1, rate }],
    });
    const day0 = merchantDayStart('Asia/Dhaka', new Date());
    const since = new Date(day0.getTime() - 86_400_000);
    await contract(null, a.id, terms('10'), since);
    const ab = await contract(a.id, b.id, terms('5'), since);
    const p = await player(b.id);
    await settleWin(t.app, db(), {
      merchantId,
      memberId: p.id,
      vendor: VENDOR,
      gameCode: 'slot-1',
      bet: '1000',
      win: '0',
    });
    const p2 = await player(a.id);
    await settleWin(t.app, db(), {
      merchantId,
      memberId: p2.id,
      vendor: VENDOR,
      gameCode: 'slot-1',
      bet: '100',
      win: '1000',
    });
    await rollUpNow(db());
    const tomorrow = new Date(day0.getTime() + 86_400_000 + 60 * MIN);
    // today closes: a is paid 10.00 and owes b 50.00 (10.00 paid)
    await settlement.settleDue(tomorrow);
    const owed = async () =>
      (
        await rows<{ status: string; paid: string }>(
          db(),
          sql`select status, paid::text from contract_payout where contract_id = ${ab} order by period_start limit 1`,
        )
      )[0];
    expect(await owed()).toEqual({ status: 'partial', paid: '1000' });
    // a later run of the same day pays what a has now
    await fund(db(), merchantId, a.id, 1500n);
    await settlement.settleDue(new Date(tomorrow.getTime() + 5 * MIN));
    expect(await owed()).toEqual({ status: 'partial', paid: '2500' });
    // the next day closes: expired, nothing more is taken from a
    await fund(db(), merchantId, a.id, 10_000n);
    await settlement.settleDue(new Date(tomorrow.getTime() + 86_400_000));
    expect(await owed()).toEqual({ status: 'expired', paid: '2500' });
    expect(await mainBalance(db(), a.id)).toBe(10_000n);
    expect(await mainBalance(db(), b.id)).toBe(2500n);
    const token = await loginToken(t.app, db(), a.username, TEST_PASSWORD);
    const status = await t.app.inject({
      url: '/wps/agent/payoutStatus',
      headers: { merchant: DEMO.merchant, authorization: token },
    });
    expect(status.json().value).toMatchObject({ owed: '0.00', count: 0, frozen: false });
    await expectLedgerInvariants(db());
  });
});
