import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentContractEndpoints, type TContract, type TContractKind } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  agentSession,
  createOperator,
  expectContractInvariants,
  loginToken,
  memberSession,
  merchantIdOf,
  newMember,
  operatorLogin,
  operatorToken,
  setModule,
} from '../../test/factories.js';
import { rows } from '../../platform/sql.js';
import { DEMO_AGENT } from '../../seed/demo-members.js';
import { DEMO_SUB_AGENT } from '../../seed/demo-agent-contract.js';

let t: TestApp;
let merchantId: number;
let admin: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp({ poolMax: 12 });
  merchantId = await merchantIdOf(t.database.db);
  admin = await operatorToken(t.app);
  await createOperator(t.database.db, merchantId, 'contractviewer', 'viewer');
  viewer = await operatorLogin(t.app, DEMO.merchant, 'contractviewer');
});
afterAll(() => t.close());

const db = () => t.database.db;
type Agent = Awaited<ReturnType<typeof agentSession>>;
const agent = (parent: { id: number } | null = null) =>
  agentSession(t.app, db(), merchantId, parent?.id ?? null);

const pathOf = (kind: TContractKind) => agentContractEndpoints[kind].list.path;
const list = (kind: TContractKind, who: { headers: Record<string, string> }, query = '') =>
  t.app.inject({ url: `${pathOf(kind)}${query}`, headers: who.headers });
const act = (kind: TContractKind, who: { headers: Record<string, string> }, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: pathOf(kind), headers: who.headers, payload: body });

const daily = (...rates: string[]) => ({
  tiers: rates.map((rate, i) => ({ validBet: String(1000 * (i + 1)), activeMembers: i + 1, rate })),
});
const hourly = (...rates: string[]) => ({
  tiers: rates.map((rate, i) => ({ validBet: String(500 * (i + 1)), rate })),
});
const dividend = (period: string, ...rates: string[]) => ({
  period,
  tiers: rates.map((rate, i) => ({
    validBet: String(10_000 * (i + 1)),
    netLoss: String(1_000 * (i + 1)),
    activeMembers: 5 * (i + 1),
    rate,
  })),
});

/** The platform offers a contract to a top-level agent: the answer's contract. */
async function houseOffer(
  kind: TContractKind,
  to: Agent,
  terms: Record<string, unknown>,
): Promise<TContract> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/agent-contracts',
    headers: { authorization: admin },
    payload: { kind, downlineId: to.id, ...terms },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.contract as TContract;
}

async function accept(kind: TContractKind, who: Agent, contractId: number, confirm?: boolean) {
  const res = await act(kind, who, { action: 'accept', contractId, ...(confirm ? { confirm } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { contract: TContract; superseded: TContract | null; ended: TContract[] };
}

async function offer(kind: TContractKind, from: Agent, to: Agent, terms: Record<string, unknown>) {
  const res = await act(kind, from, { action: 'offer', downlineId: to.id, ...terms });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.contract as TContract;
}

/** A top-level agent holding an active contract of the kind from the platform. */
async function topAgent(kind: TContractKind, terms: Record<string, unknown>) {
  const a = await agent();
  const c = await houseOffer(kind, a, terms);
  await accept(kind, a, c.id);
  return a;
}

/** `down` (a direct downline agent of `up`) holds an active contract of the kind from `up`. */
async function give(kind: TContractKind, up: Agent, down: Agent, terms: Record<string, unknown>) {
  const c = await offer(kind, up, down, terms);
  return (await accept(kind, down, c.id)).contract;
}

async function statusOf(id: number) {
  const [r] = await rows<{ status: string; end_reason: string | null }>(
    db(),
    sql`select status, end_reason from agent_contract where id = ${id}`,
  );
  return r;
}

describe('the platform gives top-level agents their contracts', () => {
  it('an operator offers, the agent sees it pending (flags), accepts it, and it is active (audited)', async () => {
    const a = await agent();
    const offered = await houseOffer('dailySalary', a, daily('0.50', '1.25'));
    expect(offered).toMatchObject({
      kind: 'dailySalary',
      status: 'offered',
      period: 'daily',
      upline: null,
      downline: { id: a.id, username: a.username },
      version: 1,
      tiers: [
        { validBet: '1000.00', activeMembers: 1, netLoss: '0.00', rate: '0.50' },
        { validBet: '2000.00', activeMembers: 2, netLoss: '0.00', rate: '1.25' },
      ],
      profitRate: null,
      acceptedAt: null,
    });
    expect(offered.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const pending = await list('dailySalary', a);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().value).toMatchObject({ kind: 'dailySalary', active: null, canOffer: false });
    expect(pending.json().value.pending.id).toBe(offered.id);
    const funds1 = await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: a.headers });
    expect(funds1.json().value).toMatchObject({ dailysalreqtype: 1, dailysalinfotype: 0, divtypereq: 0 });

    const accepted = await accept('dailySalary', a, offered.id);
    expect(accepted.contract).toMatchObject({ id: offered.id, status: 'active', endReason: null });
    expect(accepted.contract.acceptedAt).not.toBeNull();
    const after = (await list('dailySalary', a)).json().value;
    expect(after).toMatchObject({ pending: null, canOffer: true, active: { id: offered.id } });
    const funds2 = (
      await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: a.headers })
    ).json().value;
    expect(funds2).toMatchObject({
      dailysalreqtype: 0,
      dailysalinfotype: 1,
      contractmrdailysalinfotype: 1,
      divtypeinfo: 0,
      contracthoursalinfo: 0,
      realtimesalinfotype: 0,
    });

    const audit = await t.app.inject({
      url: '/admin/api/audit-log?action=agent_contract.offer',
      headers: { authorization: admin },
    });
    expect(audit.json().value.list.some((e: { entityId: string }) => e.entityId === String(offered.id))).toBe(
      true,
    );
    const adminList = await t.app.inject({
      url: `/admin/api/agent-contracts?username=${a.username}&kind=dailySalary`,
      headers: { authorization: viewer },
    });
    expect(adminList.statusCode, adminList.body).toBe(200);
    expect(adminList.json().value).toMatchObject({
      totalCount: 1,
      list: [{ id: offered.id, status: 'active' }],
    });
  });

  it('refuses a viewer, a player, an agent under an agent, a stranger id and invalid terms', async () => {
    const a = await agent();
    const sub = await agent(a);
    const player = await newMember(db(), merchantId, { parentId: a.id });
    const post = (token: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/agent-contracts',
        headers: { authorization: token },
        payload: body,
      });
    const ok = { kind: 'hourlySalary', downlineId: a.id, ...hourly('1') };
    expect((await post(viewer, ok)).statusCode).toBe(403);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...ok, downlineId: player.id }, 409, 'contract_downline_not_agent'],
      [{ ...ok, downlineId: sub.id }, 409, 'contract_not_top_level'],
      [{ ...ok, downlineId: 99_999_999 }, 404, 'not_found'],
      [{ ...ok, tiers: [] }, 422, 'request_param_err'],
      [{ kind: 'hourlySalary', ...hourly('1') }, 422, 'request_param_err'],
      [{ ...ok, ...hourly('2', '1') }, 422, 'contract_tiers_invalid'],
      [
        {
          ...ok,
          tiers: [
            { validBet: '1', rate: '1' },
            { validBet: '1', rate: '2' },
          ],
        },
        422,
        'contract_tiers_invalid',
      ],
      [{ ...ok, ...hourly('0') }, 422, 'contract_rate_invalid'],
      [{ ...ok, ...hourly('100.01') }, 422, 'contract_rate_invalid'],
      [{ ...ok, ...hourly('1.234') }, 422, 'request_param_err'],
      [{ ...ok, tiers: [{ validBet: '1.234', rate: '1' }] }, 422, 'amount_invalid'],
      [{ kind: 'dividend', downlineId: a.id, ...dividend('yearly', '10') }, 422, 'request_param_err'],
      [
        { kind: 'realtimeSalary', downlineId: a.id, profitRate: '0', lossRate: '0', minBet: '1' },
        422,
        'contract_rate_invalid',
      ],
      [{ kind: 'nope', downlineId: a.id }, 422, 'request_param_err'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(admin, body);
      expect([res.statusCode, res.json().errorCode], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await list('hourlySalary', a)).json().value.pending).toBeNull();
  });
});

describe('agents offer contracts to their direct downline agents', () => {
  it('within the upline’s own rates, point by point; above them, never', async () => {
    const a = await topAgent('dailySalary', daily('1.00', '2.00'));
    const b = await agent(a);
    // same thresholds, lower rates: fine
    const ok = await offer('dailySalary', a, b, daily('0.80', '1.50'));
    expect(ok).toMatchObject({ status: 'offered', upline: { id: a.id }, downline: { id: b.id } });
    // 2.00 at the first tier's figures (1000 valid bet, 1 active member) where A itself earns 1.00
    const above = await act('dailySalary', a, {
      action: 'offer',
      downlineId: b.id,
      tiers: [{ validBet: '1000', activeMembers: 1, rate: '1.50' }],
    });
    expect([above.statusCode, above.json().errorCode]).toEqual([409, 'contract_rate_above_upline']);
    // a tier below every threshold of A's: A earns nothing there
    const below = await act('dailySalary', a, {
      action: 'offer',
      downlineId: b.id,
      tiers: [{ validBet: '500', activeMembers: 1, rate: '0.10' }],
    });
    expect(below.json().errorCode).toBe('contract_rate_above_upline');
    // higher thresholds may pay A's higher tier
    const higher = await act('dailySalary', a, {
      action: 'offer',
      downlineId: b.id,
      tiers: [{ validBet: '5000', activeMembers: 3, rate: '2.00' }],
    });
    expect(higher.statusCode, higher.body).toBe(200);
    // the newer offer replaced the pending one
    expect(higher.json().value.ended.map((c: TContract) => [c.id, c.status])).toEqual([[ok.id, 'withdrawn']]);
    expect((await list('dailySalary', b)).json().value.pending.id).toBe(higher.json().value.contract.id);
  });

  it('refuses a grandchild, a stranger, a player downline, another merchant’s agent, and without an own contract', async () => {
    const a = await topAgent('hourlySalary', hourly('1'));
    const b = await agent(a);
    const grandchild = await agent(b);
    const stranger = await agent();
    const player = await newMember(db(), merchantId, { parentId: a.id });
    for (const [body, status, code] of [
      [{ downlineId: grandchild.id }, 403, 'contract_not_downline'],
      [{ downlineId: stranger.id }, 403, 'contract_not_downline'],
      [{ downlineUsername: stranger.username }, 403, 'contract_not_downline'],
      [{ downlineId: a.id }, 403, 'contract_not_downline'],
      [{ downlineId: player.id }, 409, 'contract_downline_not_agent'],
      [{}, 422, 'request_param_err'],
    ] as const) {
      const res = await act('hourlySalary', a, { action: 'offer', ...body, ...hourly('0.5') });
      expect([res.statusCode, res.json().errorCode], JSON.stringify(body)).toEqual([status, code]);
    }
    // b holds no hourly contract: it has nothing to give
    const none = await act('hourlySalary', b, {
      action: 'offer',
      downlineId: grandchild.id,
      ...hourly('0.5'),
    });
    expect([none.statusCode, none.json().errorCode]).toEqual([409, 'contract_no_own_contract']);
    // by username, case-insensitive
    const byName = await act('hourlySalary', a, {
      action: 'offer',
      downlineUsername: b.username.toUpperCase(),
      ...hourly('0.5'),
    });
    expect(byName.statusCode, byName.body).toBe(200);
  });

  it('a dividend runs on its upline’s period; real-time salary caps both rates and the minimum bet', async () => {
    const a = await topAgent('dividend', dividend('weekly', '10', '20'));
    const b = await agent(a);
    const monthly = await act('dividend', a, {
      action: 'offer',
      downlineId: b.id,
      ...dividend('monthly', '5'),
    });
    expect(monthly.json().errorCode).toBe('contract_period_mismatch');
    const weekly = await offer('dividend', a, b, dividend('weekly', '5', '15'));
    expect(weekly).toMatchObject({
      period: 'weekly',
      tiers: [
        { validBet: '10000.00', netLoss: '1000.00', activeMembers: 5, rate: '5.00' },
        { validBet: '20000.00', netLoss: '2000.00', activeMembers: 10, rate: '15.00' },
      ],
    });

    const r = await topAgent('realtimeSalary', { profitRate: '0.5', lossRate: '1', minBet: '10' });
    const s = await agent(r);
    for (const terms of [
      { profitRate: '0.6', lossRate: '1', minBet: '10' },
      { profitRate: '0.5', lossRate: '1.01', minBet: '10' },
      { profitRate: '0.5', lossRate: '1', minBet: '9.99' },
    ]) {
      const res = await act('realtimeSalary', r, { action: 'offer', downlineId: s.id, ...terms });
      expect(res.json().errorCode, JSON.stringify(terms)).toBe('contract_rate_above_upline');
    }
    const fits = await offer('realtimeSalary', r, s, { profitRate: '0.5', lossRate: '0', minBet: 20 });
    expect(fits).toMatchObject({
      period: 'realtime',
      tiers: [],
      profitRate: '0.50',
      lossRate: '0.00',
      minBet: '20.00',
    });
  });
});

describe('answering and ending contracts', () => {
  it('the downline rejects; nobody else answers; a rejected offer cannot be accepted', async () => {
    const a = await topAgent('hourlySalary', hourly('1'));
    const b = await agent(a);
    const stranger = await agent();
    const c = await offer('hourlySalary', a, b, hourly('0.5'));
    const byUpline = await act('hourlySalary', a, { action: 'accept', contractId: c.id });
    expect([byUpline.statusCode, byUpline.json().errorCode]).toEqual([403, 'contract_wrong_party']);
    for (const action of ['accept', 'reject', 'terminate']) {
      const res = await act('hourlySalary', stranger, { action, contractId: c.id });
      expect([res.statusCode, res.json().errorCode], action).toEqual([404, 'contract_not_found']);
    }
    // the relay of another kind does not know it
    const otherKind = await act('dailySalary', b, { action: 'accept', contractId: c.id });
    expect(otherKind.json().errorCode).toBe('contract_not_found');
    const rejected = await act('hourlySalary', b, { action: 'reject', contractId: c.id });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value.contract).toMatchObject({ status: 'rejected', endReason: 'rejected' });
    expect(rejected.json().value.contract.rejectedAt).not.toBeNull();
    const late = await act('hourlySalary', b, { action: 'accept', contractId: c.id });
    expect([late.statusCode, late.json().errorCode]).toEqual([409, 'contract_not_pending']);
    const history = (await list('hourlySalary', b)).json().value;
    expect(history).toMatchObject({
      active: null,
      pending: null,
      history: [{ id: c.id, status: 'rejected' }],
    });
    expect((await list('hourlySalary', a)).json().value.given.totalCount).toBe(0);
    expect((await list('hourlySalary', a, '?status=rejected')).json().value.given.list[0].id).toBe(c.id);
  });

  it('a change is a new offer: accepting it supersedes the old contract (version 2)', async () => {
    const a = await topAgent('dailySalary', daily('2'));
    const b = await agent(a);
    const first = await give('dailySalary', a, b, daily('1'));
    const change = await offer('dailySalary', a, b, daily('1.5'));
    expect(change.version).toBe(2);
    // until b agrees, the old terms stay
    expect((await list('dailySalary', b)).json().value.active.id).toBe(first.id);
    const res = await accept('dailySalary', b, change.id);
    expect(res.superseded).toMatchObject({ id: first.id, status: 'superseded', endReason: 'superseded' });
    expect(res.contract).toMatchObject({ id: change.id, status: 'active', tiers: [{ rate: '1.50' }] });
    await expectContractInvariants(db(), merchantId);
  });

  it('either side terminates; the upline withdraws an offer; the downline uses reject for one', async () => {
    const a = await topAgent('hourlySalary', hourly('1'));
    const b = await agent(a);
    const c = await agent(a);
    const byDownline = await give('hourlySalary', a, b, hourly('0.5'));
    const ended = await act('hourlySalary', b, { action: 'terminate', contractId: byDownline.id });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().value.contract).toMatchObject({ status: 'terminated', endReason: 'downline' });
    const byUpline = await give('hourlySalary', a, c, hourly('0.5'));
    const cut = await act('hourlySalary', a, { action: 'terminate', contractId: byUpline.id });
    expect(cut.json().value.contract).toMatchObject({ status: 'terminated', endReason: 'upline' });
    const again = await act('hourlySalary', a, { action: 'terminate', contractId: byUpline.id });
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'contract_not_active']);

    const pending = await offer('hourlySalary', a, b, hourly('0.3'));
    const notYet = await act('hourlySalary', b, { action: 'terminate', contractId: pending.id });
    expect(notYet.json().errorCode).toBe('contract_not_active');
    const withdrawn = await act('hourlySalary', a, { action: 'terminate', contractId: pending.id });
    expect(withdrawn.json().value.contract).toMatchObject({ status: 'withdrawn', endReason: 'withdrawn' });
  });

  it('an operator terminates a top-level contract: the team’s contracts below end with it after a confirmation (audited)', async () => {
    const a = await topAgent('hourlySalary', hourly('1'));
    const b = await agent(a);
    const c = await agent(b);
    const ab = await give('hourlySalary', a, b, hourly('0.8'));
    const bc = await give('hourlySalary', b, c, hourly('0.5'));
    const top = (await list('hourlySalary', a)).json().value.active as TContract;
    const url = `/admin/api/agent-contracts/${top.id}/terminate`;
    const warn = await t.app.inject({ method: 'POST', url, headers: { authorization: admin }, payload: {} });
    expect([warn.statusCode, warn.json().errorCode]).toEqual([409, 'contract_confirm_required']);
    expect(warn.json().value.affected.map((x: TContract) => x.id)).toEqual([ab.id, bc.id]);
    expect((await statusOf(top.id))!.status).toBe('active');
    const viewerTry = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: viewer },
      payload: {},
    });
    expect(viewerTry.statusCode).toBe(403);
    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: admin },
      payload: { confirm: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().value.contract).toMatchObject({ status: 'terminated', endReason: 'operator' });
    expect(done.json().value.ended.map((x: TContract) => [x.id, x.status, x.endReason])).toEqual([
      [ab.id, 'terminated', 'cascade'],
      [bc.id, 'terminated', 'cascade'],
    ]);
    const audit = await t.app.inject({
      url: '/admin/api/audit-log?action=agent_contract.terminate',
      headers: { authorization: admin },
    });
    expect(audit.json().value.list[0]).toMatchObject({ entityId: String(top.id) });
    await expectContractInvariants(db(), merchantId);
  });
});

describe('accepting a lower rate ends the downline contracts above it', () => {
  it('warns with the affected contracts first, changes nothing, then proceeds with confirm', async () => {
    const a = await topAgent('dailySalary', daily('5'));
    const high = await agent(a);
    const low = await agent(a);
    const below = await agent(high);
    const aHigh = await give('dailySalary', a, high, daily('4'));
    const aLow = await give('dailySalary', a, low, daily('2'));
    const highBelow = await give('dailySalary', high, below, daily('1'));
    const pendingHigh = await offer('dailySalary', a, low, daily('3.5'));

    const lower = await houseOffer('dailySalary', a, daily('3'));
    const warn = await act('dailySalary', a, { action: 'accept', contractId: lower.id });
    expect([warn.statusCode, warn.json().errorCode]).toEqual([409, 'contract_confirm_required']);
    expect(warn.json().success).toBe(false);
    // the 4 % contract, the one below it (its holder loses its contract) and the 3.5 % offer; not the 2 %
    expect(warn.json().value.affected.map((c: TContract) => [c.id, c.status])).toEqual([
      [aHigh.id, 'active'],
      [highBelow.id, 'active'],
      [pendingHigh.id, 'offered'],
    ]);
    expect((await statusOf(lower.id))!.status).toBe('offered');
    expect((await statusOf(aHigh.id))!.status).toBe('active');

    const done = await accept('dailySalary', a, lower.id, true);
    expect(done.contract).toMatchObject({ id: lower.id, status: 'active' });
    expect(done.superseded?.status).toBe('superseded');
    expect(done.ended.map((c) => [c.id, c.status, c.endReason])).toEqual([
      [aHigh.id, 'terminated', 'cascade'],
      [highBelow.id, 'terminated', 'cascade'],
      [pendingHigh.id, 'withdrawn', 'cascade'],
    ]);
    expect((await statusOf(aLow.id))!.status).toBe('active');
    const highView = (await list('dailySalary', high)).json().value;
    expect(highView).toMatchObject({
      active: null,
      canOffer: false,
      history: [{ id: aHigh.id, status: 'terminated' }],
    });
    await expectContractInvariants(db(), merchantId);
  });

  it('a lower offer accepted by a middle agent ends its own downline contracts above the new rate', async () => {
    const a = await topAgent('hourlySalary', hourly('3'));
    const b = await agent(a);
    const c = await agent(b);
    await give('hourlySalary', a, b, hourly('2'));
    const bc = await give('hourlySalary', b, c, hourly('1.5'));
    const change = await offer('hourlySalary', a, b, hourly('1'));
    const warn = await act('hourlySalary', b, { action: 'accept', contractId: change.id });
    expect(warn.json().value.affected.map((x: TContract) => x.id)).toEqual([bc.id]);
    const done = await accept('hourlySalary', b, change.id, true);
    expect(done.ended.map((x) => x.id)).toEqual([bc.id]);
    await expectContractInvariants(db(), merchantId);
  });
});

describe('who may call', () => {
  it('a player gets the agents-only refusal, a trial account needs a real one, anonymous 401', async () => {
    const player = await memberSession(t.app, db(), merchantId);
    for (const kind of ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] as const) {
      const l = await list(kind, player);
      expect([l.statusCode, l.json().errorCode]).toEqual([403, 'error_not_agent']);
      const p = await act(kind, player, { action: 'reject', contractId: 1 });
      expect([p.statusCode, p.json().errorCode]).toEqual([403, 'error_not_agent']);
      expect(
        (await t.app.inject({ url: pathOf(kind), headers: { merchant: DEMO.merchant } })).statusCode,
      ).toBe(401);
    }
    const funds = (
      await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: player.headers })
    ).json().value;
    expect(funds).toMatchObject({
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
    });
    const trial = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: DEMO.merchant },
      payload: { os: 'web', platform: 'W' },
    });
    const res = await list('dailySalary', {
      headers: { merchant: DEMO.merchant, authorization: trial.json().value.token },
    });
    expect(res.json().errorCode).toBe('need_real_account');
  });

  it('module switches gate the relays and the flags; AGENTPOLICY3 gates them all', async () => {
    const a = await agent();
    await houseOffer('hourlySalary', a, hourly('1'));
    await houseOffer('dividend', a, dividend('monthly', '10'));
    try {
      await setModule(t.app, admin, 'HOURSAL3', false);
      const off = await list('hourlySalary', a);
      expect([off.statusCode, off.json().errorCode]).toEqual([400, 'function.not.available']);
      const funds = (
        await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: a.headers })
      ).json().value;
      expect(funds).toMatchObject({ contracthoursalreq: 0, divtypereq: 1 });
      await setModule(t.app, admin, 'AGENTPOLICY3', false);
      expect((await list('dividend', a)).json().errorCode).toBe('function.not.available');
      const none = (
        await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: a.headers })
      ).json().value;
      expect(none).toMatchObject({ contracthoursalreq: 0, divtypereq: 0 });
    } finally {
      await setModule(t.app, admin, 'AGENTPOLICY3', true);
      await setModule(t.app, admin, 'HOURSAL3', true);
    }
    expect((await list('hourlySalary', a)).statusCode).toBe(200);
  });

  it('validates the relay bodies and queries', async () => {
    const a = await agent();
    for (const body of [
      {},
      { action: 'sign' },
      { action: 'accept' },
      { action: 'accept', contractId: 'x' },
      { action: 'accept', contractId: -1 },
      { action: 'offer', downlineId: 1 },
      { action: 'offer', downlineId: 1, tiers: [{ validBet: '1', rate: 'abc' }] },
    ]) {
      const res = await act('hourlySalary', a, body);
      expect([res.statusCode, res.json().errorCode], JSON.stringify(body)).toEqual([
        422,
        'request_param_err',
      ]);
    }
    const badQuery = await list('hourlySalary', a, '?pageSize=1000');
    expect(badQuery.statusCode).toBe(422);
    const unknown = await act('hourlySalary', a, { action: 'accept', contractId: 2_000_000_000 });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'contract_not_found']);
  });
});

describe('concurrency', () => {
  it('offers, accepts and lower-rate cascades fired at once never leave a downline above its upline', async () => {
    const rates = ['0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4'];
    const pick = () => rates[Math.floor(Math.random() * rates.length)]!;
    for (let round = 0; round < 4; round++) {
      // house -> a -> (b1, b2) -> c under each b
      const a = await topAgent('dailySalary', daily('4'));
      const b1 = await agent(a);
      const b2 = await agent(a);
      const c1 = await agent(b1);
      const c2 = await agent(b2);
      await give('dailySalary', a, b1, daily('3'));
      await give('dailySalary', a, b2, daily('3'));
      await give('dailySalary', b1, c1, daily('2'));
      await give('dailySalary', b2, c2, daily('2'));
      // offers waiting to be answered, made while the uplines still held their current rates
      const houseLower = await houseOffer('dailySalary', a, daily(pick()));
      const toB1 = await offer('dailySalary', a, b1, daily(pick()));
      const toB2 = await offer('dailySalary', a, b2, daily(pick()));
      const toC1 = await offer('dailySalary', b1, c1, daily('2.5'));
      const toC2 = await offer('dailySalary', b2, c2, daily('2.5'));
      const calls = [
        act('dailySalary', a, { action: 'accept', contractId: houseLower.id, confirm: true }),
        act('dailySalary', b1, { action: 'accept', contractId: toB1.id, confirm: true }),
        act('dailySalary', b2, { action: 'accept', contractId: toB2.id, confirm: true }),
        act('dailySalary', c1, { action: 'accept', contractId: toC1.id, confirm: true }),
        act('dailySalary', c2, { action: 'accept', contractId: toC2.id, confirm: true }),
        act('dailySalary', a, { action: 'offer', downlineId: b1.id, ...daily(pick()) }),
        act('dailySalary', b2, { action: 'offer', downlineId: c2.id, ...daily(pick()) }),
        act('dailySalary', b1, { action: 'terminate', contractId: toC1.id, confirm: true }),
      ];
      const answers = await Promise.all(calls);
      for (const res of answers) {
        // each call either happened or was refused by a rule; never a 5xx
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode !== 200) {
          expect(
            [
              'contract_rate_above_upline',
              'contract_not_pending',
              'contract_no_own_contract',
              'contract_not_active',
              'contract_not_found',
            ],
            res.body,
          ).toContain(res.json().errorCode);
        }
      }
      await expectContractInvariants(db(), merchantId);
      const [dupes] = await rows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from (select downline_id, kind from agent_contract where status = 'active'
            group by downline_id, kind having count(*) > 1) x`,
      );
      expect(Number(dupes!.n)).toBe(0);
    }
  }, 120_000);
});

describe('demo data', () => {
  it('agent01 holds the platform’s four kinds; its sub-agent three from agent01 and an hourly offer', async () => {
    const top = {
      headers: {
        merchant: DEMO.merchant,
        authorization: await loginToken(t.app, db(), DEMO_AGENT.username, DEMO_AGENT.password),
      },
    };
    const sub = {
      headers: {
        merchant: DEMO.merchant,
        authorization: await loginToken(t.app, db(), DEMO_SUB_AGENT.username, DEMO_SUB_AGENT.password),
      },
    };
    for (const kind of ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] as const) {
      const mine = (await list(kind, top)).json().value;
      expect(mine.active, kind).toMatchObject({ status: 'active', upline: null });
      expect(mine.given.list[0], kind).toMatchObject({ downline: { username: DEMO_SUB_AGENT.username } });
    }
    expect((await list('hourlySalary', sub)).json().value).toMatchObject({
      active: null,
      pending: { status: 'offered' },
    });
    const funds = (
      await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: sub.headers })
    ).json().value;
    expect(funds).toMatchObject({
      contracthoursalreq: 1,
      divtypeinfo: 1,
      dailysalinfotype: 1,
      realtimesalinfotype: 1,
    });
    await expectContractInvariants(db(), merchantId);
  });
});
