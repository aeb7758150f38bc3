import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { operatorSession } from '../../db/schema/index.js';
import { LOCK_MS, SESSION_IDLE_MS } from './operator.rules.js';
import {
  createMerchant,
  createOperator,
  merchantIdOf,
  operatorLogin as login,
} from '../../test/factories.js';
import { testClock } from '../../test/clock.js';

const clock = testClock();
let t: TestApp;
let demoId: number;
const auth = (token: string) => ({ authorization: token });

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  demoId = await merchantIdOf(t.database.db, DEMO.merchant);
  const otherId = (await createMerchant(t.database.db, { code: 'otherbrand', modules: false })).id;
  await Promise.all([
    createOperator(t.database.db, demoId, 'viewer1', 'viewer'),
    createOperator(t.database.db, demoId, 'locky', 'admin'),
    createOperator(t.database.db, demoId, 'retired', 'admin', 'Secret#12345', false),
    createOperator(t.database.db, otherId, 'otherowner', 'owner'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('operator login', () => {
  it('logs the seeded demo operator in and returns a token once, stored only as a hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session/login',
      payload: { merchantCode: DEMO.merchant, username: 'admin', password: 'Admin@12345' },
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.operator).toEqual({
      id: expect.any(Number),
      username: 'admin',
      role: 'owner',
      merchantCode: DEMO.merchant,
    });
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(v.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const rows = await t.database.db.select().from(operatorSession);
    expect(rows.some((r) => r.tokenHash === v.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);

    const me = await t.app.inject({ url: '/admin/api/session/me', headers: auth(v.token) });
    expect(me.json()).toEqual({ success: true, value: v.operator });
    const bearer = await t.app.inject({
      url: '/admin/api/session/me',
      headers: { authorization: `Bearer ${v.token}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('matches the username without regard to case', async () => {
    await expect(login(t.app, DEMO.merchant, 'ADMIN', 'Admin@12345')).resolves.toBeTruthy();
  });

  it('refuses a wrong password, an unknown user, an unknown merchant and an inactive account alike', async () => {
    for (const payload of [
      { merchantCode: DEMO.merchant, username: 'admin', password: 'wrong-password' },
      { merchantCode: DEMO.merchant, username: 'nobody', password: 'Admin@12345' },
      { merchantCode: 'nosuchbrand', username: 'admin', password: 'Admin@12345' },
      { merchantCode: DEMO.merchant, username: 'retired', password: 'Secret#12345' },
      // an operator of another merchant cannot log in to this one
      { merchantCode: DEMO.merchant, username: 'otherowner', password: 'Secret#12345' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/admin/api/session/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'operator.login.failed' });
    }
  });

  it('validates the request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session/login',
      payload: { merchantCode: DEMO.merchant, username: 'admin' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('request_param_err');
  });

  it('locks an account for five minutes after five failures, even against the right password', async () => {
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/session/login',
        payload: { merchantCode: DEMO.merchant, username: 'locky', password },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 4; i++) expect((await attempt('bad')).statusCode).toBe(401);
    const fifth = await attempt('bad');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errorCode).toBe('TOO_MANY_REQUESTS');
    expect((await attempt('Secret#12345')).statusCode).toBe(429);

    clock.advance(LOCK_MS + 1000);
    const after = await attempt('Secret#12345');
    expect(after.statusCode).toBe(200);
    // success clears the count: four more failures do not lock again
    for (let i = 0; i < 4; i++) expect((await attempt('bad')).statusCode).toBe(401);
    expect((await attempt('Secret#12345')).statusCode).toBe(200);
  });
});

describe('operator sessions', () => {
  it('rejects anonymous and unknown tokens with login.not.session', async () => {
    for (const headers of [{}, auth('not-a-real-token')]) {
      const res = await t.app.inject({ url: '/admin/api/session/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'login.not.session' });
    }
    const out = await t.app.inject({ method: 'DELETE', url: '/admin/api/session/logout' });
    expect(out.statusCode).toBe(401);
  });

  it('refuses a member-style call without a token even when a Merchant header is sent', async () => {
    const res = await t.app.inject({ url: '/admin/api/session/me', headers: { merchant: DEMO.merchant } });
    expect(res.statusCode).toBe(401);
  });

  it('revokes the token on logout, and only that token', async () => {
    const a = await login(t.app, DEMO.merchant, 'viewer1');
    const b = await login(t.app, DEMO.merchant, 'viewer1');
    const out = await t.app.inject({ method: 'DELETE', url: '/admin/api/session/logout', headers: auth(a) });
    expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
    const me = await t.app.inject({ url: '/admin/api/session/me', headers: auth(a) });
    expect(me.statusCode).toBe(401);
    expect(me.json().errorCode).toBe('login.not.session');
    expect((await t.app.inject({ url: '/admin/api/session/me', headers: auth(b) })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/admin/api/session/logout',
      headers: auth(a),
    });
    expect(again.statusCode).toBe(401);
  });

  it('expires a session left idle, and slides the expiry while it is used', async () => {
    const idle = await login(t.app, DEMO.merchant, 'viewer1');
    const used = await login(t.app, DEMO.merchant, 'viewer1');
    clock.advance(SESSION_IDLE_MS - 60 * 60_000);
    expect((await t.app.inject({ url: '/admin/api/session/me', headers: auth(used) })).statusCode).toBe(200);
    clock.advance(2 * 60 * 60_000);
    const expired = await t.app.inject({ url: '/admin/api/session/me', headers: auth(idle) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errorCode).toBe('login.not.session');
    expect((await t.app.inject({ url: '/admin/api/session/me', headers: auth(used) })).statusCode).toBe(200);
  });

  it('stops honouring sessions of an operator who is deactivated', async () => {
    const op = await createOperator(t.database.db, demoId, 'shortlived', 'admin');
    const token = await login(t.app, DEMO.merchant, 'shortlived');
    const { operator } = await import('../../db/schema/index.js');
    await t.database.db.update(operator).set({ active: false }).where(eq(operator.id, op.id));
    expect((await t.app.inject({ url: '/admin/api/session/me', headers: auth(token) })).statusCode).toBe(401);
  });
});
