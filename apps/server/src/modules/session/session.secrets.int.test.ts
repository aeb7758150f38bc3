import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPayload } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { solveSlider } from '../../test/factories.js';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    deps: { logStream: { write: (line: string) => void lines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('secrets stay secret', () => {
  it('never puts a password, slider token, wrapped key or session token in a log line or a later response', async () => {
    const H = { merchant: DEMO.merchant, 'user-agent': 'ScanBrowser/1.0' };
    const password = 'Demo@1234';
    const bodies: string[] = [];
    const call = async (opts: InjectOptions) => {
      const res = await t.app.inject(opts);
      bodies.push(res.body);
      return res;
    };

    // a failed login, a plain login, an encrypted login, member calls, logout, a call with the dead token
    const slider1 = await solveSlider(t.app, t.database.db);
    await call({
      method: 'POST',
      url: '/wps/session/login',
      headers: H,
      payload: { username: 'demo01', password: 'Wrong#Pass99', sliderToken: slider1 },
    });
    const slider2 = await solveSlider(t.app, t.database.db);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: H,
      payload: { username: 'demo01', password, sliderToken: slider2 },
    });
    expect(plain.statusCode).toBe(200);
    const key = await call({ url: '/wps/session/key/rsa', headers: H });
    const slider3 = await solveSlider(t.app, t.database.db);
    const sealed = await encryptPayload(key.body, { username: 'demo01', password, sliderToken: slider3 });
    const enc = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { ...H, encryption: sealed.encryption, cookie: 'SHELL_deviceId=dev-1' },
      payload: sealed.body,
    });
    expect(enc.statusCode).toBe(200);
    const token = enc.json().value.token as string;
    const oldToken = plain.json().value.token as string;
    const A = { ...H, authorization: token };
    await call({ url: '/wps/member/info', headers: A });
    await call({ url: '/wps/member/login-history', headers: A });
    await call({ url: '/wps/member/info', headers: { ...H, authorization: oldToken } });
    await call({ method: 'DELETE', url: '/wps/session/logout', headers: A });
    await call({ url: '/wps/member/info', headers: A });
    await call({ method: 'POST', url: '/wps/session/login/freeplay', headers: H });
    const events = await t.app.inject({
      url: '/admin/api/auth-events?pageSize=100',
      headers: {
        authorization: (
          await t.app.inject({
            method: 'POST',
            url: '/admin/api/session/login',
            payload: { merchantCode: DEMO.merchant, username: 'admin', password: 'Admin@12345' },
          })
        ).json().value.token,
      },
    });
    bodies.push(events.body);
    expect(events.json().value.totalCount).toBeGreaterThan(3);

    expect(lines.length).toBeGreaterThan(10);
    const secrets = [password, 'Wrong#Pass99', token, oldToken, slider1, slider2, slider3, sealed.encryption];
    for (const s of secrets) {
      for (const line of lines) expect(line.includes(s), `log line leaks a secret: ${line}`).toBe(false);
      for (const body of bodies) expect(body.includes(s), `response leaks a secret: ${body}`).toBe(false);
    }
    // the request log does record who called (authorization and encryption redacted)
    expect(lines.some((l) => l.includes('"url":"/wps/session/login"'))).toBe(true);
  });
});
