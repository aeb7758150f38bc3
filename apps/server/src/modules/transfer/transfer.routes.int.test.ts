import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import type { ModuleRegister } from '../../platform/module.js';
import {
  expectLedgerInvariants,
  fund,
  mainBalance,
  merchantIdOf,
  newMember,
  TEST_PASSWORD,
  loginToken,
  createMerchant,
  createOperator,
  operatorLogin as login,
} from '../../test/factories.js';

const PAY = '246810';
let t: TestApp;
let merchantId: number;
let adminToken: string;
let viewerToken: string;
const walletChanges: { merchantId: number; memberId: number }[] = [];
const notices: { memberId: number; kind: string; data: Record<string, unknown> }[] = [];

// listens to the app's own event bus, the way the real-time channel does
const listen: ModuleRegister = (ctx) => {
  ctx.events.on('wallet.changed', (p) => walletChanges.push(p));
  ctx.events.on('member.notice', (p) => notices.push(p));
};

beforeAll(async () => {
  t = await createTestApp({ deps: { extraModules: [listen] } });
  merchantId = await merchantIdOf(t.database.db);
  await createOperator(t.database.db, merchantId, 'xferadmin', 'admin');
  await createOperator(t.database.db, merchantId, 'xferviewer', 'viewer');
  adminToken = await login(t.app, DEMO.merchant, 'xferadmin');
  viewerToken = await login(t.app, DEMO.merchant, 'xferviewer');
});
afterAll(() => t.close());

const db = () => t.database.db;
const headers = (token?: string) => ({ merchant: DEMO.merchant, ...(token ? { authorization: token } : {}) });

async function person(
  opts: { type?: number; parentId?: number | null; balance?: bigint; pay?: string | null } = {},
) {
  const m = await newMember(db(), merchantId, {
    type: opts.type ?? 0,
    parentId: opts.parentId ?? null,
    paymentPassword: opts.pay === null ? undefined : (opts.pay ?? PAY),
  });
  if (opts.balance) await fund(db(), merchantId, m.id, opts.balance);
  const token = await loginToken(t.app, db(), m.username, TEST_PASSWORD);
  return { ...m, token };
}

const upline = (token: string | undefined, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_transferUpline',
    headers: headers(token),
    payload: body,
  });
const downline = (token: string | undefined, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_transferDownline',
    headers: headers(token),
    payload: body,
  });
const info = (token?: string) =>
  t.app.inject({ url: '/wps/relay/MCSFE_getTransferInfo', headers: headers(token) });

/** An agent with a direct downline member and a grandchild (the downline's own downline). */
async function family(balances: { agent?: bigint; child?: bigint } = {}) {
  const agent = await person({ type: 1, balance: balances.agent });
  const child = await person({ parentId: agent.id, balance: balances.child });
  const grandchild = await newMember(db(), merchantId, { parentId: child.id });
  return { agent, child, grandchild };
}

describe('transfer to upline', () => {
  it('moves money MAIN -> upline MAIN once, tells the upline, pushes both balances', async () => {
    const { agent, child } = await family({ child: 10_000n });
    walletChanges.length = 0;
    const res = await upline(child.token, {
      amount: '25.50',
      paymentPassword: PAY,
      requestId: 'req-upline-0001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      requestId: 'req-upline-0001',
      amount: '25.50',
      to: { username: agent.username },
      balance: '74.50',
      replayed: false,
    });
    expect(res.json().value.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await mainBalance(db(), child.id)).toBe(7_450n);
    expect(await mainBalance(db(), agent.id)).toBe(2_550n);
    expect(walletChanges).toEqual(
      expect.arrayContaining([
        { merchantId, memberId: child.id },
        { merchantId, memberId: agent.id },
      ]),
    );
    expect(notices).toContainEqual({
      merchantId,
      memberId: agent.id,
      kind: 'transfer_received',
      data: { from: child.username, direction: 'upline', amount: '25.50', currency: 'BDT' },
    });
    const inbox = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: headers(agent.token) });
    expect(inbox.json().value.list[0]).toMatchObject({ kind: 'transfer_received' });
    await expectLedgerInvariants(db());
  });

  it('a replay of the same requestId moves nothing and answers the first result', async () => {
    const { agent, child } = await family({ child: 10_000n });
    const body = { amount: '10', paymentPassword: PAY, requestId: 'req-replay-0001' };
    expect((await upline(child.token, body)).statusCode).toBe(200);
    const noticesBefore = notices.length;
    const again = await upline(child.token, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value).toMatchObject({ amount: '10.00', replayed: true, balance: '90.00' });
    expect(notices.length).toBe(noticesBefore);
    const other = await upline(child.token, { ...body, amount: '11' });
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('idempotency_conflict');
    expect(await mainBalance(db(), child.id)).toBe(9_000n);
    expect(await mainBalance(db(), agent.id)).toBe(1_000n);
    await expectLedgerInvariants(db());
  });

  it('refuses a wrong payment password, then locks after repeated failures', async () => {
    const { child } = await family({ child: 10_000n });
    const wrong = await upline(child.token, { amount: '5', paymentPassword: '111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('payment_password_incorrect');
    for (let i = 0; i < 4; i++) await upline(child.token, { amount: '5', paymentPassword: '111111' });
    const locked = await upline(child.token, { amount: '5', paymentPassword: PAY });
    expect(locked.statusCode).toBe(429);
    expect(await mainBalance(db(), child.id)).toBe(10_000n);
  });

  it('refuses without a payment password set', async () => {
    const agent = await person({ type: 1 });
    const child = await person({ parentId: agent.id, balance: 1_000n, pay: null });
    const res = await upline(child.token, { amount: '5', paymentPassword: PAY });
    expect(res.json().errorCode).toBe('payment_password_not_set');
  });

  it('refuses more than the balance and leaves both balances untouched', async () => {
    const { agent, child } = await family({ child: 1_000n });
    const res = await upline(child.token, { amount: '10.01', paymentPassword: PAY });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('insufficient_balance');
    expect(await mainBalance(db(), child.id)).toBe(1_000n);
    expect(await mainBalance(db(), agent.id)).toBe(0n);
    await expectLedgerInvariants(db());
  });

  it('refuses bad amounts', async () => {
    const { child } = await family({ child: 1_000n });
    for (const amount of ['1.234', '-5', 'abc']) {
      const res = await upline(child.token, { amount, paymentPassword: PAY });
      expect([422]).toContain(res.statusCode);
    }
    const zero = await upline(child.token, { amount: '0', paymentPassword: PAY });
    expect(zero.json().errorCode).toBe('amount_invalid');
  });

  it('refuses a member without an upline, and a trial account', async () => {
    const lonely = await person({ balance: 1_000n });
    const res = await upline(lonely.token, { amount: '5', paymentPassword: PAY });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('transfer_no_upline');

    const trial = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: DEMO.merchant },
      payload: { os: 'web', platform: 'W' },
    });
    const trialToken = trial.json().value.token as string;
    const refused = await upline(trialToken, { amount: '5', paymentPassword: PAY });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('need_real_account');
    const down = await downline(trialToken, { downlineId: lonely.id, amount: '5', paymentPassword: PAY });
    expect(down.json().errorCode).toBe('need_real_account');
    const i = await info(trialToken);
    expect(i.json().value).toMatchObject({ canTransferUpline: false, canTransferDownline: false });
  });

  it('refuses a blocked upline', async () => {
    const { agent, child } = await family({ child: 1_000n });
    const block = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/members/${agent.id}/status`,
      headers: { authorization: adminToken },
      payload: { status: 'blocked' },
    });
    expect(block.statusCode, block.body).toBe(200);
    const res = await upline(child.token, { amount: '5', paymentPassword: PAY });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('transfer_account_blocked');
    expect(await mainBalance(db(), child.id)).toBe(1_000n);
  });

  it('rejects anonymous callers', async () => {
    expect((await upline(undefined, { amount: '5', paymentPassword: PAY })).statusCode).toBe(401);
    expect((await downline(undefined, { downlineId: 1, amount: '5', paymentPassword: PAY })).statusCode).toBe(
      401,
    );
    expect((await info()).statusCode).toBe(401);
  });

  it('rejects an operator token and another merchant’s member session', async () => {
    expect((await upline(adminToken, { amount: '5', paymentPassword: PAY })).statusCode).toBe(401);
    expect((await info(adminToken)).statusCode).toBe(401);
    const other = (await createMerchant(db(), { code: 'xferforeign', modules: false })).id;
    const foreign = await newMember(db(), other, { paymentPassword: PAY });
    const token = await loginToken(t.app, db(), foreign.username, TEST_PASSWORD, { merchant: 'xferforeign' });
    expect((await info(token)).statusCode).toBe(401);
    const { child } = await family();
    const res = await downline(token, { downlineId: child.id, amount: '5', paymentPassword: PAY });
    expect(res.statusCode).toBe(401);
  });
});

describe('transfer to downline', () => {
  it('an agent sends to a direct downline, by id or username', async () => {
    const { agent, child } = await family({ agent: 20_000n });
    const byId = await downline(agent.token, { downlineId: child.id, amount: '30', paymentPassword: PAY });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().value).toMatchObject({
      amount: '30.00',
      to: { username: child.username },
      balance: '170.00',
    });
    const byName = await downline(agent.token, {
      downlineUsername: child.username.toUpperCase(),
      amount: '20',
      paymentPassword: PAY,
    });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(await mainBalance(db(), agent.id)).toBe(15_000n);
    expect(await mainBalance(db(), child.id)).toBe(5_000n);
    expect(notices).toContainEqual(
      expect.objectContaining({ memberId: child.id, kind: 'transfer_received' }),
    );
    await expectLedgerInvariants(db());
  });

  it('refuses a grandchild, a stranger, another merchant’s member and oneself (403)', async () => {
    const { agent, grandchild } = await family({ agent: 20_000n });
    const stranger = await newMember(db(), merchantId);
    const otherMerchant = (await createMerchant(db(), { code: 'xferother', modules: false })).id;
    const foreign = await newMember(db(), otherMerchant);
    for (const target of [
      { downlineId: grandchild.id },
      { downlineUsername: grandchild.username },
      { downlineId: stranger.id },
      { downlineId: foreign.id },
      { downlineUsername: foreign.username },
      { downlineId: 99_999_999 },
    ]) {
      const res = await downline(agent.token, { ...target, amount: '5', paymentPassword: PAY });
      expect(res.statusCode, JSON.stringify(target)).toBe(403);
      expect(res.json().errorCode).toBe('transfer_not_downline');
    }
    const self = await downline(agent.token, { downlineId: agent.id, amount: '5', paymentPassword: PAY });
    expect(self.json().errorCode).toBe('transfer_to_self');
    expect(await mainBalance(db(), agent.id)).toBe(20_000n);
    await expectLedgerInvariants(db());
  });

  it('a member who is no agent cannot use transferDownline (403)', async () => {
    const { child, grandchild } = await family({ child: 5_000n });
    const res = await downline(child.token, { downlineId: grandchild.id, amount: '5', paymentPassword: PAY });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('transfer_agent_only');
    expect(await mainBalance(db(), child.id)).toBe(5_000n);
  });

  it('validates the body', async () => {
    const { agent } = await family();
    const res = await downline(agent.token, { amount: '5', paymentPassword: PAY });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('request_param_err');
    const huge = await downline(agent.token, { downlineId: 1e12, amount: '5', paymentPassword: PAY });
    expect(huge.statusCode).toBe(422);
  });
});

describe('limits and settings', () => {
  const settings = (token: string, body?: Record<string, unknown>) =>
    t.app.inject({
      method: body ? 'PUT' : 'GET',
      url: '/admin/api/transfer-settings',
      headers: { authorization: token },
      ...(body ? { payload: body } : {}),
    });

  it('operators read defaults; only writers change them; changes are audited; bad limits refused', async () => {
    const get = await settings(viewerToken);
    expect(get.statusCode).toBe(200);
    expect(get.json().value).toEqual({
      minAmount: '1.00',
      maxAmount: '50000.00',
      dailyMaxAmount: '200000.00',
      uplineEnabled: true,
      downlineEnabled: true,
    });
    expect((await settings(viewerToken, { minAmount: '2' })).statusCode).toBe(403);
    const bad = await settings(adminToken, { minAmount: '60000' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errorCode).toBe('transfer_settings_invalid');
    expect((await settings(adminToken, {})).statusCode).toBe(422);
    const memberToken = (await person()).token;
    expect((await settings(memberToken)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/admin/api/transfer-settings' })).statusCode).toBe(401);
    const audit = await t.app.inject({
      url: '/admin/api/audit-log?action=transfer.settings.update',
      headers: { authorization: adminToken },
    });
    expect(audit.json().value.totalCount).toBe(0);
  });

  it('enforces min, max and the daily total; info shows what is left', async () => {
    const set = await settings(adminToken, { minAmount: '5', maxAmount: '40', dailyMaxAmount: '60' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value).toMatchObject({
      minAmount: '5.00',
      maxAmount: '40.00',
      dailyMaxAmount: '60.00',
    });
    const audit = await t.app.inject({
      url: '/admin/api/audit-log?action=transfer.settings.update',
      headers: { authorization: adminToken },
    });
    expect(audit.json().value.list[0]).toMatchObject({
      action: 'transfer.settings.update',
      before: { minAmount: '1.00' },
      after: { minAmount: '5.00', dailyMaxAmount: '60.00' },
    });
    try {
      const { agent, child } = await family({ child: 50_000n });
      const low = await upline(child.token, { amount: '4.99', paymentPassword: PAY });
      expect(low.json()).toMatchObject({
        errorCode: 'transfer_amount_below_min',
        value: { minAmount: '5.00' },
      });
      const high = await upline(child.token, { amount: '40.01', paymentPassword: PAY });
      expect(high.json().errorCode).toBe('transfer_amount_above_max');
      expect((await upline(child.token, { amount: '40', paymentPassword: PAY })).statusCode).toBe(200);
      const over = await upline(child.token, { amount: '20.01', paymentPassword: PAY });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ errorCode: 'transfer_daily_limit', value: { sentToday: '40.00' } });
      const i = await info(child.token);
      expect(i.json().value).toMatchObject({
        upline: { username: agent.username },
        canTransferUpline: true,
        canTransferDownline: false,
        limits: { minAmount: '5.00', maxAmount: '40.00', dailyMaxAmount: '60.00' },
        sentToday: '40.00',
        remainingToday: '20.00',
      });
      expect((await upline(child.token, { amount: '20', paymentPassword: PAY })).statusCode).toBe(200);
      expect(await mainBalance(db(), child.id)).toBe(44_000n);
      const agentInfo = await info(agent.token);
      expect(agentInfo.json().value).toMatchObject({
        upline: null,
        canTransferUpline: false,
        canTransferDownline: true,
      });

      const off = await settings(adminToken, { uplineEnabled: false });
      expect(off.json().value.uplineEnabled).toBe(false);
      const disabled = await upline(child.token, { amount: '5', paymentPassword: PAY });
      expect(disabled.json().errorCode).toBe('transfer_disabled');
      await expectLedgerInvariants(db());
    } finally {
      await settings(adminToken, {
        minAmount: '1',
        maxAmount: '50000',
        dailyMaxAmount: '200000',
        uplineEnabled: true,
        downlineEnabled: true,
      });
    }
  });

  it('parallel transfers of one sender never pass the daily total or the balance together', async () => {
    const set = await settings(adminToken, { maxAmount: '100', dailyMaxAmount: '100' });
    expect(set.statusCode).toBe(200);
    try {
      const { agent, child } = await family({ child: 50_000n });
      const results = await Promise.all(
        // five: the payment password's attempt limit counts attempts in flight, right ones included
        Array.from({ length: 5 }, () => upline(child.token, { amount: '30', paymentPassword: PAY })),
      );
      const ok = results.filter((r) => r.statusCode === 200).length;
      expect(ok).toBe(3);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect(r.json().errorCode).toBe('transfer_daily_limit');
      }
      expect(await mainBalance(db(), agent.id)).toBe(9_000n);

      // the balance binds first: 50.00 pays two transfers of 20, never a third
      const poor = await family({ child: 5_000n });
      const tries = await Promise.all(
        Array.from({ length: 5 }, () => upline(poor.child.token, { amount: '20', paymentPassword: PAY })),
      );
      expect(tries.filter((r) => r.statusCode === 200).length).toBe(2);
      for (const r of tries.filter((x) => x.statusCode !== 200)) {
        expect(r.json().errorCode).toBe('insufficient_balance');
      }
      expect(await mainBalance(db(), poor.child.id)).toBe(1_000n);
      expect(await mainBalance(db(), poor.agent.id)).toBe(4_000n);

      // both directions at once between the same two people: locks in one order, no deadlock reaches a caller
      const pair = await family({ agent: 10_000n, child: 10_000n });
      const both = await Promise.all([
        ...Array.from({ length: 4 }, () => upline(pair.child.token, { amount: '5', paymentPassword: PAY })),
        ...Array.from({ length: 4 }, () =>
          downline(pair.agent.token, { downlineId: pair.child.id, amount: '5', paymentPassword: PAY }),
        ),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(await mainBalance(db(), pair.child.id)).toBe(10_000n);
      await expectLedgerInvariants(db());
    } finally {
      await settings(adminToken, { maxAmount: '50000', dailyMaxAmount: '200000' });
    }
  });
});
