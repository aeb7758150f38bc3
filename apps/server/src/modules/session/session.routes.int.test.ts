import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { offsetClock } from '../admin/admin.test-support.js';
import { loginRequest, loginToken } from './session.test-support.js';

const clock = offsetClock();
let t: TestApp;
const auth = (token: string) => ({ authorization: token, merchant: DEMO.merchant });

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t?.close();
});

describe('login', () => {
  it('logs the demo member in with a solved slider and returns the session value', async () => {
    const res = await loginRequest(t.app, t.database.db, 'demo01', 'Demo@1234');
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      id: expect.any(Number),
      userName: 'demo01',
      customerType: 0,
      firstTimeLogin: true,
      passwordExpired: false,
      mustChangePassword: false,
    });
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.app.inject({ url: '/wps/member/info', headers: auth(v.token) });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().value).toMatchObject({
      id: v.id,
      account: 'demo01',
      type: 0,
      clubLabel: { labelName: 'VIP0' },
      mobile: '0133671****',
    });
  });

  it('answers 401 login.not.session to anonymous member calls', async () => {
    const res = await t.app.inject({ url: '/wps/member/info', headers: { merchant: DEMO.merchant } });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('login.not.session');
  });

  it('refuses the old token after a new login with duplicateLogin', async () => {
    const a = await loginToken(t.app, t.database.db, 'demo01', 'Demo@1234');
    const b = await loginToken(t.app, t.database.db, 'demo01', 'Demo@1234');
    const old = await t.app.inject({ url: '/wps/member/info', headers: auth(a) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ errorCode: 'login.not.session', value: { reason: 'duplicateLogin' } });
    expect((await t.app.inject({ url: '/wps/member/info', headers: auth(b) })).statusCode).toBe(200);
  });
});
