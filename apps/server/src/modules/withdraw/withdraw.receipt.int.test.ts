import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  availBalance,
  entriesWithKey,
  memberHeaders,
  pngBytes,
  requestWithdraw,
  withdrawer,
} from '../../test/withdrawals.js';
import {
  createMerchant,
  createOperator,
  operatorLogin as login,
  expectLedgerInvariants,
  mainBalance,
  merchantIdOf,
} from '../../test/factories.js';
import { testClock } from '../../test/clock.js';

let t: TestApp;
let merchantId: number;
let admin: string;
let viewer: string;
let otherAdmin: string;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  merchantId = await merchantIdOf(t.database.db);
  admin = await login(t.app, DEMO.merchant, 'admin', 'Admin@12345');
  await createOperator(t.database.db, merchantId, 'viewer2', 'viewer');
  viewer = await login(t.app, DEMO.merchant, 'viewer2');
  const other = (await createMerchant(t.database.db, { code: 'othrc', modules: false })).id;
  await createOperator(t.database.db, other, 'boss', 'owner');
  otherAdmin = await login(t.app, 'othrc', 'boss');
});
afterAll(() => t.close());

const db = () => t.database.db;
const op = (token: string) => ({ authorization: token });

/** A member with 1000.00 whose withdrawal of `amount` an operator paid out. */
async function paidOut(amount = '300') {
  const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
  const id = (await requestWithdraw(t.app, w, amount)).json().value.id as string;
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/api/withdrawals/${id}/approve`,
    headers: op(admin),
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`approve: ${res.body}`);
  return { ...w, withdrawId: id };
}

function confirm(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/wps/relay/MCSFE_confirmPayment', headers, payload: body });
}
const b64 = (b: Buffer) => b.toString('base64');

function resolve(id: string, body: Record<string, unknown>, token = admin) {
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/withdrawals/${id}/resolve`,
    headers: op(token),
    payload: body,
  });
}

describe('receipt confirmation', () => {
  it('lists payouts awaiting confirmation; received confirms once', async () => {
    const w = await paidOut();
    const list = await t.app.inject({
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: w.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value.autoReceiveMinutes).toBe(30);
    expect(list.json().value.list).toHaveLength(1);
    expect(list.json().value.list[0]).toMatchObject({
      id: w.withdrawId,
      status: 'PAID_OUT',
      amount: '300.00',
    });
    expect(list.json().value.list[0].autoReceiveAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const res = await confirm(w.headers, { withdrawId: w.withdrawId, received: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'RECEIVED',
      confirmedBy: 'member',
      autoReceiveAt: null,
    });
    const again = await confirm(w.headers, { withdrawId: w.withdrawId, received: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('withdraw_status_invalid');
    const after = await t.app.inject({
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: w.headers,
    });
    expect(after.json().value.list).toHaveLength(0);
    expect(await mainBalance(db(), w.id)).toBe(70_000n);
  });

  it('not received with a PNG proof: a dispute with the remaining amount; the image is served back', async () => {
    const w = await paidOut();
    const png = pngBytes();
    const res = await confirm(w.headers, {
      withdrawId: w.withdrawId,
      received: false,
      receivedAmount: '100',
      remark: 'only part arrived',
      images: [{ fileName: 'receipt.png', data: b64(png) }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ status: 'DISPUTED', receivedAmount: '100.00', remainingAmount: '200.00' });
    expect(v.proofIds).toHaveLength(1);

    const img = await t.app.inject({ url: `/wps/withdraw/proof/${v.proofIds[0]}`, headers: w.headers });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(img.rawPayload, png)).toBe(0);
    const byOperator = await t.app.inject({
      url: `/admin/api/withdrawal-proofs/${v.proofIds[0]}`,
      headers: op(viewer),
    });
    expect(byOperator.statusCode).toBe(200);
    expect(Buffer.compare(byOperator.rawPayload, png)).toBe(0);

    const other = await withdrawer(t.app, db(), merchantId, { bank: false });
    const foreign = await t.app.inject({
      url: `/wps/withdraw/proof/${v.proofIds[0]}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const otherOp = await t.app.inject({
      url: `/admin/api/withdrawal-proofs/${v.proofIds[0]}`,
      headers: op(otherAdmin),
    });
    expect(otherOp.statusCode).toBe(404);
    const anon = await t.app.inject({
      url: `/wps/withdraw/proof/${v.proofIds[0]}`,
      headers: { merchant: DEMO.merchant },
    });
    expect(anon.statusCode).toBe(401);
    const anonOp = await t.app.inject({ url: `/admin/api/withdrawal-proofs/${v.proofIds[0]}` });
    expect(anonOp.statusCode).toBe(401);

    const disputes = await t.app.inject({
      url: '/admin/api/withdrawals?status=DISPUTED',
      headers: op(viewer),
    });
    expect(disputes.json().value.list.map((x: { id: string }) => x.id)).toContain(w.withdrawId);
    const detail = await t.app.inject({ url: `/admin/api/withdrawals/${w.withdrawId}`, headers: op(viewer) });
    expect(detail.json().value).toMatchObject({ remark: 'only part arrived', proofIds: v.proofIds });
  });

  it('accepts a JPEG; refuses text named .png, more than 3 files, over 5 MB, no image, a too-high received amount', async () => {
    const w = await paidOut();
    const fake = await confirm(w.headers, {
      withdrawId: w.withdrawId,
      received: false,
      images: [{ fileName: 'proof.png', data: b64(Buffer.from('this is plain text, not a picture at all')) }],
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errorCode).toBe('withdraw_proof_invalid');
    const notBase64 = await confirm(w.headers, {
      withdrawId: w.withdrawId,
      received: false,
      images: [{ data: '!!!not base64!!!' }],
    });
    expect(notBase64.json().errorCode).toBe('withdraw_proof_invalid');
    const four = await confirm(w.headers, {
      withdrawId: w.withdrawId,
      received: false,
      images: Array.from({ length: 4 }, () => ({ data: b64(pngBytes()) })),
    });
    expect(four.statusCode).toBe(422);
    expect(four.json().errorCode).toBe('request_param_err');
    const big = await confirm(w.headers, {
      withdrawId: w.withdrawId,
      received: false,
      images: [{ data: b64(pngBytes(5 * 1024 * 1024 + 1)) }],
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().errorCode).toBe('withdraw_proof_too_large');
    const none = await confirm(w.headers, { withdrawId: w.withdrawId, received: false });
    expect(none.statusCode).toBe(422);
    const tooMuch = await confirm(w.headers, {
      withdrawId: w.withdrawId,
      received: false,
      receivedAmount: '300',
      images: [{ data: b64(pngBytes()) }],
    });
    expect(tooMuch.json().errorCode).toBe('withdraw_received_amount_invalid');
    // nothing of the refused reports was written
    const list = await t.app.inject({
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: w.headers,
    });
    expect(list.json().value.list[0]).toMatchObject({ status: 'PAID_OUT', proofIds: [] });

    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
      Buffer.from('JFIF\0rest-of-file'),
    ]);
    const three = await confirm(w.headers, {
      withdrawId: w.withdrawId,
      received: false,
      images: [
        { fileName: 'a.jpg', data: `data:image/jpeg;base64,${b64(jpeg)}` },
        { data: b64(pngBytes(5 * 1024 * 1024)) },
        { data: b64(pngBytes()) },
      ],
    });
    expect(three.statusCode, three.body.slice(0, 300)).toBe(200);
    expect(three.json().value).toMatchObject({
      status: 'DISPUTED',
      receivedAmount: '0.00',
      remainingAmount: '300.00',
    });
    const img = await t.app.inject({
      url: `/wps/withdraw/proof/${three.json().value.proofIds[0]}`,
      headers: w.headers,
    });
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it('all received confirms every payout awaiting confirmation', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    for (const amount of ['100', '150']) {
      const id = (await requestWithdraw(t.app, w, amount)).json().value.id as string;
      await t.app.inject({
        method: 'POST',
        url: `/admin/api/withdrawals/${id}/approve`,
        headers: op(admin),
        payload: {},
      });
    }
    const pendingId = (await requestWithdraw(t.app, w, '100')).json().value.id as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_confirmAllPayments',
      headers: w.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ confirmed: 2 });
    const hist = await t.app.inject({
      url: '/wps/report/withdrawTransaction?status=RECEIVED',
      headers: w.headers,
    });
    expect(hist.json().value.total).toBe(2);
    const pending = await t.app.inject({
      url: '/wps/report/withdrawTransaction?status=PENDING',
      headers: w.headers,
    });
    expect(pending.json().value.list[0].id).toBe(pendingId);
  });

  it('rejects anonymous callers and tokens of another merchant', async () => {
    const w = await paidOut();
    const anon = await confirm({ merchant: DEMO.merchant }, { withdrawId: w.withdrawId, received: true });
    expect(anon.statusCode).toBe(401);
    const anonList = await t.app.inject({
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: { merchant: DEMO.merchant },
    });
    expect(anonList.statusCode).toBe(401);
    const foreign = await confirm(memberHeaders(w.token, 'othrc'), {
      withdrawId: w.withdrawId,
      received: true,
    });
    expect(foreign.statusCode).toBe(401);
    const other = await withdrawer(t.app, db(), merchantId, { bank: false });
    const notMine = await confirm(other.headers, { withdrawId: w.withdrawId, received: true });
    expect(notMine.statusCode).toBe(404);
    const all = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_confirmAllPayments',
      headers: { merchant: DEMO.merchant },
    });
    expect(all.statusCode).toBe(401);
  });
});

describe('auto-receive', () => {
  it('counts payouts unconfirmed after the merchant’s minutes as received and tells the member', async () => {
    const w = await paidOut('200');
    expect(await t.app.scheduler.runNow('withdraw.autoReceive')).toBe(true);
    const early = await t.app.inject({
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: w.headers,
    });
    expect(early.json().value.list).toHaveLength(1);

    clock.advance(31 * 60_000);
    const fresh = await paidOut('100');
    await t.app.scheduler.runNow('withdraw.autoReceive');
    const hist = await t.app.inject({ url: '/wps/report/withdrawTransaction', headers: w.headers });
    expect(hist.json().value.list[0]).toMatchObject({ status: 'RECEIVED', confirmedBy: 'auto' });
    const inbox = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: w.headers });
    expect(inbox.json().value.list[0]).toMatchObject({
      kind: 'withdraw_auto_received',
      data: { withdrawId: w.withdrawId, amount: '200.00' },
    });
    // a payout made just now waits its own 30 minutes
    const waiting = await t.app.inject({
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: fresh.headers,
    });
    expect(waiting.json().value.list).toHaveLength(1);
    // a second run changes nothing and sends nothing again
    await t.app.scheduler.runNow('withdraw.autoReceive');
    const inbox2 = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: w.headers });
    expect(inbox2.json().value.total).toBe(inbox.json().value.total);
    await expectLedgerInvariants(db());
  });
});

describe('disputes', () => {
  async function disputed() {
    const w = await paidOut();
    const res = await confirm(w.headers, {
      withdrawId: w.withdrawId,
      received: false,
      receivedAmount: '100',
      images: [{ data: b64(pngBytes()) }],
    });
    if (res.statusCode !== 200) throw new Error(`dispute: ${res.body}`);
    return w;
  }

  it('refund pays the remaining amount back exactly once, even when two operators race', async () => {
    const w = await disputed();
    expect(await mainBalance(db(), w.id)).toBe(70_000n);
    const viewerTry = await resolve(w.withdrawId, { action: 'refund' }, viewer);
    expect(viewerTry.statusCode).toBe(403);
    const foreign = await resolve(w.withdrawId, { action: 'refund' }, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    const tooMuch = await resolve(w.withdrawId, { action: 'refund', amount: '300.01' });
    expect(tooMuch.json().errorCode).toBe('amount_invalid');
    const results = await Promise.all([
      resolve(w.withdrawId, { action: 'refund' }),
      resolve(w.withdrawId, { action: 'refund' }),
      resolve(w.withdrawId, { action: 'received' }),
    ]);
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json().errorCode).toBe('withdraw_status_invalid');
    }
    const won = winners[0]!.json().value;
    if (won.status === 'REFUNDED') {
      expect(won.refundAmount).toBe('200.00');
      expect(await mainBalance(db(), w.id)).toBe(90_000n);
      expect(await availBalance(t.app, w.headers)).toEqual({ avail: '900.00', balance: '900.00' });
      expect(await entriesWithKey(db(), `withdraw_refund:${w.withdrawId}`)).toBe(1);
      const inbox = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: w.headers });
      expect(inbox.json().value.list[0]).toMatchObject({
        kind: 'withdraw_refunded',
        data: { amount: '200.00' },
      });
    } else {
      expect(won).toMatchObject({ status: 'RECEIVED', confirmedBy: 'operator' });
      expect(await mainBalance(db(), w.id)).toBe(70_000n);
    }
    const again = await resolve(w.withdrawId, { action: 'refund' });
    expect(again.json().errorCode).toBe('withdraw_status_invalid');
    await expectLedgerInvariants(db());
  });

  it('refunds exactly once sequentially too, and an explicit amount', async () => {
    const w = await disputed();
    const res = await resolve(w.withdrawId, { action: 'refund', amount: '50.25', remark: 'partial refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'REFUNDED',
      refundAmount: '50.25',
      remark: 'partial refund',
    });
    expect(await mainBalance(db(), w.id)).toBe(75_025n);
    expect((await resolve(w.withdrawId, { action: 'refund' })).statusCode).toBe(409);
    expect(await entriesWithKey(db(), `withdraw_refund:${w.withdrawId}`)).toBe(1);
    await expectLedgerInvariants(db());
  });

  it('resolving as received closes the dispute without money; only disputes can be resolved', async () => {
    const w = await disputed();
    const res = await resolve(w.withdrawId, { action: 'received', remark: 'bank statement shows it' });
    expect(res.json().value).toMatchObject({ status: 'RECEIVED', confirmedBy: 'operator' });
    expect(await mainBalance(db(), w.id)).toBe(70_000n);
    const p = await paidOut();
    const early = await resolve(p.withdrawId, { action: 'refund' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe('withdraw_status_invalid');
    const anon = await t.app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${w.withdrawId}/resolve`,
      payload: { action: 'received' },
    });
    expect(anon.statusCode).toBe(401);
  });
});
