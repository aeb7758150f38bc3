// Shared by the gateway's tests: a real merchant-side HTTP receiver and signed client calls.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestGateway, type TestGateway, type TestGatewayOptions } from './gateway.js';
import { sign } from './signature.js';

export const MCH = 'm1001';
export const SECRET = 'test-secret-1001';

export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  json: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A merchant notify endpoint; `answer(n)` decides the reply to the n-th call (1-based). */
export async function startReceiver(
  answer: (n: number) => { status: number; body: string } = () => ({ status: 200, body: 'success' }),
): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ headers: req.headers, raw, json: JSON.parse(raw.toString('utf8')) });
      const { status, body } = answer(received.length);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startGateway(
  extra: Partial<TestGatewayOptions> = {},
): Promise<{ gw: TestGateway; url: string }> {
  const gw = createTestGateway({ merchants: { [MCH]: SECRET }, retryBaseMs: 20, ...extra });
  const { url } = await gw.listen(0);
  return { gw, url };
}

export function orderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mchId: MCH,
    orderNo: `D${Math.random().toString(36).slice(2, 12)}`,
    amount: '100.00',
    currency: 'BDT',
    notifyUrl: 'http://127.0.0.1:1/notify',
    returnUrl: 'http://127.0.0.1:1/return?from=gw',
    subject: 'Deposit',
    ...overrides,
  };
}

/** POSTs a JSON body signed with `secret` (override the signature to test rejection). */
export async function postSigned(
  url: string,
  body: unknown,
  opts: { secret?: string; signature?: string } = {},
): Promise<{ status: number; json: any }> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature': opts.signature ?? sign(opts.secret ?? SECRET, raw),
    },
    body: raw,
  });
  return { status: res.status, json: await res.json() };
}

export async function createOrder(gatewayUrl: string, overrides: Record<string, unknown> = {}) {
  const body = orderBody(overrides);
  const res = await postSigned(`${gatewayUrl}/api/pay/orders`, body);
  if (res.json.code !== 0) throw new Error(`create order failed: ${JSON.stringify(res.json)}`);
  return { body, data: res.json.data as { payOrderId: string; payUrl: string; status: string } };
}

export function confirm(payUrl: string, action: string): Promise<Response> {
  return fetch(`${payUrl}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
}

export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The gateway's JSON answer, loosely typed for assertions. */
export const jsonOf = (res: Response): Promise<any> => res.json();
