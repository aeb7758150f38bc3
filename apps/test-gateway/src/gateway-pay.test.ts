import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from './gateway.js';
import { sign, verifySignature } from './signature.js';
import {
  MCH,
  SECRET,
  confirm,
  createOrder,
  jsonOf,
  postSigned,
  startGateway,
  startReceiver,
  waitFor,
  type Receiver,
} from './test-support.js';

let gw: TestGateway;
let url: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  ({ gw, url } = await startGateway({ notifyRetries: 4 }));
});
afterAll(() => gw.close());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

const orderOf = (payOrderId: string) => gw.orders().find((o) => o.payOrderId === payOrderId)!;

describe('payment page', () => {
  it('shows the gateway, merchant, order and amount with a Pay and a Decline button', async () => {
    const { body, data } = await createOrder(url, { amount: '1234.50', subject: 'Deposit <script>' });
    const res = await fetch(data.payUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Test Pay');
    expect(html).toContain('name="viewport"');
    expect(html).toContain(MCH);
    expect(html).toContain(body.orderNo as string);
    expect(html).toContain('data-amount="1234.50"');
    expect(html).toContain('1,234.50<small>BDT</small>');
    expect(html).toContain('Deposit &lt;script&gt;');
    expect(html).toMatch(/<button[^>]*value="pay"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*value="decline"[^>]*>Decline<\/button>/);
    expect(html).toContain(`action="/pay/${data.payOrderId}/confirm"`);
    // self-contained: nothing loaded from elsewhere
    expect(html).not.toMatch(/<(link|script|img)\b/);
  });

  it('answers 404 for an unknown payment id', async () => {
    const res = await fetch(`${url}/pay/TPUNKNOWN`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Order not found');
  });
});

describe('confirm and notify', () => {
  it('pay: redirects to returnUrl and sends a correctly signed SUCCESS notification with the exact amount', async () => {
    const merchant = await receiver();
    const { body, data } = await createOrder(url, { amount: '100.00', notifyUrl: merchant.url });
    const res = await confirm(data.payUrl, 'pay');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:1/return');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      from: 'gw',
      orderNo: body.orderNo,
      status: 'SUCCESS',
    });

    await waitFor(() => merchant.received.length === 1);
    const [note] = merchant.received;
    expect(note!.headers['content-type']).toBe('application/json');
    expect(note!.headers['x-signature']).toBe(sign(SECRET, note!.raw));
    expect(verifySignature(SECRET, note!.raw, note!.headers['x-signature'])).toBe(true);
    expect(note!.json).toEqual({
      mchId: MCH,
      orderNo: body.orderNo,
      payOrderId: data.payOrderId,
      amount: '100.00',
      currency: 'BDT',
      status: 'SUCCESS',
      paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    await waitFor(() => orderOf(data.payOrderId).notify.delivered);
    expect(orderOf(data.payOrderId).notify).toMatchObject({ attempts: 1, lastResult: 'success' });

    const page = await (await fetch(data.payUrl)).text();
    expect(page).toContain('Payment successful');
    expect(page).toContain('Return to merchant');
    expect(page).not.toContain('value="pay"');
  });

  it('retries with backoff until the merchant answers success: 500, 500, then success is 3 attempts', async () => {
    const merchant = await receiver((n) =>
      n <= 2 ? { status: 500, body: 'error' } : { status: 200, body: 'success' },
    );
    const { data } = await createOrder(url, { amount: '0.01', notifyUrl: merchant.url });
    await confirm(data.payUrl, 'pay');
    await waitFor(() => orderOf(data.payOrderId).notify.delivered);
    const order = orderOf(data.payOrderId);
    expect(merchant.received).toHaveLength(3);
    expect(order.notify.attempts).toBe(3);
    expect(order.notify.lastResult).toBe('success');
    expect(order.notify.log.map((a) => a.ok)).toEqual([false, false, true]);
    expect(order.notify.log[0]!.result).toBe('HTTP 500: "error"');
    // every retry carries the same bytes and signature
    expect(new Set(merchant.received.map((r) => r.raw.toString()))).toHaveProperty('size', 1);
    expect(merchant.received.every((r) => r.json.amount === '0.01')).toBe(true);
  });

  it('gives up after notifyRetries attempts, and counts 200 with another body as a failure', async () => {
    const merchant = await receiver(() => ({ status: 200, body: 'OK' }));
    const { data } = await createOrder(url, { notifyUrl: merchant.url });
    await confirm(data.payUrl, 'pay');
    await waitFor(() => orderOf(data.payOrderId).notify.attempts === 4);
    await new Promise((r) => setTimeout(r, 300));
    expect(merchant.received).toHaveLength(4);
    expect(orderOf(data.payOrderId).notify).toMatchObject({ delivered: false, lastResult: 'HTTP 200: "OK"' });
  });

  it('records a network error and a timeout as failed attempts', async () => {
    const g = await startGateway({ notifyRetries: 1, notifyTimeoutMs: 200 });
    // a port nobody listens on any more, and a server that accepts but never answers
    const gone = await startReceiver();
    await gone.close();
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/notify`;
    try {
      const dead = await createOrder(g.url, { notifyUrl: gone.url });
      const stuck = await createOrder(g.url, { notifyUrl: silentUrl });
      await confirm(dead.data.payUrl, 'pay');
      await confirm(stuck.data.payUrl, 'pay');
      const find = (id: string) => g.gw.orders().find((o) => o.payOrderId === id)!;
      await waitFor(() => find(dead.data.payOrderId).notify.attempts === 1);
      await waitFor(() => find(stuck.data.payOrderId).notify.attempts === 1);
      expect(find(dead.data.payOrderId).notify.lastResult).toMatch(/^network error: /);
      expect(find(stuck.data.payOrderId).notify.lastResult).toBe('timeout');
    } finally {
      await g.gw.close();
      silent.close();
    }
  });

  it('decline: sends a FAILED notification and redirects with status FAILED', async () => {
    const merchant = await receiver();
    const { data } = await createOrder(url, { amount: '75.25', notifyUrl: merchant.url });
    const res = await confirm(data.payUrl, 'decline');
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('status')).toBe('FAILED');
    await waitFor(() => merchant.received.length === 1);
    expect(merchant.received[0]!.json).toMatchObject({ status: 'FAILED', amount: '75.25' });
    expect(orderOf(data.payOrderId).status).toBe('FAILED');
  });

  it('ignores a second confirm: the first outcome stands and is notified once', async () => {
    const merchant = await receiver();
    const { data } = await createOrder(url, { notifyUrl: merchant.url });
    await confirm(data.payUrl, 'decline');
    const second = await confirm(data.payUrl, 'pay');
    expect(second.status).toBe(303);
    expect(new URL(second.headers.get('location')!).searchParams.get('status')).toBe('FAILED');
    await waitFor(() => merchant.received.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(merchant.received).toHaveLength(1);
    expect(orderOf(data.payOrderId).status).toBe('FAILED');
  });

  it('rejects an unknown action without changing the order', async () => {
    const { data } = await createOrder(url);
    const res = await confirm(data.payUrl, 'refund');
    expect(res.status).toBe(400);
    expect(orderOf(data.payOrderId).status).toBe('PENDING');
  });

  it('status query and renotify reflect the attempts', async () => {
    const merchant = await receiver();
    const { body, data } = await createOrder(url, { amount: '9.99', notifyUrl: merchant.url });
    await confirm(data.payUrl, 'pay');
    await waitFor(() => orderOf(data.payOrderId).notify.delivered);

    const renotify = await postSigned(`${url}/api/pay/orders/${data.payOrderId}/renotify`, '{}');
    expect(renotify.json).toMatchObject({ code: 0, data: { notifyAttempts: 2, delivered: true } });
    const empty = await fetch(`${url}/api/pay/orders/${data.payOrderId}/renotify`, {
      method: 'POST',
      headers: { 'x-signature': sign(SECRET, '') },
    });
    expect((await jsonOf(empty)).code).toBe(0);
    expect(merchant.received).toHaveLength(3);
    expect(merchant.received[2]!.raw).toEqual(merchant.received[0]!.raw);

    const orderNo = body.orderNo as string;
    const status = await fetch(`${url}/api/pay/orders/${orderNo}?mchId=${MCH}`, {
      headers: { 'x-signature': sign(SECRET, `${MCH}|${orderNo}`) },
    });
    expect((await jsonOf(status)).data).toMatchObject({
      status: 'SUCCESS',
      amount: '9.99',
      notifyAttempts: 3,
    });
  });
});
