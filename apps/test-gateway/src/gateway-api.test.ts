import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from './gateway.js';
import { sign } from './signature.js';
import { MCH, SECRET, createOrder, jsonOf, orderBody, postSigned, startGateway } from './test-support.js';

let gw: TestGateway;
let url: string;

beforeAll(async () => {
  ({ gw, url } = await startGateway());
});
afterAll(() => gw.close());

function statusQuery(mchId: string, orderNo: string, signature = sign(SECRET, `${mchId}|${orderNo}`)) {
  return fetch(`${url}/api/pay/orders/${encodeURIComponent(orderNo)}?mchId=${encodeURIComponent(mchId)}`, {
    headers: { 'x-signature': signature },
  });
}

describe('POST /api/pay/orders', () => {
  it('creates a PENDING order with a pay URL on the gateway', async () => {
    const body = orderBody({ amount: '250.5' });
    const res = await postSigned(`${url}/api/pay/orders`, body);
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(0);
    const { payOrderId, payUrl, status } = res.json.data;
    expect(status).toBe('PENDING');
    expect(payUrl).toBe(`${url}/pay/${payOrderId}`);
    const order = gw.orders().find((o) => o.payOrderId === payOrderId);
    expect(order).toMatchObject({ mchId: MCH, orderNo: body.orderNo, amount: '250.50', amountMinor: 25050 });
  });

  it('rejects a wrong or missing signature with 1001', async () => {
    const body = orderBody();
    const wrongKey = await postSigned(`${url}/api/pay/orders`, body, { secret: 'not-the-secret' });
    expect(wrongKey).toEqual({ status: 401, json: { code: 1001, msg: 'bad signature' } });
    const upper = await postSigned(`${url}/api/pay/orders`, body, {
      signature: sign(SECRET, JSON.stringify(body)).toUpperCase(),
    });
    expect(upper.json.code).toBe(1001);
    // the signature covers the raw bytes: the same object serialised differently does not verify
    const respaced = JSON.stringify(body, null, 2);
    const moved = await postSigned(`${url}/api/pay/orders`, respaced, {
      signature: sign(SECRET, JSON.stringify(body)),
    });
    expect(moved.json.code).toBe(1001);
    const noHeader = await fetch(`${url}/api/pay/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(noHeader.status).toBe(401);
    expect(gw.orders().some((o) => o.orderNo === body.orderNo)).toBe(false);
  });

  it('rejects an unknown merchant with 1002', async () => {
    const res = await postSigned(`${url}/api/pay/orders`, orderBody({ mchId: 'nobody' }));
    expect(res).toEqual({ status: 401, json: { code: 1002, msg: 'unknown mchId' } });
    const proto = await postSigned(`${url}/api/pay/orders`, orderBody({ mchId: 'toString' }));
    expect(proto.json.code).toBe(1002);
  });

  it('lists every invalid parameter with 1003', async () => {
    const res = await postSigned(
      `${url}/api/pay/orders`,
      orderBody({ amount: 100, currency: 'bdt', notifyUrl: 'ftp://x', returnUrl: 'nope', orderNo: '' }),
    );
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1003);
    expect(res.json.fields).toEqual(['orderNo', 'amount', 'currency', 'notifyUrl', 'returnUrl']);
    expect(res.json.msg).toBe('invalid params: orderNo, amount, currency, notifyUrl, returnUrl');
    for (const amount of ['0.00', '1.001', '-5', '1e2']) {
      const r = await postSigned(`${url}/api/pay/orders`, orderBody({ amount }));
      expect(r.json, amount).toMatchObject({ code: 1003, fields: ['amount'] });
    }
    const notJson = await postSigned(`${url}/api/pay/orders`, 'not json');
    expect(notJson).toMatchObject({ status: 400, json: { code: 1003 } });
  });

  it('answers a repeated orderNo with the same amount with the same order, a different amount with 1004', async () => {
    const body = orderBody({ amount: '100' });
    const first = await postSigned(`${url}/api/pay/orders`, body);
    const again = await postSigned(`${url}/api/pay/orders`, { ...body, amount: '100.00' });
    expect(again.json).toEqual(first.json);
    expect(gw.orders().filter((o) => o.orderNo === body.orderNo)).toHaveLength(1);
    const other = await postSigned(`${url}/api/pay/orders`, { ...body, amount: '100.01' });
    expect(other.status).toBe(400);
    expect(other.json.code).toBe(1004);
  });

  it('takes merchants from an async lookup and uses publicUrl for the pay URL', async () => {
    const g = createTestGateway({
      merchants: async (id) => (id === 'async1' ? 'async-secret' : undefined),
      publicUrl: 'https://pay.example.test/',
    });
    try {
      const { url: u } = await g.listen(0);
      const body = orderBody({ mchId: 'async1' });
      const ok = await postSigned(`${u}/api/pay/orders`, body, { secret: 'async-secret' });
      expect(ok.json.data.payUrl).toBe(`https://pay.example.test/pay/${ok.json.data.payOrderId}`);
      const unknown = await postSigned(`${u}/api/pay/orders`, orderBody(), { secret: SECRET });
      expect(unknown.json.code).toBe(1002);
    } finally {
      await g.close();
    }
  });
});

describe('GET /api/pay/orders/:orderNo', () => {
  it('answers the order status to a signed query', async () => {
    const { body, data } = await createOrder(url, { amount: '42.10' });
    const res = await statusQuery(MCH, body.orderNo as string);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: 0,
      data: {
        orderNo: body.orderNo,
        payOrderId: data.payOrderId,
        amount: '42.10',
        currency: 'BDT',
        status: 'PENDING',
        notifyAttempts: 0,
      },
    });
  });

  it('rejects a bad signature, an unknown merchant and answers 404 for an unknown order', async () => {
    const { body } = await createOrder(url);
    const orderNo = body.orderNo as string;
    const bad = await statusQuery(MCH, orderNo, sign('wrong', `${MCH}|${orderNo}`));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ code: 1001, msg: 'bad signature' });
    const otherOrder = await statusQuery(MCH, orderNo, sign(SECRET, `${MCH}|other`));
    expect((await jsonOf(otherOrder)).code).toBe(1001);
    const unknownMch = await statusQuery('nobody', orderNo);
    expect((await jsonOf(unknownMch)).code).toBe(1002);
    const missing = await statusQuery(MCH, 'NO_SUCH_ORDER');
    expect(missing.status).toBe(404);
    expect((await jsonOf(missing)).code).toBe(1005);
  });
});

describe('service', () => {
  it('answers /healthz', async () => {
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
  });

  it('refuses to renotify a PENDING order and an unsigned call', async () => {
    const { data } = await createOrder(url);
    const unsigned = await postSigned(`${url}/api/pay/orders/${data.payOrderId}/renotify`, '{}', {
      secret: 'wrong',
    });
    expect(unsigned.json.code).toBe(1001);
    const pending = await postSigned(`${url}/api/pay/orders/${data.payOrderId}/renotify`, '{}');
    expect(pending).toMatchObject({ status: 400, json: { code: 1006 } });
    const unknown = await postSigned(`${url}/api/pay/orders/TPNOPE/renotify`, '{}');
    expect(unknown).toMatchObject({ status: 404, json: { code: 1005 } });
  });
});
