import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContractTerms } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  createMerchant,
  createOperator,
  expectLedgerInvariants,
  fund,
  loginToken,
  mainBalance,
  merchantIdOf,
  newAgent,
  newMember,
  operatorLogin,
  operatorToken,
  settleWin,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import { rows } from '../../platform/sql.js';
import { createLedgerService } from '../ledger/index.js';
import { rollUpNow } from '../team-figure/index.js';
import { createContractSettlement, REALTIME_WINDOW_MS, seedContract } from './index.js';

const VENDOR = 'CSADMIN';
const TZ = 'Asia/Dhaka';
let t: TestApp;
let merchantId: number;
let settlement: ReturnType<typeof createContractSettlement>;
let admin: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  await addVendor(t.database.db, merchantId, VENDOR);
  settlement = createContractSettlement({
    db: t.database.db,
    ledger: createLedgerService({ db: t.database.db }),
  });
  admin = await operatorToken(t.app);
  await createOperator(t.database.db, merchantId, 'settleviewer', 'viewer');
  viewer = await operatorLogin(t.app, DEMO.merchant, 'settleviewer');
});
afterAll(() => t.close());

const db = () => t.database.db;
const MIN = 60_000;
const local = (d: Date) => formatMerchantTime(d, TZ);

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
const realtime = (rate: string): TContractTerms => ({
  kind: 'realtimeSalary',
  profitRate: rate,
  lossRate: rate,
  minBet: '1',
});

/** A player under `parentId` who loses `bet` in a round settled at `at`. */
async function loses(parentId: number, bet: string, at: Date) {
  const p = await newMember(db(), merchantId, { parentId });
  await fund(db(), merchantId, p.id, 10_000_000n);
  await settleWin(t.app, db(), {
    merchantId,
    memberId: p.id,
    vendor: VENDOR,
    gameCode: 'slot-1',
    bet,
    win: '0',
  });
  await db().execute(
    sql`update vendor_txn set created_at = ${at.toISOString()}::timestamptz where member_id = ${p.id}`,
  );
}

/** house -> a (2 %) -> b (1 %), real-time salary, accepted well before window `back`. */
async function realtimeTeam(back: number) {
  const a = await newAgent(db(), merchantId);
  const b = await newAgent(db(), merchantId, { parentId: a.id });
  const at = new Date(windowBack(back).from.getTime() - 30 * MIN);
  const ha = await contract(null, a.id, realtime('2'), at);
  const ab = await contract(a.id, b.id, realtime('1'), at);
  return { a, b, ha, ab };
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

async function payoutsOf(contractId: number) {
  return rows<{ id: number; status: string; amount: string; paid: string }>(
    db(),
    sql`select id, status, amount::text, paid::text from contract_payout where contract_id = ${contractId} order by period_start`,
  );
}
async function entriesOf(payoutIds: number[]) {
  return rows<{ ref_id: string; n: number }>(
    db(),
    sql`select ref_id, count(*)::int as n from ledger_entry where ref_type = 'contract_payout'
        and ref_id in (${sql.join(payoutIds.map(String), sql`, `)}) group by ref_id order by ref_id`,
  );
}

describe('settlement runs (operators)', () => {
  it('re-runs a closed period: settles what is missing, pays nothing twice; refuses open or misaligned periods; audited and listed', async () => {
    const w = windowBack(2);
    const { a, b, ha, ab } = await realtimeTeam(2);
    await loses(b.id, '1000', new Date(w.from.getTime() + MIN));
    const body = { kind: 'realtimeSalary', periodStart: local(w.from) };
    const first = await call(admin, 'POST', '/admin/api/settlement-runs', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({
      kind: 'realtimeSalary',
      period: 'realtime',
      periodStart: local(w.from),
      periodEnd: local(w.to),
      trigger: 'operator',
      operator: 'admin',
      settled: 2,
      totalOwed: '30.00',
      totalPaid: '30.00',
      shortCount: 0,
      error: null,
    });
    expect(first.json().value.finishedAt).not.toBeNull();
    expect(await mainBalance(db(), a.id)).toBe(1000n);
    expect(await mainBalance(db(), b.id)).toBe(1000n);
    const again = await call(admin, 'POST', '/admin/api/settlement-runs', body);
    expect(again.json().value).toMatchObject({ settled: 0, totalPaid: '0.00' });
    expect(await mainBalance(db(), b.id)).toBe(1000n);
    expect([...(await payoutsOf(ha)), ...(await payoutsOf(ab))]).toHaveLength(2);

    // a period of a dividend needs its period; salaries imply theirs; starts must be a period's first instant
    const today = merchantDayStart(TZ, new Date());
    const refusals: [object, number, string][] = [
      [
        { kind: 'realtimeSalary', periodStart: local(new Date(w.from.getTime() + MIN)) },
        422,
        'settlement_period_invalid',
      ],
      [{ kind: 'dailySalary', periodStart: local(today).slice(0, 10) }, 409, 'settlement_period_open'],
      [{ kind: 'realtimeSalary', periodStart: local(windowBack(0).from) }, 409, 'settlement_period_open'],
      [{ kind: 'dividend', periodStart: local(today).slice(0, 10) }, 422, 'settlement_period_invalid'],
      [
        { kind: 'dailySalary', period: 'hourly', periodStart: '2026-01-01' },
        422,
        'settlement_period_invalid',
      ],
      [{ kind: 'dailySalary', periodStart: '2026-02-30' }, 422, 'settlement_period_invalid'],
      [{ kind: 'hourlySalary', periodStart: 'yesterday' }, 422, 'request_param_err'],
    ];
    for (const [payload, status, code] of refusals) {
      const res = await call(admin, 'POST', '/admin/api/settlement-runs', payload);
      expect([res.statusCode, res.json().errorCode], JSON.stringify(payload)).toEqual([status, code]);
    }
    // yesterday's daily salary closed: re-run as a dividend day and as a daily salary
    const yesterday = local(merchantDayStart(TZ, new Date(), -1)).slice(0, 10);
    const daily = await call(admin, 'POST', '/admin/api/settlement-runs', {
      kind: 'dailySalary',
      periodStart: yesterday,
    });
    expect(daily.statusCode, daily.body).toBe(200);
    expect(daily.json().value).toMatchObject({ period: 'daily', periodStart: `${yesterday} 00:00:00` });
    const div = await call(admin, 'POST', '/admin/api/settlement-runs', {
      kind: 'dividend',
      period: 'daily',
      periodStart: yesterday,
    });
    expect(div.statusCode, div.body).toBe(200);
    // a viewer may not re-run
    expect((await call(viewer, 'POST', '/admin/api/settlement-runs', body)).statusCode).toBe(403);

    // listed, newest period first, by kind and merchant dates; a viewer reads them
    const list = await call(viewer, 'GET', '/admin/api/settlement-runs?kind=realtimeSalary&pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    const runs = list.json().value.list as { id: number; kind: string; periodStart: string }[];
    expect(runs.every((r) => r.kind === 'realtimeSalary')).toBe(true);
    expect(runs.filter((r) => r.periodStart === local(w.from)).map((r) => r.id)).toEqual([
      again.json().value.id,
      first.json().value.id,
    ]);
    const byDay = await call(admin, 'GET', `/admin/api/settlement-runs?from=${yesterday}&to=${yesterday}`);
    expect(byDay.json().value.list.map((r: { kind: string }) => r.kind)).toEqual(
      expect.arrayContaining(['dailySalary', 'dividend']),
    );
    // every re-run is in the audit log
    const audit = await call(admin, 'GET', '/admin/api/audit-log?action=settlement_run.rerun&pageSize=50');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().value.totalCount).toBeGreaterThanOrEqual(4);
    await expectLedgerInvariants(db());
  });

  it('the scheduled run records what it settled', async () => {
    const a = await newAgent(db(), merchantId);
    await contract(
      null,
      a.id,
      { kind: 'hourlySalary', tiers: [{ validBet: '1', rate: '1' }] },
      new Date(Date.now() - 3 * 3_600_000),
    );
    await rollUpNow(db());
    const now = new Date();
    await settlement.settleDue(now);
    const hour = local(new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 3_600_000));
    const list = await call(admin, 'GET', '/admin/api/settlement-runs?kind=hourlySalary&pageSize=100');
    const run = (list.json().value.list as { periodStart: string; trigger: string; settled: number }[]).find(
      (r) => r.periodStart === hour,
    );
    expect(run).toMatchObject({ trigger: 'schedule', operator: null, error: null });
    expect(run!.settled).toBeGreaterThanOrEqual(1);
    // a second scheduled run finds nothing left and records nothing
    const before = list.json().value.totalCount as number;
    await settlement.settleDue(now);
    const after = await call(admin, 'GET', '/admin/api/settlement-runs?kind=hourlySalary&pageSize=100');
    expect(after.json().value.totalCount).toBe(before);
  });
});

describe('holding an agent’s payouts', () => {
  it('held: recorded held, nothing moves; released: paid once; audited', async () => {
    const w1 = windowBack(3);
    const { a, b, ab } = await realtimeTeam(3);
    await loses(b.id, '1000', new Date(w1.from.getTime() + MIN));
    const hold = await call(admin, 'PUT', `/admin/api/agents/${b.id}/payout-hold`, {
      hold: true,
      reason: 'KYC review',
    });
    expect(hold.statusCode, hold.body).toBe(200);
    expect(hold.json().value).toMatchObject({
      agentId: b.id,
      username: b.username,
      held: true,
      reason: 'KYC review',
      released: null,
    });
    await settlement.run(merchantId, 'realtimeSalary', 'realtime', w1, { by: 'schedule' });
    expect(await payoutsOf(ab)).toMatchObject([{ status: 'held', amount: '1000', paid: '0' }]);
    expect(await mainBalance(db(), b.id)).toBe(0n);
    expect(await mainBalance(db(), a.id)).toBe(2000n);
    // a held payout is not owed: the payer is not frozen; the payee sees its hold
    const status = async (who: { username: string }) =>
      (
        await t.app.inject({
          url: '/wps/agent/payoutStatus',
          headers: {
            merchant: DEMO.merchant,
            authorization: await loginToken(t.app, db(), who.username, TEST_PASSWORD),
          },
        })
      ).json().value;
    expect(await status(a)).toMatchObject({ frozen: false, count: 0 });
    expect(await status(b)).toMatchObject({ held: true });
    // retries and expiries leave it alone
    expect(await settlement.retryShort(merchantId, 'realtimeSalary', 'realtime', new Date(0))).toBe(0n);

    const release = await call(admin, 'PUT', `/admin/api/agents/${b.id}/payout-hold`, { hold: false });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().value).toMatchObject({
      held: false,
      reason: null,
      heldAt: null,
      released: { payouts: 1, paid: '10.00' },
    });
    expect(await payoutsOf(ab)).toMatchObject([{ status: 'paid', paid: '1000' }]);
    expect(await mainBalance(db(), b.id)).toBe(1000n);
    expect(await mainBalance(db(), a.id)).toBe(1000n);
    const twice = await call(admin, 'PUT', `/admin/api/agents/${b.id}/payout-hold`, { hold: false });
    expect(twice.json().value.released).toEqual({ payouts: 0, paid: '0.00' });
    expect(await mainBalance(db(), b.id)).toBe(1000n);

    const audit = await call(admin, 'GET', `/admin/api/audit-log?pageSize=50`);
    const actions = (audit.json().value.list as { action: string; entityId: string | null }[])
      .filter((e) => e.entityId === String(b.id))
      .map((e) => e.action);
    expect(actions.sort()).toEqual(['agent_payout.hold', 'agent_payout.release', 'agent_payout.release']);
    await expectLedgerInvariants(db());
  });

  it('refuses a hold without a reason, a player, an unknown or foreign id, and a viewer', async () => {
    const agent = await newAgent(db(), merchantId);
    const player = await newMember(db(), merchantId);
    const expectCode = async (token: string, id: number, payload: object, status: number, code: string) => {
      const res = await call(token, 'PUT', `/admin/api/agents/${id}/payout-hold`, payload);
      expect([res.statusCode, res.json().errorCode], `${id} ${JSON.stringify(payload)}`).toEqual([
        status,
        code,
      ]);
    };
    await expectCode(admin, agent.id, { hold: true }, 422, 'request_param_err');
    await expectCode(admin, player.id, { hold: true, reason: 'x' }, 404, 'not_found');
    await expectCode(admin, 2_000_000_000, { hold: true, reason: 'x' }, 404, 'not_found');
    const other = await createMerchant(db());
    const foreign = await newAgent(db(), other.id);
    await expectCode(admin, foreign.id, { hold: true, reason: 'x' }, 404, 'not_found');
    await expectCode(viewer, agent.id, { hold: true, reason: 'x' }, 403, 'forbidden');
    const [held] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from agent_payout_hold where member_id = ${agent.id}`,
    );
    expect(held!.n).toBe(0);
  });

  it('a release and a settlement fired at once pay every payout of the held agent exactly once', async () => {
    const w1 = windowBack(5);
    const w2 = windowBack(4);
    for (let i = 0; i < 3; i++) {
      const { a, b, ab } = await realtimeTeam(5);
      await loses(b.id, '1000', new Date(w1.from.getTime() + MIN));
      await loses(b.id, '500', new Date(w2.from.getTime() + MIN));
      await call(admin, 'PUT', `/admin/api/agents/${b.id}/payout-hold`, { hold: true, reason: 'check' });
      await settlement.run(merchantId, 'realtimeSalary', 'realtime', w1, { by: 'schedule' });
      const [release] = await Promise.all([
        call(admin, 'PUT', `/admin/api/agents/${b.id}/payout-hold`, { hold: false }),
        settlement.run(merchantId, 'realtimeSalary', 'realtime', w2, { by: 'schedule' }),
      ]);
      expect(release.statusCode, release.body).toBe(200);
      // a settlement that saw the hold wrote its payout held before the release could list them: the
      // release itself paid it
      const payouts = await payoutsOf(ab);
      expect(payouts).toMatchObject([
        { status: 'paid', amount: '1000', paid: '1000' },
        { status: 'paid', amount: '500', paid: '500' },
      ]);
      expect((await entriesOf(payouts.map((p) => Number(p.id)))).map((e) => e.n)).toEqual([1, 1]);
      expect(await mainBalance(db(), b.id)).toBe(1500n);
      expect(await mainBalance(db(), a.id)).toBe(3000n - 1500n);
    }
    await expectLedgerInvariants(db());
  });
});
