import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import {
  operatorToken,
  loginToken,
  addVendor,
  fund,
  merchantIdOf,
  newMember,
  TEST_PASSWORD,
} from '../../test/factories.js';

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
function open(query = `?merchant=${DEMO.merchant}`, at = base) {
  const ws = new WebSocket(`${at.replace('http', 'ws')}/wps/ws${query}`);
  const frames: { type: string; [k: string]: unknown }[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d: Buffer) => {
    frames.push(JSON.parse(d.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code: number, reason: Buffer) => r({ code, reason: reason.toString() })),
  );
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
  return {
    ws,
    next,
    closed: closed.then((c) => c.code),
    closedWith: closed,
    ready,
    frames,
    send: (f: unknown) => ws.send(JSON.stringify(f)),
  };
}
type Socket = ReturnType<typeof open>;

/** A socket signed in with `token` (its `ready` received). */
async function signedIn(token: string, at = base) {
  const s = open(`?merchant=${DEMO.merchant}`, at);
  await s.ready;
  s.send({ type: 'auth', token });
  await s.next('ready');
  return s;
}

/** The server closes the socket with 4401 within a second, although the client never pinged. */
async function expectClosedUnasked(s: Socket) {
  const outcome = await Promise.race([
    s.closedWith,
    new Promise<'still open'>((r) => setTimeout(() => r('still open'), 1000)),
  ]);
  expect(outcome).toMatchObject({ code: 4401 });
  return outcome as { code: number; reason: string };
}

/** A wallet change of the member reaches its live socket (on `liveToken`), and nothing reaches `ended`. */
async function expectSilentAfter(ended: Socket, liveToken: string) {
  const live = await signedIn(liveToken);
  const res = await fetch(`${base}/wps/relay/GCS_walletTransfer`, {
    method: 'POST',
    headers: jsonAs(liveToken),
    body: JSON.stringify({ from: 'MAIN', to: 'RTV', amount: '1.00' }),
  });
  expect(res.status).toBe(200);
  await live.next('wallet.changed');
  expect(ended.frames).toEqual([]);
  live.ws.close();
}

async function funded() {
  const m = await newMember(t.database.db, merchantId);
  await fund(t.database.db, merchantId, m.id, 10_000n);
  return m;
}
const asMember = (token: string) => ({ merchant: DEMO.merchant, authorization: token });
const jsonAs = (token: string) => ({ ...asMember(token), 'content-type': 'application/json' });

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

describe('a session that ends closes its sockets at once (4401), no ping needed', () => {
  it('logout', async () => {
    const m = await funded();
    const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
    const s = await signedIn(token);
    const out = await fetch(`${base}/wps/session/logout`, { method: 'DELETE', headers: asMember(token) });
    expect(out.status).toBe(200);
    expect((await expectClosedUnasked(s)).reason).toBe('login.not.session');
    await expectSilentAfter(s, await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD));
  });

  it("password change: the member's other sessions, not the one that changed it", async () => {
    const op = await operatorToken(t.app);
    const setSingleSession = async (on: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/admin/api/security/auth-settings',
        headers: { authorization: op },
        payload: { singleSession: on },
      });
      expect(res.statusCode).toBe(200);
    };
    const m = await funded();
    await setSingleSession(false);
    try {
      const other = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
      const mine = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
      const sOther = await signedIn(other);
      const sMine = await signedIn(mine);
      const res = await fetch(`${base}/wps/member/password`, {
        method: 'POST',
        headers: jsonAs(mine),
        body: JSON.stringify({
          oldPassword: TEST_PASSWORD,
          newPassword: 'Changed#9876',
          confirmNewPassword: 'Changed#9876',
        }),
      });
      expect(res.status).toBe(200);
      await expectClosedUnasked(sOther);
      await expectSilentAfter(sOther, mine);
      // the changing session's own socket still hears its pushes
      await sMine.next('wallet.changed');
      sMine.ws.close();
    } finally {
      await setSingleSession(true);
    }
  });

  it('operator block', async () => {
    const m = await funded();
    const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
    const s = await signedIn(token);
    const op = await operatorToken(t.app);
    const setStatus = (status: 'active' | 'blocked') =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/members/${m.id}/status`,
        headers: { authorization: op },
        payload: { status },
      });
    expect((await setStatus('blocked')).statusCode).toBe(200);
    await expectClosedUnasked(s);
    expect((await setStatus('active')).statusCode).toBe(200);
    await expectSilentAfter(s, await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD));
  });

  it('duplicate login: the older session is told why', async () => {
    const m = await funded();
    const first = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
    const s = await signedIn(first);
    const second = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
    expect((await expectClosedUnasked(s)).reason).toBe('duplicateLogin');
    await expectSilentAfter(s, second);
  });
});

describe('several instances (event bus bridged over Redis)', () => {
  it('a logout through instance A closes the socket held on instance B', async () => {
    const env = {
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      // a channel of this run's own: parallel test files and runs do not hear each other
      EVENT_CHANNEL: `bp-test:${randomBytes(6).toString('hex')}`,
    };
    // two instances on one database (this file's), each with its own bus
    const a = await createTestApp({ env, sharing: t });
    const b = await createTestApp({ env, sharing: t });
    try {
      const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const m = await newMember(t.database.db, merchantId);
      const token = await loginToken(a.app, t.database.db, m.username, TEST_PASSWORD);
      const s = await signedIn(token, baseB);
      const out = await a.app.inject({
        method: 'DELETE',
        url: '/wps/session/logout',
        headers: asMember(token),
      });
      expect(out.statusCode).toBe(200);
      await expectClosedUnasked(s);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('a socket whose merchant cannot be looked up', () => {
  it('is refused like a bad token, with no unhandled rejection, when the database is away', async () => {
    const lone = await createTestApp();
    const at = await lone.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // the database goes away under a running app: the look-up made as the socket opens fails
      await lone.database.close();
      const s = open('?merchant=nosuchmerchant', at);
      await s.ready;
      s.send({ type: 'auth', token: 'whatever' });
      expect(await s.closed).toBe(4401);
    } finally {
      await lone.app.close();
    }
  });
});
