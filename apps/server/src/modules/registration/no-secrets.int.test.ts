import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, expectNoSecret } from '../../test/harness.js';
import { createOperator, operatorLogin, solveSlider, createMerchant } from '../../test/factories.js';
import { testClock } from '../../test/clock.js';

// pino writes through sonic-boom with fs.write/fs.writeSync on fd 1; keep those writes (unprinted) to search them
const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
const written: string[] = [];
const isStd = (fd: unknown) => fd === 1 || fd === 2;
const bytes = (data: unknown) =>
  typeof data === 'string' ? Buffer.byteLength(data) : (data as Buffer).length;

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  const { writeSync, write } = fs;
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (!isStd(fd)) return (writeSync as (...a: unknown[]) => number)(fd, data, ...rest);
    written.push(String(data));
    return bytes(data);
  }) as typeof fs.writeSync);
  vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (!isStd(fd)) return (write as (...a: unknown[]) => void)(fd, data, ...rest);
    written.push(String(data));
    const cb = rest.find((r) => typeof r === 'function') as ((e: null, n: number) => void) | undefined;
    process.nextTick(() => cb?.(null, bytes(data)));
  }) as typeof fs.write);
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, deps: { clock } });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

describe('logs and responses carry no password, code or token', () => {
  it('through SMS code, mobile registration with login, SMS login and a failed registration', async () => {
    const m = await createMerchant(t.database.db);
    await createOperator(t.database.db, m.id, 'ops', 'admin');
    const op = await operatorLogin(t.app, m.code, 'ops');
    const headers = { merchant: m.code };
    const phone = '1799887766';
    const bodies: string[] = [];
    const send = async (method: 'POST' | 'PUT', url: string, payload: object, ip: string) => {
      const res = await t.app.inject({ method, url, payload, headers, remoteAddress: ip });
      bodies.push(res.body);
      return res;
    };
    await send('POST', '/wps/verification/sms/register', { mobileNo: phone }, '10.5.0.1');
    const box = await t.app.inject({
      url: `/admin/api/sms-outbox?mobile=${phone}`,
      headers: { authorization: op },
    });
    const code = /\b([0-9]{6})\b/.exec(box.json().value.list[0].text)![1]!;
    const password = 'Pq7#secretZ';
    const sliderToken = await solveSlider(t.app, t.database.db, m.code);
    const reg = await send(
      'PUT',
      '/wps/member/register/mobile',
      {
        mobileNum: phone,
        verificationCode: code,
        password,
        confirmPassword: password,
        termsAccepted: true,
        ageConfirmed: true,
        sliderToken,
        login: true,
      },
      '10.5.0.2',
    );
    expect(reg.statusCode, reg.body).toBe(200);
    const token = reg.json().value.token as string;
    await send(
      'PUT',
      '/wps/member/register',
      { username: 'x', password: 'Wrong#pass1', confirmPassword: 'Wrong#pass2' },
      '10.5.0.3',
    );
    clock.advance(2000);
    const sent = await send('POST', '/wps/verification/sms/noLogin', { mobileNum: phone }, '10.5.0.4');
    expect(sent.statusCode, sent.body).toBe(200);
    const box2 = await t.app.inject({
      url: `/admin/api/sms-outbox?mobile=${phone}`,
      headers: { authorization: op },
    });
    const loginCode = /\b([0-9]{6})\b/.exec(box2.json().value.list[0].text)![1]!;
    const login = await send(
      'POST',
      '/wps/session/login',
      { username: phone, password: loginCode, type: 'sms' },
      '10.5.0.5',
    );
    expect(login.statusCode, login.body).toBe(200);

    const logs = written.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('/wps/member/register/mobile');
    for (const secret of [
      code,
      loginCode,
      password,
      'Wrong#pass1',
      sliderToken,
      token,
      login.json().value.token,
    ]) {
      expectNoSecret(logs, secret);
    }
    for (const b of bodies) {
      for (const secret of [code, loginCode, password, 'Wrong#pass1']) expectNoSecret(b, secret);
    }
  });
});
