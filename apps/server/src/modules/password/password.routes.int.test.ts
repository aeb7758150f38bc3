import { and, eq } from 'drizzle-orm';
import { encryptPayload } from '@bp/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO, type TestApp, expectNoSecret } from '../../test/harness.js';
import { authEvent, passwordReset, smsCode } from '../../db/schema/index.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import {
  createTestMember,
  setModule,
  merchantIdOf,
  operatorLogin,
  loginRequest,
  loginToken,
} from '../../test/factories.js';
import { captureProcessOutput } from '../../test/process-output.js';

let t: TestApp;
let smtp: TestSmtp;
let demoId: number;
let op: string;
let log: ReturnType<typeof captureProcessOutput>;
const H = { merchant: DEMO.merchant };
const secrets: string[] = [];

beforeAll(async () => {
  log = captureProcessOutput();
  smtp = await startTestSmtp();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://play.demo.test', LOG_LEVEL: 'trace' },
  });
  demoId = await merchantIdOf(t.database.db, DEMO.merchant);
  op = await operatorLogin(t.app, DEMO.merchant, 'admin', 'Admin@12345');
});
afterAll(async () => {
  log?.restore();
  await t?.close();
  await smtp?.close();
});

const member = (input: Parameters<typeof createTestMember>[2] = {}) =>
  createTestMember(t.database.db, demoId, input);
const tokenOf = (username: string, password: string) => loginToken(t.app, t.database.db, username, password);
const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...H, ...headers },
    payload: payload as object,
    remoteAddress,
  });
const events = (memberId: number, kind: string) =>
  t.database.db
    .select()
    .from(authEvent)
    .where(and(eq(authEvent.memberId, memberId), eq(authEvent.kind, kind)));

describe('POST /wps/member/password (change)', () => {
  it('changes the password, keeps this session, ends the others and records it', async () => {
    const m = await member();
    const a = await tokenOf(m.username, m.password);
    const b = await tokenOf(m.username, m.password);
    secrets.push(m.password, 'Changed#2026');
    const res = await post(
      '/wps/member/password',
      { oldPassword: m.password, newPassword: 'Changed#2026', confirmNewPassword: 'Changed#2026' },
      { authorization: b },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { changed: true } });
    const me = (token: string) =>
      t.app.inject({ url: '/wps/member/info', headers: { ...H, authorization: token } });
    expect((await me(b)).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await loginRequest(t.app, t.database.db, m.username, m.password)).statusCode).toBe(401);
    expect((await loginRequest(t.app, t.database.db, m.username, 'Changed#2026')).statusCode).toBe(200);
    const ev = await events(m.id, 'password_change');
    expect(ev.map((e) => e.result)).toEqual(['ok']);
    expect(JSON.stringify(ev)).not.toContain('Changed#2026');
  });

  it('clears a forced change and moves password_changed_at', async () => {
    const m = await member({ mustChangePassword: true });
    const login = await loginRequest(t.app, t.database.db, m.username, m.password);
    expect(login.json().value.mustChangePassword).toBe(true);
    const res = await post(
      '/wps/member/password',
      { oldPassword: m.password, newPassword: 'Fresh#5678', confirmNewPassword: 'Fresh#5678' },
      { authorization: login.json().value.token },
    );
    expect(res.statusCode).toBe(200);
    const again = await loginRequest(t.app, t.database.db, m.username, 'Fresh#5678');
    expect(again.json().value.mustChangePassword).toBe(false);
  });

  it('refuses a wrong old password, a rule breach, a mismatch and the same password', async () => {
    const m = await member();
    const tok = await tokenOf(m.username, m.password);
    const call = (body: object) => post('/wps/member/password', body, { authorization: tok });
    const wrong = await call({
      oldPassword: 'Nope#1234',
      newPassword: 'Other#1234',
      confirmNewPassword: 'Other#1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('old_password_incorrect');
    const short = await call({ oldPassword: m.password, newPassword: 'a1', confirmNewPassword: 'a1' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      errorCode: 'password_rule',
      value: { field: 'password', params: [6, 20] },
    });
    expect(short.json().message).toContain('6');
    const spaced = await call({
      oldPassword: m.password,
      newPassword: ' Space#123 ',
      confirmNewPassword: ' Space#123 ',
    });
    expect(spaced.json().errorCode).toBe('password_rule');
    const mismatch = await call({
      oldPassword: m.password,
      newPassword: 'Other#1234',
      confirmNewPassword: 'Other#1235',
    });
    expect(mismatch.json().errorCode).toBe('password_confirm_mismatch');
    const same = await call({
      oldPassword: m.password,
      newPassword: m.password,
      confirmNewPassword: m.password,
    });
    expect(same.json().errorCode).toBe('password_same_as_old');
    const missing = await call({ oldPassword: m.password });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errorCode).toBe('request_param_err');
  });

  it('accepts the encrypted body (RSA-OAEP-wrapped AES-GCM) the reference marks, and plain JSON', async () => {
    const m = await member();
    const tok = await tokenOf(m.username, m.password);
    const key = (await t.app.inject({ url: '/wps/session/key/rsa?format=json', headers: H })).json().value;
    const payload = {
      oldPassword: m.password,
      newPassword: 'Sealed#2026',
      confirmNewPassword: 'Sealed#2026',
    };
    const { encryption, body } = await encryptPayload(key.spki, payload, { keyId: key.keyId });
    secrets.push('Sealed#2026');
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { ...H, authorization: tok, encryption },
      payload: { value: 'AAAA' },
    });
    expect(garbled.statusCode).toBe(422);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { ...H, authorization: tok, encryption },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await loginRequest(t.app, t.database.db, m.username, 'Sealed#2026')).statusCode).toBe(200);
  });

  it('answers in Bengali when asked', async () => {
    const m = await member();
    const tok = await tokenOf(m.username, m.password);
    const res = await post(
      '/wps/member/password',
      { oldPassword: m.password, newPassword: 'a1', confirmNewPassword: 'a1' },
      { authorization: tok, language: 'BN' },
    );
    expect(res.json().message).toMatch(/[\u0980-\u09FF]/);
  });

  it('throttles wrong old passwords: the 6th try in 5 minutes is refused even when right', async () => {
    const m = await member();
    const tok = await tokenOf(m.username, m.password);
    for (let i = 0; i < 5; i++) {
      const r = await post(
        '/wps/member/password',
        { oldPassword: `Wrong#${i}000`, newPassword: 'Other#1234', confirmNewPassword: 'Other#1234' },
        { authorization: tok },
      );
      expect(r.json().errorCode).toBe('old_password_incorrect');
    }
    const r = await post(
      '/wps/member/password',
      { oldPassword: m.password, newPassword: 'Other#1234', confirmNewPassword: 'Other#1234' },
      { authorization: tok },
    );
    expect(r.statusCode).toBe(429);
    expect(r.json().errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it('rejects anonymous callers, trial accounts, and answers function.not.available when PASS3 is off', async () => {
    const body = { oldPassword: 'x', newPassword: 'Other#1234', confirmNewPassword: 'Other#1234' };
    expect((await post('/wps/member/password', body)).statusCode).toBe(401);
    const trial = await post('/wps/session/login/freeplay', {});
    const trialToken = trial.json().value.token;
    const r = await post('/wps/member/password', body, { authorization: trialToken });
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('need_real_account');
    await setModule(t.app, op, 'PASS3', false);
    try {
      const m = await member();
      const tok = await tokenOf(m.username, m.password);
      const off = await post(
        '/wps/member/password',
        { ...body, oldPassword: m.password },
        { authorization: tok },
      );
      expect(off.json().errorCode).toBe('function.not.available');
    } finally {
      await setModule(t.app, op, 'PASS3', true);
    }
  });
});

describe('forgot password by e-mail', () => {
  const form = (
    body: Record<string, string>,
    remoteAddress = '10.9.0.1',
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { ...H, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(body).toString(),
      remoteAddress,
    });

  it('mails a link and a code; the link resets once and ends every session', async () => {
    const m = await member({ email: 'Reset.Me@Example.test' });
    const tok = await tokenOf(m.username, m.password);
    const res = await form({ username: m.username.toUpperCase(), email: 'reset.me@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ sent: true, expiredMinutes: 30 });
    const mail = await smtp.waitFor('Reset.Me@Example.test');
    const link = /https:\/\/play\.demo\.test\/#resetToken=([A-Za-z0-9_-]+)/.exec(mail.text);
    const code = /:\s*(\d{6})\s*$/m.exec(mail.text);
    expect(link).not.toBeNull();
    expect(code).not.toBeNull();
    secrets.push(link![1]!, code![1]!);
    expect(mail.html).toContain(`<b>${code![1]}</b>`);
    // stored hashed
    const [row] = await t.database.db.select().from(passwordReset).where(eq(passwordReset.memberId, m.id));
    expect(row!.tokenHash).not.toContain(link![1]!);
    expect(JSON.stringify(row)).not.toContain(code![1]!);

    const reset = await post('/wps/member/password/reset', {
      token: link![1],
      newPassword: 'ByLink#2026',
      confirmNewPassword: 'ByLink#2026',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().value).toEqual({ reset: true });
    const info = await t.app.inject({ url: '/wps/member/info', headers: { ...H, authorization: tok } });
    expect(info.statusCode).toBe(401);
    expect((await loginRequest(t.app, t.database.db, m.username, 'ByLink#2026')).statusCode).toBe(200);
    const again = await post('/wps/member/password/reset', {
      token: link![1],
      newPassword: 'Again#2026',
      confirmNewPassword: 'Again#2026',
    });
    expect(again.json().errorCode).toBe('reset_token_invalid');
    // the code of a used mail is dead too
    const byCode = await post('/wps/member/password/reset', {
      username: m.username,
      code: code![1],
      newPassword: 'Again#2026',
      confirmNewPassword: 'Again#2026',
    });
    expect(byCode.json().errorCode).toBe('verification_code_invalid');
    const ev = await events(m.id, 'password_reset');
    expect(ev.map((e) => e.result).sort()).toEqual(['failed', 'ok', 'requested']);
  });

  it('resets with username and code; wrong codes count and only the newest mail works', async () => {
    const m = await member({ email: 'code.user@example.test' });
    await form({ username: m.username, email: 'code.user@example.test' }, '10.9.0.2');
    const first = await smtp.waitFor('code.user@example.test');
    await form({ username: m.username, email: 'code.user@example.test' }, '10.9.0.2');
    const toUser = () => smtp.received.filter((x) => x.to.includes('code.user@example.test'));
    await vi.waitFor(() => expect(toUser()).toHaveLength(2));
    const mails = toUser();
    const codeOf = (text: string) => /:\s*(\d{6})\s*$/m.exec(text)![1]!;
    const oldCode = codeOf(first.text);
    const newCode = codeOf(mails[1]!.text);
    secrets.push(oldCode, newCode);
    const body = (code: string) => ({
      username: m.username,
      code,
      newPassword: 'ByCode#2026',
      confirmNewPassword: 'ByCode#2026',
    });
    if (oldCode !== newCode) {
      expect((await post('/wps/member/password/reset', body(oldCode))).json().errorCode).toBe(
        'verification_code_invalid',
      );
    }
    expect((await post('/wps/member/password/reset', body('000000'))).json().errorCode).toBe(
      newCode === '000000' ? undefined : 'verification_code_invalid',
    );
    const ok = await post('/wps/member/password/reset', body(newCode));
    expect(ok.statusCode).toBe(200);
    expect((await loginRequest(t.app, t.database.db, m.username, 'ByCode#2026')).statusCode).toBe(200);
  });

  it('says user_email_not_exist for an unknown user, a wrong e-mail or a trial account', async () => {
    const m = await member({ email: 'right@example.test' });
    const unknown = await form({ username: 'nobody999', email: 'right@example.test' }, '10.9.0.3', {
      language: 'EN',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('user_email_not_exist');
    expect(unknown.json().message).toBe('Username/email does not exist');
    const wrong = await form({ username: m.username, email: 'wrong@example.test' }, '10.9.0.3', {
      language: 'BN',
    });
    expect(wrong.json().errorCode).toBe('user_email_not_exist');
    expect(wrong.json().message).toBe('ব্যবহারকারীর নাম/ইমেইল বিদ্যমান নেই');
    expect(smtp.received.some((x) => x.to.includes('wrong@example.test'))).toBe(false);
  });

  it('validates the form', async () => {
    for (const body of [
      { username: 'x' },
      { username: '', email: 'a@b.co' },
      { username: 'abc', email: 'not-an-email' },
    ]) {
      const res = await form(body as Record<string, string>, '10.9.0.4');
      expect(res.statusCode).toBe(422);
      expect(res.json().errorCode).toBe('request_param_err');
    }
  });

  it('throttles per username (3 in 5 minutes) and per IP (10 in 5 minutes)', async () => {
    const m = await member({ email: 'throttle@example.test' });
    for (let i = 0; i < 3; i++) {
      expect(
        (await form({ username: m.username, email: 'nope@example.test' }, `10.8.0.${i}`)).statusCode,
      ).toBe(404);
    }
    const blocked = await form({ username: m.username, email: 'throttle@example.test' }, '10.8.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorCode).toBe('TOO_MANY_REQUESTS');
    for (let i = 0; i < 10; i++) {
      await form({ username: `someone${i}`, email: 'x@example.test' }, '10.7.0.1');
    }
    const ipBlocked = await form({ username: 'another', email: 'x@example.test' }, '10.7.0.1');
    expect(ipBlocked.json().errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it('refuses a reset with a bad token, bad password or neither token nor code', async () => {
    const bad = await post('/wps/member/password/reset', {
      token: 'x'.repeat(43),
      newPassword: 'Valid#2026',
      confirmNewPassword: 'Valid#2026',
    });
    expect(bad.json().errorCode).toBe('reset_token_invalid');
    const neither = await post('/wps/member/password/reset', {
      newPassword: 'Valid#2026',
      confirmNewPassword: 'Valid#2026',
    });
    expect(neither.json().errorCode).toBe('request_param_err');
    const rule = await post('/wps/member/password/reset', {
      token: 'x'.repeat(43),
      newPassword: '1',
      confirmNewPassword: '1',
    });
    expect(rule.json().errorCode).toBe('password_rule');
  });
});

describe('reset by phone', () => {
  const latestCode = async (mobile: string) => {
    const rows = await t.database.db.select().from(smsCode).where(eq(smsCode.mobile, mobile));
    return rows.at(-1);
  };
  const outboxCode = async (mobile: string) => {
    const res = await t.app.inject({
      url: `/admin/api/sms-outbox?mobile=${mobile}`,
      headers: { authorization: op },
    });
    const text = res.json().value.list[0]?.text as string | undefined;
    return text ? /(\d{6})/.exec(text)![1]! : undefined;
  };

  it('sends a reset code to a member, checks it, sets the password and logs in', async () => {
    const m = await member({ mobile: '1712000001', countryDialingCode: '+880' });
    const old = await tokenOf(m.username, m.password);
    const send = await post('/wps/member/password/sms', {
      mobileNum: '01712000001',
      countryDialingCode: '880',
    });
    expect(send.statusCode).toBe(200);
    expect(send.json().value.expiredMinutes).toBeGreaterThan(0);
    const code = await outboxCode('1712000001');
    expect(code).toMatch(/^\d{6}$/);
    secrets.push(code!);
    const res = await post('/wps/member/password/verification', {
      newPassword: 'ByPhone#2026',
      confirmNewPassword: 'ByPhone#2026',
      mobileNum: '01712000001',
      countryDialingCode: '+880',
      verificationCode: code,
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ id: m.id, userName: m.username, customerType: 0, token: expect.any(String) });
    secrets.push(v.token);
    const info = await t.app.inject({ url: '/wps/member/info', headers: { ...H, authorization: v.token } });
    expect(info.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/wps/member/info', headers: { ...H, authorization: old } })).statusCode,
    ).toBe(401);
    const reuse = await post('/wps/member/password/verification', {
      newPassword: 'Again#2026',
      mobileNum: '01712000001',
      verificationCode: code,
    });
    expect(reuse.statusCode).toBe(422);
    expect(['sms_code_invalid', 'sms_code_expired']).toContain(reuse.json().errorCode);
  });

  it("answers a stranger's number the same way and sends nothing", async () => {
    const res = await post('/wps/member/password/sms', { mobileNum: '01799999999' }, {}, '10.6.0.1');
    expect(res.statusCode).toBe(200);
    expect(await outboxCode('1799999999')).toBeUndefined();
    const row = await latestCode('1799999999');
    expect(row?.delivered).toBe(false);
  });

  it('refuses wrong codes, bad phones and rule breaches with the spec messages', async () => {
    const wrong = await post('/wps/member/password/verification', {
      newPassword: 'ByPhone#2026',
      mobileNum: '01712000002',
      verificationCode: '123456',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorCode).toBe('sms_code_invalid');
    const phone = await post('/wps/member/password/verification', {
      newPassword: 'ByPhone#2026',
      mobileNum: '12',
      verificationCode: '123456',
    });
    expect(phone.json().errorCode).toBe('sms_phone_invalid');
    const rule = await post('/wps/member/password/verification', {
      newPassword: 'x',
      mobileNum: '01712000002',
      verificationCode: '123456',
    });
    expect(rule.json().errorCode).toBe('password_rule');
    const missing = await post('/wps/member/password/verification', { newPassword: 'ByPhone#2026' });
    expect(missing.json().errorCode).toBe('request_param_err');
  });
});

describe('payment (withdrawal) password', () => {
  it('sets once with the login password, then changes with the old one', async () => {
    const m = await member();
    const tok = await tokenOf(m.username, m.password);
    const auth = { authorization: tok };
    const has = () => t.app.inject({ url: '/wps/member/hasWithdrawalPassword', headers: { ...H, ...auth } });
    expect((await has()).json()).toEqual({ success: true, value: false });
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/member/paymentPassword',
        headers: { ...H, ...auth },
        payload,
      });
    expect(
      (
        await put({ password: 'Wrong#123', paymentPassword: '123456', confirmPaymentPassword: '123456' })
      ).json().errorCode,
    ).toBe('login_password_incorrect');
    expect(
      (
        await put({ password: m.password, paymentPassword: '12345a', confirmPaymentPassword: '12345a' })
      ).json(),
    ).toMatchObject({
      errorCode: 'password_rule',
      value: { field: 'paymentPassword', params: [6] },
    });
    expect(
      (
        await put({ password: m.password, paymentPassword: '123456', confirmPaymentPassword: '123457' })
      ).json().errorCode,
    ).toBe('password_confirm_mismatch');
    const ok = await put({
      password: m.password,
      paymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
    expect(ok.json()).toEqual({ success: true, value: { set: true } });
    expect((await has()).json().value).toBe(true);
    expect(
      (
        await put({ password: m.password, paymentPassword: '135790', confirmPaymentPassword: '135790' })
      ).json().errorCode,
    ).toBe('payment_password_exists');
    const change = (payload: object) => post('/wps/member/paymentPassword', payload, auth);
    expect(
      (
        await change({
          oldPaymentPassword: '000000',
          newPaymentPassword: '135790',
          confirmNewPaymentPassword: '135790',
        })
      ).json().errorCode,
    ).toBe('payment_password_incorrect');
    expect(
      (
        await change({
          oldPaymentPassword: '246810',
          newPaymentPassword: '246810',
          confirmNewPaymentPassword: '246810',
        })
      ).json().errorCode,
    ).toBe('password_same_as_old');
    const changed = await change({
      oldPaymentPassword: '246810',
      newPaymentPassword: '135790',
      confirmNewPaymentPassword: '135790',
    });
    expect(changed.json()).toEqual({ success: true, value: { changed: true } });
    const ev = await events(m.id, 'payment_password');
    expect(ev.filter((e) => e.result === 'ok')).toHaveLength(2);
  });

  it('change before set is refused; wrong payment passwords are throttled', async () => {
    const m = await member({ paymentPassword: '112233' });
    const fresh = await member();
    const freshTok = await tokenOf(fresh.username, fresh.password);
    const notSet = await post(
      '/wps/member/paymentPassword',
      { oldPaymentPassword: '112233', newPaymentPassword: '445566', confirmNewPaymentPassword: '445566' },
      { authorization: freshTok },
    );
    expect(notSet.json().errorCode).toBe('payment_password_not_set');
    const tok = await tokenOf(m.username, m.password);
    for (let i = 0; i < 5; i++) {
      await post(
        '/wps/member/paymentPassword',
        {
          oldPaymentPassword: `99999${i}`,
          newPaymentPassword: '445566',
          confirmNewPaymentPassword: '445566',
        },
        { authorization: tok },
      );
    }
    const blocked = await post(
      '/wps/member/paymentPassword',
      { oldPaymentPassword: '112233', newPaymentPassword: '445566', confirmNewPaymentPassword: '445566' },
      { authorization: tok },
    );
    expect(blocked.json().errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it('rejects anonymous and trial callers', async () => {
    expect((await t.app.inject({ url: '/wps/member/hasWithdrawalPassword', headers: H })).statusCode).toBe(
      401,
    );
    const trial = (await post('/wps/session/login/freeplay', {})).json().value.token;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/paymentPassword',
      headers: { ...H, authorization: trial },
      payload: { password: 'x', paymentPassword: '123456', confirmPaymentPassword: '123456' },
    });
    expect(res.json().errorCode).toBe('need_real_account');
  });
});

describe('secrets stay out of logs', () => {
  it('no password, code or token appears in any log line', async () => {
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    for (const s of secrets) expectNoSecret(text, s);
  });
});
