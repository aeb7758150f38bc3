import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS } from '@bp/contract';
import { createTestApp, type TestApp, expectNoSecret } from '../../test/harness.js';
import { smsCode, smsSetting } from '../../db/schema/index.js';
import { createSmsService } from './sms.service.js';
import type { ModuleRegister } from '../../platform/module.js';
import { memberServiceFor } from '../member/index.js';
import type { MemberService } from '../member/index.js';
import {
  createOperator,
  operatorLogin,
  createMerchant,
  loginToken,
  freshIp,
  freshPhone,
} from '../../test/factories.js';
import { testClock } from '../../test/clock.js';

const clock = testClock();
let t: TestApp;
let members: MemberService;
const peer: ModuleRegister = (ctx) => {
  members = memberServiceFor(ctx);
};

beforeAll(async () => {
  t = await createTestApp({ deps: { clock, extraModules: [peer] } });
});
afterAll(async () => {
  await t?.close();
});

/** A fresh caller IP, so per-IP throttles of one test do not leak into another. */

async function brand() {
  const m = await createMerchant(t.database.db);
  await createOperator(t.database.db, m.id, 'ops', 'admin');
  const op = await operatorLogin(t.app, m.code, 'ops');
  return { ...m, op };
}
type Brand = Awaited<ReturnType<typeof brand>>;

const post = (
  b: Brand,
  url: string,
  payload: object,
  opts: { ip?: string; token?: string; language?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: opts.ip ?? freshIp(),
    headers: {
      merchant: b.code,
      ...(opts.token ? { authorization: opts.token } : {}),
      ...(opts.language ? { language: opts.language } : {}),
    },
  });

async function outbox(b: Brand, query = '') {
  const res = await t.app.inject({ url: `/admin/api/sms-outbox${query}`, headers: { authorization: b.op } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    list: { mobile: string; text: string; purpose: string; countryDialingCode: string }[];
    totalCount: number;
    totalPages: number;
  };
}
async function lastCode(b: Brand, mobile: string) {
  const v = await outbox(b, `?mobile=${mobile}`);
  const m = /\b([0-9]{6})\b/.exec(v.list[0]?.text ?? '');
  if (!m) throw new Error(`no code for ${mobile}`);
  return m[1]!;
}

async function member(
  b: Brand,
  mobile: string | null,
  username = `u${Math.random().toString(36).slice(2, 10)}`,
) {
  return members.createMember(t.database.db, {
    merchantId: b.id,
    username,
    password: 'Secret#123',
    mobile,
    countryDialingCode: mobile ? '+880' : null,
  });
}

async function setModule(b: Brand, modId: string, enabled: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/admin/api/whitelabel/${modId}`,
    headers: { authorization: b.op },
    payload: { enabled },
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function setSms(b: Brand, s: Partial<typeof smsSetting.$inferInsert>) {
  await t.database.db
    .insert(smsSetting)
    .values({ merchantId: b.id, ...s })
    .onConflictDoUpdate({ target: smsSetting.merchantId, set: s });
}

const expectError = (res: { statusCode: number; json(): any; body: string }, code: keyof typeof ERRORS) => {
  expect(res.json(), res.body).toMatchObject({ success: false, errorCode: code });
  expect(res.statusCode).toBe(ERRORS[code].status);
};
const noCodeIn = (body: string, code: string) => expectNoSecret(body, code);

describe('POST /wps/verification/sms/noLogin', () => {
  it("sends a login code to a member's number (trunk 0 accepted) and answers expiredMinutes", async () => {
    const b = await brand();
    const phone = freshPhone();
    await member(b, phone);
    const res = await post(b, '/wps/verification/sms/noLogin', {
      mobileNum: `0${phone}`,
      countryDialingCode: '+880',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const box = await outbox(b, `?mobile=${phone}`);
    expect(box.list).toHaveLength(1);
    expect(box.list[0]).toMatchObject({ mobile: phone, countryDialingCode: '+880', purpose: 'login' });
    const code = await lastCode(b, phone);
    noCodeIn(res.body, code);
  });

  it('answers the same for an unknown number but sends nothing', async () => {
    const b = await brand();
    const phone = freshPhone();
    const res = await post(b, '/wps/verification/sms/noLogin', {
      mobileNum: phone,
      countryDialingCode: '880',
    });
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    expect((await outbox(b)).totalCount).toBe(0);
  });

  it('phone errors: missing and invalid format', async () => {
    const b = await brand();
    expectError(
      await post(b, '/wps/verification/sms/noLogin', { countryDialingCode: '+880' }),
      'sms_phone_missing',
    );
    expectError(
      await post(b, '/wps/verification/sms/noLogin', { mobileNum: '', countryDialingCode: '+880' }),
      'sms_phone_missing',
    );
    expectError(
      await post(b, '/wps/verification/sms/noLogin', { mobileNum: '12345', countryDialingCode: '+880' }),
      'sms_phone_invalid',
    );
    expectError(
      await post(b, '/wps/verification/sms/noLogin', { mobileNum: '01712x45678' }),
      'sms_phone_invalid',
    );
    const bad = await post(b, '/wps/verification/sms/noLogin', {
      mobileNum: '01712345678',
      countryDialingCode: 'abc',
    });
    expectError(bad, 'request_param_err');
  });

  it('is refused when VERIFICATION3 is off (function.not.available) or SMS-code login is off (sms_not_enabled)', async () => {
    const b = await brand();
    await setModule(b, 'MOBILEVERCODELOGIN3', false);
    const off = await post(
      b,
      '/wps/verification/sms/noLogin',
      { mobileNum: freshPhone() },
      { language: 'BN' },
    );
    expectError(off, 'sms_not_enabled');
    expect(off.json().message).toBe(ERRORS.sms_not_enabled.bn);
    await setModule(b, 'VERIFICATION3', false);
    expectError(
      await post(b, '/wps/verification/sms/noLogin', { mobileNum: freshPhone() }),
      'function.not.available',
    );
  });

  it('login with the code through POST /wps/session/login type sms, once', async () => {
    const b = await brand();
    const phone = freshPhone();
    const m = await member(b, phone);
    await post(b, '/wps/verification/sms/noLogin', { mobileNum: phone });
    const code = await lastCode(b, phone);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { merchant: b.code },
        remoteAddress: freshIp(),
        payload: { username: phone, password, type: 'sms', countryDialingCode: '+880' },
      });
    const ok = await login(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ id: m.id, userName: m.username });
    noCodeIn(ok.body, code);
    const again = await login(code);
    expect(again.json().success).toBe(false);
  });

  it('accepts the number as people type it, with the national trunk 0', async () => {
    const b = await brand();
    const phone = freshPhone();
    const m = await member(b, phone);
    await post(b, '/wps/verification/sms/noLogin', { mobileNum: `0${phone}` });
    const code = await lastCode(b, phone);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { merchant: b.code },
      remoteAddress: freshIp(),
      payload: { username: `0${phone}`, password: code, type: 'sms', countryDialingCode: '+880' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ id: m.id });
  });
});

describe('throttles', () => {
  it('one request per second per number, whatever the IP', async () => {
    const b = await brand();
    const phone = freshPhone();
    await member(b, phone);
    expect((await post(b, '/wps/verification/sms/noLogin', { mobileNum: phone })).statusCode).toBe(200);
    const second = await post(b, '/wps/verification/sms/noLogin', { mobileNum: phone }, { language: 'EN' });
    expectError(second, 'TOO_MANY_REQUESTS');
    expect(second.json().message).toBe('Too many requests, please try again after 5 minutes');
    clock.advance(1000);
    expect((await post(b, '/wps/verification/sms/noLogin', { mobileNum: phone })).statusCode).toBe(200);
  });

  it('one request per second per IP, whatever the number', async () => {
    const b = await brand();
    const ip = freshIp();
    expect(
      (await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() }, { ip })).statusCode,
    ).toBe(200);
    expectError(
      await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() }, { ip }),
      'TOO_MANY_REQUESTS',
    );
    clock.advance(1001);
    expect(
      (await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() }, { ip })).statusCode,
    ).toBe(200);
  });

  it('at most N per hour per number (5 by default), counted for unknown numbers too', async () => {
    const b = await brand();
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) {
      const r = await post(b, '/wps/verification/sms/noLogin', { mobileNum: phone });
      expect(r.statusCode, r.body).toBe(200);
      clock.advance(1100);
    }
    expectError(await post(b, '/wps/verification/sms/noLogin', { mobileNum: phone }), 'TOO_MANY_REQUESTS');
    clock.advance(3_600_000);
    expect((await post(b, '/wps/verification/sms/noLogin', { mobileNum: phone })).statusCode).toBe(200);
  });

  it('at most N per hour per IP (merchant setting)', async () => {
    const b = await brand();
    await setSms(b, { perIpPerHour: 3 });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect(
        (await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() }, { ip })).statusCode,
      ).toBe(200);
      clock.advance(1100);
    }
    expectError(
      await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() }, { ip }),
      'TOO_MANY_REQUESTS',
    );
    expect((await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() })).statusCode).toBe(
      200,
    );
  });

  it('quota used up: quota not sufficient', async () => {
    const b = await brand();
    await setSms(b, { dailyQuota: 1 });
    expect((await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() })).statusCode).toBe(
      200,
    );
    const res = await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() });
    expectError(res, 'sms_quota_insufficient');
  });

  it('expiredMinutes follows the merchant setting', async () => {
    const b = await brand();
    await setSms(b, { expiredMinutes: 3 });
    const res = await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() });
    expect(res.json().value).toEqual({ expiredMinutes: 3 });
  });
});

describe('POST /wps/verification/sms/register', () => {
  it('sends a registration code; a registered number is refused', async () => {
    const b = await brand();
    const phone = freshPhone();
    const res = await post(b, '/wps/verification/sms/register', {
      mobileNo: phone,
      countryDialingCode: '+880',
    });
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    expect((await outbox(b, `?mobile=${phone}&purpose=register`)).totalCount).toBe(1);
    const taken = freshPhone();
    await member(b, taken);
    expectError(
      await post(b, '/wps/verification/sms/register', { mobileNo: `0${taken}` }),
      'sms_mobile_registered',
    );
  });

  it('operation not enabled when SMS registration is switched off', async () => {
    const b = await brand();
    await setModule(b, 'REGMOBVERF3', false);
    expect((await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() })).statusCode).toBe(
      200,
    );
    await setModule(b, 'MOBILENUMREG3', false);
    expectError(
      await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() }),
      'sms_not_enabled',
    );
  });
});

describe('/wps/v2/verification/sms/send and /verify (bind the mobile)', () => {
  async function loggedIn(b: Brand) {
    const m = await member(b, null);
    const token = await loginToken(t.app, t.database.db, m.username, 'Secret#123', { merchant: b.code });
    return { m, token };
  }

  it('rejects anonymous callers', async () => {
    const b = await brand();
    expectError(
      await post(b, '/wps/v2/verification/sms/send', { mobileNum: freshPhone(), operationType: 5 }),
      'login.not.session',
    );
    expectError(
      await post(b, '/wps/v2/verification/sms/verify', {
        mobileNum: freshPhone(),
        verificationCode: '123456',
      }),
      'login.not.session',
    );
  });

  it('binds the number after the right code; the code works once', async () => {
    const b = await brand();
    const { m, token } = await loggedIn(b);
    const phone = freshPhone();
    const sent = await post(
      b,
      '/wps/v2/verification/sms/send',
      { mobileNum: phone, operationType: 5, countryDialingCode: '+880' },
      { token },
    );
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await lastCode(b, phone);
    const verify = (c: string) =>
      post(
        b,
        '/wps/v2/verification/sms/verify',
        { mobileNum: phone, countryDialingCode: '+880', verificationCode: c },
        { token },
      );
    const ok = await verify(code);
    expect(ok.json(), ok.body).toEqual({
      success: true,
      value: { verified: true, mobile: `0${phone.slice(0, 6)}****` },
    });
    expect((await members.getById(b.id, m.id)).mobile).toBe(phone);
    expectError(await verify(code), 'sms_code_invalid');
  });

  it('a trial (free-play) account is refused: it needs a real account', async () => {
    const b = await brand();
    const fp = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: b.code },
      remoteAddress: freshIp(),
      payload: {},
    });
    expect(fp.statusCode, fp.body).toBe(200);
    const token = fp.json().value.token as string;
    expectError(
      await post(
        b,
        '/wps/v2/verification/sms/send',
        { mobileNum: freshPhone(), operationType: 5 },
        { token },
      ),
      'need_real_account',
    );
    expectError(
      await post(
        b,
        '/wps/v2/verification/sms/verify',
        { mobileNum: freshPhone(), verificationCode: '123456' },
        { token },
      ),
      'need_real_account',
    );
  });

  it('other operation types are not enabled; another member’s number is refused', async () => {
    const b = await brand();
    const { token } = await loggedIn(b);
    expectError(
      await post(
        b,
        '/wps/v2/verification/sms/send',
        { mobileNum: freshPhone(), operationType: 3 },
        { token },
      ),
      'sms_not_enabled',
    );
    const taken = freshPhone();
    await member(b, taken);
    expectError(
      await post(b, '/wps/v2/verification/sms/send', { mobileNum: taken, operationType: 5 }, { token }),
      'sms_mobile_registered',
    );
  });

  it('wrong, missing and malformed codes; the code dies after 5 wrong tries', async () => {
    const b = await brand();
    const { token } = await loggedIn(b);
    const phone = freshPhone();
    await post(b, '/wps/v2/verification/sms/send', { mobileNum: phone, operationType: 5 }, { token });
    const code = await lastCode(b, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (c?: string) =>
      post(b, '/wps/v2/verification/sms/verify', { mobileNum: phone, verificationCode: c }, { token });
    expectError(await verify(undefined), 'sms_code_invalid');
    expectError(await verify('12ab'), 'sms_code_invalid');
    for (let i = 0; i < 5; i++) expectError(await verify(wrong), 'sms_code_invalid');
    expectError(await verify(code), 'sms_code_expired');
  });

  it('a code expires after expiredMinutes (injected clock); a new code replaces the old one', async () => {
    const b = await brand();
    const { token } = await loggedIn(b);
    const phone = freshPhone();
    await post(b, '/wps/v2/verification/sms/send', { mobileNum: phone, operationType: 5 }, { token });
    const first = await lastCode(b, phone);
    clock.advance(5 * 60_000);
    const verify = (c: string) =>
      post(b, '/wps/v2/verification/sms/verify', { mobileNum: phone, verificationCode: c }, { token });
    expectError(await verify(first), 'sms_code_expired');
    await post(b, '/wps/v2/verification/sms/send', { mobileNum: phone, operationType: 5 }, { token });
    const second = await lastCode(b, phone);
    clock.advance(4 * 60_000 + 59_000);
    if (second !== first) expectError(await verify(first), 'sms_code_invalid');
    expect((await verify(second)).json().success).toBe(true);
  });
});

describe('provider failure', () => {
  it("answers 'unknown error' and the code never verifies", async () => {
    const b = await brand();
    const failing = createSmsService({
      db: t.database.db,
      clock,
      provider: {
        name: 'down',
        send: () => Promise.reject(new Error('gateway down')),
      },
      members: { findIdByMobile: async () => undefined, bindMobile: async () => undefined },
    });
    const phone = freshPhone();
    await expect(
      failing.requestCode({
        merchant: { id: b.id, name: 'x' },
        mobile: phone,
        countryDialingCode: '+880',
        purpose: 'register',
        ip: freshIp(),
        language: 'EN',
      }),
    ).rejects.toMatchObject({ code: 'sms_unknown_error' });
    const rows = await t.database.db.select().from(smsCode).where(eq(smsCode.mobile, phone));
    expect(rows.map((r) => r.delivered)).toEqual([false]);
    await expect(
      failing.verifyCode({ merchantId: b.id, mobile: phone, purpose: 'register', code: '123456' }),
    ).rejects.toMatchObject({ code: 'sms_code_invalid' });
  });
});

describe('GET /admin/api/sms-outbox', () => {
  it('needs an operator; lists newest first with paging and a mobile filter; merchant-scoped', async () => {
    const b = await brand();
    const other = await brand();
    expectError(await t.app.inject({ url: '/admin/api/sms-outbox' }), 'login.not.session');
    const phones = [freshPhone(), freshPhone(), freshPhone()];
    for (const p of phones) {
      await post(b, '/wps/verification/sms/register', { mobileNo: p });
      clock.advance(1100);
    }
    const all = await outbox(b, '?pageSize=2');
    expect(all.totalCount).toBe(3);
    expect(all.totalPages).toBe(2);
    expect(all.list.map((x) => x.mobile)).toEqual([phones[2], phones[1]]);
    expect((await outbox(b, `?mobile=0${phones[0]}`)).list.map((x) => x.mobile)).toEqual([phones[0]]);
    expect((await outbox(b, `?mobile=%2B880${phones[1]}`)).list.map((x) => x.mobile)).toEqual([phones[1]]);
    expect((await outbox(other)).totalCount).toBe(0);
    const viewerMerchant = b;
    await createOperator(t.database.db, viewerMerchant.id, 'viewer1', 'viewer');
    const viewer = await operatorLogin(t.app, viewerMerchant.code, 'viewer1');
    const res = await t.app.inject({ url: '/admin/api/sms-outbox', headers: { authorization: viewer } });
    expect(res.statusCode).toBe(200);
    const bad = await t.app.inject({
      url: '/admin/api/sms-outbox?mobile=abc',
      headers: { authorization: b.op },
    });
    expectError(bad, 'request_param_err');
  });

  it('the settings row is per merchant', async () => {
    const b = await brand();
    await setSms(b, { expiredMinutes: 7 });
    const [row] = await t.database.db.select().from(smsSetting).where(eq(smsSetting.merchantId, b.id));
    expect(row?.expiredMinutes).toBe(7);
  });
});

describe('/admin/api/sms-settings', () => {
  it('reads the defaults, changes them (audited, admin only) and the next code follows', async () => {
    const b = await brand();
    const get = (token: string) =>
      t.app.inject({ url: '/admin/api/sms-settings', headers: { authorization: token } });
    const put = (token: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/sms-settings',
        headers: { authorization: token },
        payload,
      });
    expect((await get(b.op)).json().value).toEqual({
      expiredMinutes: 5,
      maxAttempts: 5,
      perNumberPerHour: 5,
      perIpPerHour: 20,
      dailyQuota: 10000,
    });
    const res = await put(b.op, { expiredMinutes: 10, perIpPerHour: 500 });
    expect(res.json().value).toMatchObject({ expiredMinutes: 10, perIpPerHour: 500, maxAttempts: 5 });
    expect(
      (await post(b, '/wps/verification/sms/register', { mobileNo: freshPhone() })).json().value,
    ).toEqual({
      expiredMinutes: 10,
    });
    expectError(await put(b.op, {}), 'request_param_err');
    expectError(await put(b.op, { expiredMinutes: 0 }), 'request_param_err');
    await createOperator(t.database.db, b.id, 'viewer2', 'viewer');
    const viewer = await operatorLogin(t.app, b.code, 'viewer2');
    expect((await get(viewer)).statusCode).toBe(200);
    expectError(await put(viewer, { expiredMinutes: 3 }), 'forbidden');
    expectError(await get('nope'), 'login.not.session');
    const audit = await t.app.inject({
      url: '/admin/api/audit-log?action=sms.settings.update',
      headers: { authorization: b.op },
    });
    expect(audit.json().value.list[0]).toMatchObject({
      before: expect.objectContaining({ expiredMinutes: 5 }),
      after: expect.objectContaining({ expiredMinutes: 10 }),
    });
  });
});
