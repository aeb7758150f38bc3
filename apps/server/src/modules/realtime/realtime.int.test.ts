import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { loginToken } from '../session/session.test-support.js';
import { addVendor, fund, merchantIdOf, newMember, TEST_PASSWORD } from '../ledger/ledger.test-support.js';

let t: TestApp;
let base: string;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  await addVendor(t.database.db, merchantId, 'RTV', { walletMode: 'transfer' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A socket that collects frames; `next(type)` waits for the next frame of that type. */
function open(query = `?merchant=${DEMO.merchant}`) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/wps/ws${query}`);
  const frames: { type: string; [k: string]: unknown }[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d: Buffer) => {
    frames.push(JSON.parse(d.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<number>((r) => ws.on('close', (code: number) => r(code)));
  const next = async (type: string, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = frames.findIndex((f) => f.type === type);
      if (i >= 0) return frames.splice(i, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
  };
  const ready = new Promise<void>((r) => ws.on('open', () => r()));
  return { ws, next, closed, ready, send: (f: unknown) => ws.send(JSON.stringify(f)) };
}

describe('/wps/ws real-time channel', () => {
  it('pushes a balance change to the member who made it, not to others', async () => {
    const a = await newMember(t.database.db, merchantId);
    const b = await newMember(t.database.db, merchantId);
    await fund(t.database.db, merchantId, a.id, 5_000n);
    const tokenA = await loginToken(t.app, t.database.db, a.username, TEST_PASSWORD);
    const tokenB = await loginToken(t.app, t.database.db, b.username, TEST_PASSWORD);
    const sa = open();
    const sb = open();
    await Promise.all([sa.ready, sb.ready]);
    sa.send({ type: 'auth', token: tokenA });
    sb.send({ type: 'auth', token: tokenB });
    await sa.next('ready');
    await sb.next('ready');

    const res = await fetch(`${base}/wps/relay/GCS_walletTransfer`, {
      method: 'POST',
      headers: { merchant: DEMO.merchant, authorization: tokenA, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'MAIN', to: 'RTV', amount: '5.00' }),
    });
    expect(res.status).toBe(200);
    await sa.next('wallet.changed');
    sb.send({ type: 'ping' });
    await sb.next('pong');
    await expect(sb.next('wallet.changed', 300)).rejects.toThrow(/no wallet.changed/);
    sa.ws.close();
    sb.ws.close();
  });

  it('closes with 4401 for a bad token and after logout', async () => {
    const bad = open();
    await bad.ready;
    bad.send({ type: 'auth', token: 'not-a-session-token' });
    expect(await bad.closed).toBe(4401);

    const m = await newMember(t.database.db, merchantId);
    const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
    const s = open();
    await s.ready;
    s.send({ type: 'auth', token });
    await s.next('ready');
    const out = await fetch(`${base}/wps/session/logout`, {
      method: 'DELETE',
      headers: { merchant: DEMO.merchant, authorization: token },
    });
    expect(out.status).toBe(200);
    s.send({ type: 'ping' });
    expect(await s.closed).toBe(4401);
  });

  it('closes on a malformed frame', async () => {
    const s = open();
    await s.ready;
    s.ws.send('{nope');
    expect(await s.closed).toBe(1003);
  });
});
