import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { createTestGateway, type TestGateway } from '@bp/test-gateway';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { eventually, startGateway } from './deposit.test-support.js';
import {
  addChannel,
  expectLedgerInvariants,
  mainBalance,
  merchantIdOf,
  newMember,
  TEST_PASSWORD,
  loginToken,
  operatorLogin as login,
} from '../../test/factories.js';
import { signGateway } from './deposit.gateway.js';
import type { ChannelRow } from './deposit.repo.js';
import { DEPOSIT_RECONCILE_JOB } from './register.js';

const MCH = 'shop01';
const SECRET = 'gateway-secret-for-tests-0123';

let t: TestApp;
let base: string;
let gw: TestGateway;
let gwUrl: string;
let merchantId: number;
let online: ChannelRow;
let feeOnline: ChannelRow;
let ownerToken: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn' },
    deps: { logStream: { write: (line) => logLines.push(line) } },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ gw, url: gwUrl } = await startGateway({ [MCH]: SECRET }));
  merchantId = await merchantIdOf(t.database.db);
  const gateway = { kind: 'online' as const, gatewayUrl: gwUrl, gatewayMchId: MCH, gatewaySecret: SECRET };
  online = await addChannel(t.database.db, merchantId, { ...gateway, name: 'Test Pay' });
  feeOnline = await addChannel(t.database.db, merchantId, { ...gateway, name: 'Fee Pay', feeBps: 200 });
  ownerToken = await login(t.app, DEMO.merchant, 'admin', 'Admin@12345');
});
afterAll(async () => {
  await gw.close();
  await t.close();
});

async function player() {
  const m = await newMember(t.database.db, merchantId);
  const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
  return { id: m.id, token };
}

/** A player call over real HTTP (the notify and return URLs are built from this origin). */
async function call(token: string | undefined, method: 'GET' | 'POST', path: string, body?: object) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      merchant: DEMO.merchant,
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { value?: any; errorCode?: string } };
}

async function createOrder(token: string, amount = '500', channel = online) {
  const res = await call(token, 'POST', '/wps/relay/MCSFE_createOnlineDeposit', {
    channelId: channel.id,
    amount,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.value as { orderNo: string; payUrl: string };
}

/** What the player's browser does on the gateway's page: press Pay or Decline. */
async function confirm(payUrl: string, action: 'pay' | 'decline') {
  const res = await fetch(`${payUrl}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

const gatewayOrder = (orderNo: string) => gw.orders().find((o) => o.orderNo === orderNo)!;
const delivered = (orderNo: string) =>
  eventually(
    () => gatewayOrder(orderNo),
    (o) => o.notify.delivered,
  );

async function orderStatus(token: string, orderNo: string) {
  return (await call(token, 'GET', `/wps/relay/MCSFE_getDepositOrder?orderNo=${orderNo}`)).json.value;
}

async function inbox(token: string) {
  return (await call(token, 'GET', '/wps/relay/CSP_getInbox')).json.value.list as {
    kind: string;
    data: Record<string, unknown>;
  }[];
}

/** Posts a notification to our endpoint as the gateway would, with any body and signature. */
async function notify(body: string, signature = signGateway(SECRET, body)) {
  const res = await fetch(`${base}/wps/deposit/notify/${DEMO.merchant}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    body,
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

async function entries(orderNo: string) {
  const [r] = await rows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ledger_entry where idem_key = ${`deposit:${orderNo}`}`,
  );
  return r!.n;
}

describe('online deposit through the test gateway', () => {
  it('create -> pay on the gateway -> signed notification credits once; renotify changes nothing', async () => {
    const p = await player();
    const { orderNo, payUrl } = await createOrder(p.token, '750.50');
    expect(payUrl.startsWith(`${gwUrl}/pay/`)).toBe(true);
    const atGateway = gatewayOrder(orderNo);
    expect(atGateway).toMatchObject({
      mchId: MCH,
      amount: '750.50',
      currency: 'BDT',
      status: 'PENDING',
      notifyUrl: `${base}/wps/deposit/notify/${DEMO.merchant}`,
      returnUrl: `${base}/member/depositv2?orderNo=${orderNo}`,
    });
    expect(await orderStatus(p.token, orderNo)).toMatchObject({ status: 'PENDING', kind: 'online' });

    const page = await fetch(payUrl);
    expect(await page.text()).toContain('data-amount="750.50"');
    const back = await confirm(payUrl, 'pay');
    const ret = new URL(back);
    expect(ret.pathname).toBe('/member/depositv2');
    expect(ret.searchParams.get('orderNo')).toBe(orderNo);
    expect(ret.searchParams.get('status')).toBe('SUCCESS');

    const after = await delivered(orderNo);
    expect(after.notify).toMatchObject({ delivered: true, attempts: 1, lastResult: 'success' });
    expect(await mainBalance(t.database.db, p.id)).toBe(750_50n);
    expect(await orderStatus(p.token, orderNo)).toMatchObject({
      status: 'SUCCESS',
      creditAmount: '750.50',
      finishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect((await inbox(p.token))[0]).toMatchObject({
      kind: 'deposit_arrived',
      data: { orderNo, amount: '750.50', creditAmount: '750.50' },
    });
    const balance = await call(p.token, 'GET', '/wps/v2/wallets/balance');
    expect(balance.json.value.sumBalance).toBe(750.5);

    // the gateway sends the same notification again (renotify): acknowledged, nothing applied twice
    const body = '';
    const renotify = await fetch(`${gwUrl}/api/pay/orders/${after.payOrderId}/renotify`, {
      method: 'POST',
      headers: { 'x-signature': signGateway(SECRET, body) },
      body,
    });
    expect(renotify.status).toBe(200);
    expect(((await renotify.json()) as { data: unknown }).data).toMatchObject({
      delivered: true,
      lastResult: 'success',
    });
    expect(gatewayOrder(orderNo).notify.attempts).toBe(2);
    expect(await mainBalance(t.database.db, p.id)).toBe(750_50n);
    expect(await entries(orderNo)).toBe(1);
    expect((await inbox(p.token)).filter((m) => m.kind === 'deposit_arrived')).toHaveLength(1);
    await expectLedgerInvariants(t.database.db);
  });

  it('answers the bare text success, and a replayed or concurrent notification credits once', async () => {
    const p = await player();
    const { orderNo } = await createOrder(p.token, '200');
    const o = gatewayOrder(orderNo);
    const body = JSON.stringify({
      mchId: MCH,
      orderNo,
      payOrderId: o.payOrderId,
      amount: '200.00',
      currency: 'BDT',
      status: 'SUCCESS',
      paidAt: new Date().toISOString(),
    });
    const results = await Promise.all([notify(body), notify(body), notify(body)]);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.text).toBe('success');
      expect(r.type).toMatch(/^text\/plain/);
    }
    expect(await mainBalance(t.database.db, p.id)).toBe(200_00n);
    expect(await entries(orderNo)).toBe(1);
    // the raw answer replaced the envelope cleanly (no second send)
    expect(logLines.filter((l) => /already sent/i.test(l))).toEqual([]);
    // a FAILED for a credited order is refused, and changes nothing
    const late = await notify(body.replace('"SUCCESS"', '"FAILED"'));
    expect(late.status).toBe(409);
    expect(await orderStatus(p.token, orderNo)).toMatchObject({ status: 'SUCCESS' });
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses a bad signature, a foreign secret and tampered bytes', async () => {
    const p = await player();
    const { orderNo } = await createOrder(p.token, '300');
    const o = gatewayOrder(orderNo);
    const body = JSON.stringify({
      mchId: MCH,
      orderNo,
      payOrderId: o.payOrderId,
      amount: '300.00',
      currency: 'BDT',
      status: 'SUCCESS',
      paidAt: null,
    });
    for (const sig of [
      '0'.repeat(64),
      signGateway('another-secret', body),
      'nothex',
      signGateway(SECRET, body).toUpperCase(),
    ]) {
      const r = await notify(body, sig);
      expect(r.status).toBe(401);
      expect(JSON.parse(r.text).errorCode).toBe('deposit_signature_invalid');
    }
    // signed over the compact JSON, sent re-serialised with spaces: other bytes, refused
    const spaced = JSON.stringify(JSON.parse(body), null, 1);
    expect((await notify(spaced, signGateway(SECRET, body))).status).toBe(401);
    expect((await notify(body, '')).status).toBe(401);
    expect(await mainBalance(t.database.db, p.id)).toBe(0n);
    expect(await orderStatus(p.token, orderNo)).toMatchObject({ status: 'PENDING' });
    // unknown order and malformed JSON
    const unknown = JSON.stringify({ ...JSON.parse(body), orderNo: 'D20260101000000000000' });
    expect((await notify(unknown)).status).toBe(404);
    expect((await notify('{not json')).status).toBe(422);
  });

  it('refuses a notification whose amount, merchant, currency or gateway order differ', async () => {
    const p = await player();
    const { orderNo } = await createOrder(p.token, '400');
    const o = gatewayOrder(orderNo);
    const good = {
      mchId: MCH,
      orderNo,
      payOrderId: o.payOrderId,
      amount: '400.00',
      currency: 'BDT',
      status: 'SUCCESS',
      paidAt: null,
    };
    for (const change of [
      { amount: '4000.00' },
      { amount: '399.99' },
      { mchId: 'other' },
      { currency: 'USD' },
      { payOrderId: 'TPFORGED' },
    ]) {
      const r = await notify(JSON.stringify({ ...good, ...change }));
      expect(r.status, JSON.stringify(change)).toBe(409);
      expect(JSON.parse(r.text).errorCode).toBe('deposit_notify_mismatch');
    }
    const malformed = await notify(JSON.stringify({ ...good, amount: 400 }));
    expect(malformed.status).toBe(422);
    expect(await mainBalance(t.database.db, p.id)).toBe(0n);
    expect(await orderStatus(p.token, orderNo)).toMatchObject({ status: 'PENDING' });
    // "400" and "400.00" are the same amount
    const ok = await notify(JSON.stringify({ ...good, amount: '400' }));
    expect(ok.text).toBe('success');
    expect(await mainBalance(t.database.db, p.id)).toBe(400_00n);
    await expectLedgerInvariants(t.database.db);
  });

  it('a declined payment ends FAILED with a message and no money', async () => {
    const p = await player();
    const { orderNo, payUrl } = await createOrder(p.token, '600');
    const back = await confirm(payUrl, 'decline');
    expect(new URL(back).searchParams.get('status')).toBe('FAILED');
    await delivered(orderNo);
    expect(await orderStatus(p.token, orderNo)).toMatchObject({ status: 'FAILED' });
    expect(await mainBalance(t.database.db, p.id)).toBe(0n);
    expect((await inbox(p.token))[0]).toMatchObject({ kind: 'deposit_failed', data: { orderNo } });
    const history = await call(p.token, 'GET', '/wps/relay/MCSFE_getDepositHistory?status=FAILED');
    expect(history.json.value.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNo]);
    // an operator cannot approve an online order
    const approve = await t.app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${orderNo}/approve`,
      headers: { authorization: ownerToken },
      payload: {},
    });
    expect(approve.json().errorCode).toBe('deposit_not_reviewable');
    await expectLedgerInvariants(t.database.db);
  });

  it('charges the channel fee to the member: house fee line in the same entry', async () => {
    const p = await player();
    const { orderNo, payUrl } = await createOrder(p.token, '1000', feeOnline);
    await confirm(payUrl, 'pay');
    await delivered(orderNo);
    expect(await mainBalance(t.database.db, p.id)).toBe(980_00n);
    expect(await orderStatus(p.token, orderNo)).toMatchObject({ fee: '20.00', creditAmount: '980.00' });
    await expectLedgerInvariants(t.database.db);
  });

  it('checks amounts, channel and caller before anything reaches the gateway', async () => {
    const p = await player();
    const before = gw.orders().length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ channelId: online.id, amount: '99.99' }, 422, 'deposit_amount_too_small'],
      [{ channelId: online.id, amount: '10000.01' }, 422, 'deposit_amount_too_large'],
      [{ channelId: online.id, amount: '100.123' }, 422, 'amount_invalid'],
      [{ channelId: online.id, amount: '1e3' }, 422, 'request_param_err'],
      [{ channelId: online.id }, 422, 'request_param_err'],
      [{ channelId: 424242, amount: '500' }, 404, 'deposit_channel_unavailable'],
    ];
    for (const [body, status, code] of cases) {
      const r = await call(p.token, 'POST', '/wps/relay/MCSFE_createOnlineDeposit', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json.errorCode).toBe(code);
    }
    const bank = await addChannel(t.database.db, merchantId, { kind: 'bank' });
    const wrongKind = await call(p.token, 'POST', '/wps/relay/MCSFE_createOnlineDeposit', {
      channelId: bank.id,
      amount: '500',
    });
    expect(wrongKind.json.errorCode).toBe('deposit_channel_unavailable');
    const anon = await call(undefined, 'POST', '/wps/relay/MCSFE_createOnlineDeposit', {
      channelId: online.id,
      amount: '500',
    });
    expect(anon.status).toBe(401);
    const freeplay = await fetch(`${base}/wps/session/login/freeplay`, {
      method: 'POST',
      headers: { merchant: DEMO.merchant, 'content-type': 'application/json' },
      body: JSON.stringify({ os: 'web', platform: 'W' }),
    });
    const trial = ((await freeplay.json()) as { value: { token: string } }).value.token;
    const refused = await call(trial, 'POST', '/wps/relay/MCSFE_createOnlineDeposit', {
      channelId: online.id,
      amount: '500',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.errorCode).toBe('need_real_account');
    expect(gw.orders().length).toBe(before);
    expect(
      (await call(undefined, 'GET', '/wps/relay/MCSFE_getDepositOrder?orderNo=D20260101ABCDEF')).status,
    ).toBe(401);
  });

  it('a gateway that refuses the order fails it; one that cannot be reached leaves it pending', async () => {
    const p = await player();
    const refusing = await addChannel(t.database.db, merchantId, {
      kind: 'online',
      gatewayUrl: gwUrl,
      gatewayMchId: 'unknown-at-gateway',
      gatewaySecret: SECRET,
    });
    const r1 = await call(p.token, 'POST', '/wps/relay/MCSFE_createOnlineDeposit', {
      channelId: refusing.id,
      amount: '500',
    });
    expect(r1.status).toBe(502);
    expect(r1.json.errorCode).toBe('deposit_gateway_error');
    const down = await addChannel(t.database.db, merchantId, {
      kind: 'online',
      gatewayUrl: 'http://127.0.0.1:1',
      gatewayMchId: MCH,
      gatewaySecret: SECRET,
    });
    const r2 = await call(p.token, 'POST', '/wps/relay/MCSFE_createOnlineDeposit', {
      channelId: down.id,
      amount: '500',
    });
    expect(r2.status).toBe(502);
    const history = await call(p.token, 'GET', '/wps/relay/MCSFE_getDepositHistory');
    expect(history.json.value.list.map((o: { status: string }) => o.status)).toEqual(['PENDING', 'FAILED']);
    expect(await mainBalance(t.database.db, p.id)).toBe(0n);
  });

  it('reconciliation applies outcomes whose notifications never got through, once', async () => {
    const MCH2 = 'shop02';
    const SECRET2 = 'second-gateway-secret-456';
    let current = SECRET2;
    const gw2 = createTestGateway({
      merchants: (id) => (id === MCH2 ? current : undefined),
      retryBaseMs: 10,
      notifyRetries: 2,
    });
    const { url: gw2Url } = await gw2.listen(0);
    try {
      const channel = await addChannel(t.database.db, merchantId, {
        kind: 'online',
        gatewayUrl: gw2Url,
        gatewayMchId: MCH2,
        gatewaySecret: SECRET2,
      });
      const p = await player();
      const paid = await createOrder(p.token, '321', channel);
      const declined = await createOrder(p.token, '123', channel);
      // the gateway signs its notifications with a secret we do not share: every attempt is refused
      current = 'not-the-shared-secret';
      await confirm(paid.payUrl, 'pay');
      await confirm(declined.payUrl, 'decline');
      const at2 = (no: string) => gw2.orders().find((o) => o.orderNo === no)!;
      for (const no of [paid.orderNo, declined.orderNo]) {
        const o = await eventually(
          () => at2(no),
          (x) => x.notify.attempts >= 2,
        );
        expect(o.notify).toMatchObject({ delivered: false, attempts: 2 });
        expect(o.notify.lastResult).toMatch(/^HTTP 401/);
      }
      expect(await orderStatus(p.token, paid.orderNo)).toMatchObject({ status: 'PENDING' });
      current = SECRET2;

      expect(await t.app.scheduler.runNow(DEPOSIT_RECONCILE_JOB)).toBe(true);
      expect(await orderStatus(p.token, paid.orderNo)).toMatchObject({ status: 'SUCCESS' });
      expect(await orderStatus(p.token, declined.orderNo)).toMatchObject({ status: 'FAILED' });
      expect(await mainBalance(t.database.db, p.id)).toBe(321_00n);
      const kinds = (await inbox(p.token)).map((m) => m.kind);
      expect(kinds.filter((k) => k === 'deposit_arrived')).toHaveLength(1);
      expect(kinds.filter((k) => k === 'deposit_failed')).toHaveLength(1);

      // again: nothing left to do, nothing applied twice
      await t.app.scheduler.runNow(DEPOSIT_RECONCILE_JOB);
      expect(await mainBalance(t.database.db, p.id)).toBe(321_00n);
      expect(await entries(paid.orderNo)).toBe(1);

      // an order the gateway never received: pending while young, FAILED once it is old
      const down = await addChannel(t.database.db, merchantId, {
        kind: 'online',
        gatewayUrl: 'http://127.0.0.1:1',
        gatewayMchId: MCH2,
        gatewaySecret: SECRET2,
      });
      const lost = await call(p.token, 'POST', '/wps/relay/MCSFE_createOnlineDeposit', {
        channelId: down.id,
        amount: '500',
      });
      expect(lost.status).toBe(502);
      const [row] = await rows<{ order_no: string }>(
        t.database.db,
        sql`select order_no from deposit_order where channel_id = ${down.id}`,
      );
      await t.database.db.execute(
        sql`update deposit_channel set gateway_url = ${gw2Url} where id = ${down.id}`,
      );
      await t.app.scheduler.runNow(DEPOSIT_RECONCILE_JOB);
      expect(await orderStatus(p.token, row!.order_no)).toMatchObject({ status: 'PENDING' });
      await t.database.db.execute(
        sql`update deposit_order set created_at = now() - interval '1 hour' where order_no = ${row!.order_no}`,
      );
      await t.app.scheduler.runNow(DEPOSIT_RECONCILE_JOB);
      expect(await orderStatus(p.token, row!.order_no)).toMatchObject({ status: 'FAILED' });
      expect(await mainBalance(t.database.db, p.id)).toBe(321_00n);
      await expectLedgerInvariants(t.database.db);
    } finally {
      await gw2.close();
    }
  });

  it("pushes the outcome and the balance change to the member's open pages", async () => {
    const p = await player();
    const ws = new WebSocket(`${base.replace('http', 'ws')}/wps/ws?merchant=${DEMO.merchant}`);
    const frames: { type: string; kind?: string; data?: Record<string, unknown> }[] = [];
    ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString())));
    await new Promise<void>((r) => ws.on('open', () => r()));
    try {
      ws.send(JSON.stringify({ type: 'auth', token: p.token }));
      await eventually(
        () => frames,
        (f) => f.some((x) => x.type === 'ready'),
      );
      const { orderNo, payUrl } = await createOrder(p.token, '111');
      await confirm(payUrl, 'pay');
      const got = await eventually(
        () => frames,
        (f) => f.some((x) => x.type === 'wallet.changed') && f.some((x) => x.type === 'notice'),
      );
      expect(got.find((x) => x.type === 'notice')).toMatchObject({
        kind: 'deposit_arrived',
        data: { orderNo, amount: '111.00' },
      });
      expect(got.some((x) => x.type === 'wallet.changed')).toBe(true);
    } finally {
      ws.close();
    }
  });
});
