import { and, eq } from 'drizzle-orm';
import { encryptPayload } from '@bp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, expectNoSecret } from '../../test/harness.js';
import { authEvent, memberKnownIp } from '../../db/schema/index.js';
import {
  createTestMember,
  setModule,
  merchantIdOf,
  operatorLogin,
  loginRequest,
  loginToken,
} from '../../test/factories.js';
import { captureProcessOutput } from '../../test/process-output.js';
import { base32Decode, totp } from './totp.js';

let t: TestApp;
let demoId: number;
let op: string;
let log: ReturnType<typeof captureProcessOutput>;
const H = { merchant: DEMO.merchant, language: 'EN' };
const secrets: string[] = [];
let ipSeq = 1;
const nextIp = () => `10.20.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

beforeAll(async () => {
  log = captureProcessOutput();
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' } });
  demoId = await merchantIdOf(t.database.db, DEMO.merchant);
  op = await operatorLogin(t.app, DEMO.merchant, 'admin', 'Admin@12345');
  await setModule(t.app, op, 'LOGINIPVERF3', true);
});
afterAll(async () => {
  log?.restore();
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...H, ...headers }, payload, remoteAddress });
const codeNow = (secret: string, offsetSteps = 0) =>
  totp(base32Decode(secret)!, Date.now() + offsetSteps * 30_000);

/** A member that logged in once from a known IP and now tries from a new one: the pending ticket. */
async function pendingLogin(input: Parameters<typeof createTestMember>[2] = {}) {
  const m = await createTestMember(t.database.db, demoId, input);
  const home = nextIp();
  await loginToken(t.app, t.database.db, m.username, m.password, { remoteAddress: home });
  const away = nextIp();
  const res = await loginRequest(t.app, t.database.db, m.username, m.password, { remoteAddress: away });
  expect(res.statusCode).toBe(403);
  expect(res.json().errorCode).toBe('login_verify_required');
  const { ticket, methods } = res.json().value as { ticket: string; methods: string[] };
  secrets.push(ticket, m.password);
  return { m, ticket, methods, home, away };
}

async function bindTotp(token: string) {
  const start = await post('/wps/member/totp/bind/start', {}, { authorization: token });
  expect(start.statusCode).toBe(200);
  const { secret } = start.json().value as { secret: string };
  const ok = await post('/wps/member/totp/bind/confirm', { code: codeNow(secret) }, { authorization: token });
  expect(ok.json()).toEqual({ success: true, value: { bound: true } });
  return secret;
}

describe('Google Authenticator binding', () => {
  it('starts with a secret and otpauth URL, confirms with a code, then unbinds with a fresh code', async () => {
    const m = await createTestMember(t.database.db, demoId);
    const token = await loginToken(t.app, t.database.db, m.username, m.password, { remoteAddress: nextIp() });
    const auth = { authorization: token };
    expect(
      (await t.app.inject({ url: '/wps/member/totp', headers: { ...H, ...auth } })).json().value,
    ).toEqual({
      bound: false,
      boundAt: null,
    });
    const start = await post('/wps/member/totp/bind/start', {}, auth);
    const v = start.json().value;
    expect(v.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(v.otpauthUrl).toContain(`otpauth://totp/`);
    expect(v.otpauthUrl).toContain(`secret=${v.secret}`);
    secrets.push(v.secret);
    const wrong = await post('/wps/member/totp/bind/confirm', { code: '000000' }, auth);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorCode).toBe('totp_code_invalid');
    const code = codeNow(v.secret);
    const ok = await post('/wps/member/totp/bind/confirm', { code }, auth);
    expect(ok.json().value).toEqual({ bound: true });
    const status = (await t.app.inject({ url: '/wps/member/totp', headers: { ...H, ...auth } })).json().value;
    expect(status.bound).toBe(true);
    expect((await post('/wps/member/totp/bind/start', {}, auth)).json().errorCode).toBe('totp_already_bound');
    // the code that bound it cannot be used again (replay)
    const replay = await post('/wps/member/totp/unbind', { code }, auth);
    expect(replay.json().errorCode).toBe('totp_code_invalid');
    const unbind = await post('/wps/member/totp/unbind', { code: codeNow(v.secret, 1) }, auth);
    expect(unbind.json().value).toEqual({ bound: false });
    expect((await post('/wps/member/totp/unbind', { code: codeNow(v.secret) }, auth)).json().errorCode).toBe(
      'totp_not_bound',
    );
    const ev = await t.database.db
      .select()
      .from(authEvent)
      .where(and(eq(authEvent.memberId, m.id), eq(authEvent.kind, 'totp_bind')));
    expect(ev.map((e) => e.result).sort()).toEqual(['failed', 'failed', 'ok', 'unbound']);
  });

  it('confirm without a started binding, bad bodies, anonymous and trial callers are refused', async () => {
    const m = await createTestMember(t.database.db, demoId);
    const token = await loginToken(t.app, t.database.db, m.username, m.password, { remoteAddress: nextIp() });
    expect(
      (await post('/wps/member/totp/bind/confirm', { code: '123456' }, { authorization: token })).json()
        .errorCode,
    ).toBe('totp_not_bound');
    expect((await post('/wps/member/totp/bind/confirm', {}, { authorization: token })).json().errorCode).toBe(
      'request_param_err',
    );
    expect((await post('/wps/member/totp/bind/start', {})).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/wps/member/totp', headers: H })).statusCode).toBe(401);
    const trial = (await post('/wps/session/login/freeplay', {})).json().value.token;
    const r = await post('/wps/member/totp/bind/start', {}, { authorization: trial });
    expect(r.json().errorCode).toBe('need_real_account');
  });

  it('throttles wrong codes: after 5 the right one is refused too', async () => {
    const m = await createTestMember(t.database.db, demoId);
    const token = await loginToken(t.app, t.database.db, m.username, m.password, { remoteAddress: nextIp() });
    const { secret } = (await post('/wps/member/totp/bind/start', {}, { authorization: token })).json().value;
    for (let i = 0; i < 5; i++)
      await post('/wps/member/totp/bind/confirm', { code: '000001' }, { authorization: token });
    const r = await post(
      '/wps/member/totp/bind/confirm',
      { code: codeNow(secret) },
      { authorization: token },
    );
    expect(r.statusCode).toBe(429);
    expect(r.json().errorCode).toBe('TOO_MANY_REQUESTS');
  });
});

describe('POST /wps/session/login/verification', () => {
  it('TOTP: a current code completes the login, remembers the IP, and the same code is refused next time', async () => {
    const m0 = await createTestMember(t.database.db, demoId, { email: 'totp@example.test' });
    const home = nextIp();
    const token = await loginToken(t.app, t.database.db, m0.username, m0.password, { remoteAddress: home });
    const secret = await bindTotp(token);
    secrets.push(secret);
    const away = nextIp();
    const res = await loginRequest(t.app, t.database.db, m0.username, m0.password, { remoteAddress: away });
    const { ticket, methods } = res.json().value;
    expect(methods).toEqual(['EMAIL', 'TOTP']);
    const code = codeNow(secret, 1);
    const ok = await post('/wps/session/login/verification', { ticket, method: 'TOTP', code }, {}, away);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ id: m0.id, userName: m0.username, token: expect.any(String) });
    secrets.push(ok.json().value.token, ticket);
    const known = await t.database.db.select().from(memberKnownIp).where(eq(memberKnownIp.memberId, m0.id));
    expect(known.map((k) => k.ip).sort()).toEqual([home, away].sort());
    // the IP is known now: no second step
    expect(
      (await loginRequest(t.app, t.database.db, m0.username, m0.password, { remoteAddress: away }))
        .statusCode,
    ).toBe(200);
    // a new IP, the same code: replay refused
    const third = nextIp();
    const again = await loginRequest(t.app, t.database.db, m0.username, m0.password, {
      remoteAddress: third,
    });
    const replay = await post(
      '/wps/session/login/verification',
      { ticket: again.json().value.ticket, method: 'TOTP', code },
      {},
      third,
    );
    expect(replay.json()).toMatchObject({ errorCode: 'totp_code_invalid', value: { attemptsLeft: 4 } });
    // a ticket is single use
    const used = await post('/wps/session/login/verification', {
      ticket,
      method: 'TOTP',
      code: codeNow(secret),
    });
    expect(used.statusCode).toBe(401);
    expect(used.json().errorCode).toBe('login_ticket_invalid');
  });

  it('BANK_NAME: the payee name on file, case and spacing ignored', async () => {
    const { m, ticket, methods } = await pendingLogin({ payeeName: 'Md Rahim Uddin' });
    expect(methods).toEqual(['BANK_NAME']);
    const wrong = await post('/wps/session/login/verification', {
      ticket,
      method: 'BANK_NAME',
      bankAccountName: 'Rahim',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errorCode: 'bank_name_mismatch', value: { attemptsLeft: 4 } });
    const ok = await post('/wps/session/login/verification', {
      ticket,
      method: 'BANK_NAME',
      bankAccountName: '  md RAHIM  uddin ',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.id).toBe(m.id);
    const ev = await t.database.db
      .select()
      .from(authEvent)
      .where(and(eq(authEvent.memberId, m.id), eq(authEvent.kind, 'login_verify')));
    expect(ev.map((e) => e.result).sort()).toEqual(['failed', 'required']);
  });

  it('accepts an encrypted body', async () => {
    const { m, ticket, away } = await pendingLogin({ payeeName: 'Sealed Name' });
    const key = (await t.app.inject({ url: '/wps/session/key/rsa?format=json', headers: H })).json().value;
    const { encryption, body } = await encryptPayload(
      key.spki,
      { ticket, method: 'BANK_NAME', bankAccountName: 'sealed name' },
      { keyId: key.keyId },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification',
      headers: { ...H, encryption },
      payload: body,
      remoteAddress: away,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.id).toBe(m.id);
  });

  it('EMAIL: sends a code to the address on file; the code logs in once', async () => {
    const { m, ticket } = await pendingLogin({ email: 'second.step@example.test' });
    const send = await post('/wps/session/login/verification/send', { ticket, method: 'EMAIL' });
    expect(send.statusCode).toBe(200);
    expect(send.json().value).toEqual({ expiredMinutes: 10, to: 'se****@example.test' });
    const outbox = await t.app.inject({
      url: '/admin/api/mail-outbox?to=second.step@example.test',
      headers: { authorization: op },
    });
    const mail = outbox.json().value.list[0];
    expect(mail.kind).toBe('login_code');
    const code = /:\s*(\d{6})\s*$/m.exec(mail.text)![1]!;
    secrets.push(code);
    expect(send.body).not.toContain(code);
    const wrong = await post('/wps/session/login/verification', {
      ticket,
      method: 'EMAIL',
      code: code === '999999' ? '999998' : '999999',
    });
    expect(wrong.json().errorCode).toBe('verification_code_invalid');
    const ok = await post('/wps/session/login/verification', { ticket, method: 'EMAIL', code });
    expect(ok.json().value.id).toBe(m.id);
  });

  it('SMS: sends the login code through the SMS service and accepts it', async () => {
    const { m, ticket, methods } = await pendingLogin({ mobile: '1713000001', countryDialingCode: '+880' });
    expect(methods).toEqual(['SMS']);
    const send = await post('/wps/session/login/verification/send', { ticket, method: 'SMS' });
    expect(send.statusCode).toBe(200);
    expect(send.json().value.to).toBe('0171300****');
    const outbox = await t.app.inject({
      url: '/admin/api/sms-outbox?mobile=1713000001',
      headers: { authorization: op },
    });
    const code = /(\d{6})/.exec(outbox.json().value.list[0].text)![1]!;
    secrets.push(code);
    const wrong = await post('/wps/session/login/verification', {
      ticket,
      method: 'SMS',
      code: code === '111111' ? '111112' : '111111',
    });
    expect(wrong.json()).toMatchObject({ errorCode: 'sms_code_invalid', value: { attemptsLeft: 4 } });
    const ok = await post('/wps/session/login/verification', { ticket, method: 'SMS', code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.id).toBe(m.id);
  });

  it('five wrong answers kill the ticket', async () => {
    const { ticket } = await pendingLogin({ payeeName: 'Karim' });
    for (let i = 4; i >= 0; i--) {
      const r = await post('/wps/session/login/verification', {
        ticket,
        method: 'BANK_NAME',
        bankAccountName: 'x',
      });
      expect(r.json().value).toEqual({ attemptsLeft: i });
    }
    const dead = await post('/wps/session/login/verification', {
      ticket,
      method: 'BANK_NAME',
      bankAccountName: 'Karim',
    });
    expect(dead.statusCode).toBe(401);
    expect(dead.json().errorCode).toBe('login_ticket_invalid');
  });

  it('refuses a method the member has no data for, unknown tickets and bad bodies', async () => {
    const { ticket } = await pendingLogin({ payeeName: 'Karim' });
    const noTotp = await post('/wps/session/login/verification', { ticket, method: 'TOTP', code: '123456' });
    expect(noTotp.json().errorCode).toBe('verify_method_unavailable');
    const noMail = await post('/wps/session/login/verification/send', { ticket, method: 'EMAIL' });
    expect(noMail.json().errorCode).toBe('verify_method_unavailable');
    const unknown = await post('/wps/session/login/verification', {
      ticket: 'y'.repeat(43),
      method: 'BANK_NAME',
      bankAccountName: 'Karim',
    });
    expect(unknown.json().errorCode).toBe('login_ticket_invalid');
    for (const body of [{}, { ticket, method: 'FAX' }, { ticket: 'short', method: 'SMS' }]) {
      const r = await post('/wps/session/login/verification', body);
      expect(r.statusCode).toBe(422);
      expect(r.json().errorCode).toBe('request_param_err');
    }
  });

  it('limits e-mail code sends per ticket', async () => {
    const { ticket } = await pendingLogin({ email: 'many@example.test' });
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/wps/session/login/verification/send', { ticket, method: 'EMAIL' })).statusCode,
      ).toBe(200);
    }
    const r = await post('/wps/session/login/verification/send', { ticket, method: 'EMAIL' });
    expect(r.json().errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it('is function.not.available when LOGINIPVERF3 is off', async () => {
    await setModule(t.app, op, 'LOGINIPVERF3', false);
    try {
      const r = await post('/wps/session/login/verification', {
        ticket: 'z'.repeat(43),
        method: 'TOTP',
        code: '123456',
      });
      expect(r.json().errorCode).toBe('function.not.available');
    } finally {
      await setModule(t.app, op, 'LOGINIPVERF3', true);
    }
  });
});

describe('secrets stay out of logs', () => {
  it('no password, code, secret or token appears in any log line', async () => {
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    for (const s of secrets) expectNoSecret(text, s);
  });
});
