import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createTestMember,
  createOperator,
  operatorLogin,
  createMerchant,
  loginRequest,
  solveSlider,
  freshIp,
  freshPhone,
} from '../../test/factories.js';
import { testClock } from '../../test/clock.js';

/**
 * Issue 12: an account created by mobile registration is found by every common spelling of its number
 * (trunk 0, none, +880, 880, spaces and dashes) for password login, SMS login and reset by phone; a
 * username is never shadowed by someone's number, and every spelling counts against one lockout.
 */
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Secret#12';

interface Brand {
  id: number;
  code: string;
  op: string;
}
async function brand(): Promise<Brand> {
  const m = await createMerchant(t.database.db);
  await createOperator(t.database.db, m.id, 'ops', 'admin');
  const b = { ...m, op: await operatorLogin(t.app, m.code, 'ops') };
  // captcha out of the way: the lockout is what these tests look at
  const res = await op(b, 'PUT', '/admin/api/security/auth-settings', { captchaAfterFailures: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return b;
}
const op = (b: Brand, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: b.op }, payload: payload as object | undefined });
const post = (b: Brand, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { merchant: b.code }, remoteAddress: freshIp(), payload });

async function outboxCode(b: Brand, phone: string): Promise<string> {
  clock.advance(1100);
  const res = await op(b, 'GET', `/admin/api/sms-outbox?mobile=${phone}`);
  const text = (res.json().value.list as { text: string }[])[0]?.text ?? '';
  return /\b([0-9]{6})\b/.exec(text)![1]!;
}

/** A member registered through PUT /wps/member/register/mobile with its SMS code, as typed at home. */
async function mobileMember(b: Brand): Promise<{ phone: string; id: number }> {
  const phone = freshPhone();
  const sent = await post(b, 'POST', '/wps/verification/sms/register', { mobileNo: `0${phone}` });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await post(b, 'PUT', '/wps/member/register/mobile', {
    mobileNum: `0${phone}`,
    verificationCode: await outboxCode(b, phone),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsAccepted: true,
    ageConfirmed: true,
    sliderToken: await solveSlider(t.app, t.database.db, b.code),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().value.userName).toBe(phone);
  return { phone, id: res.json().value.id };
}

const spellings = (p: string) => [
  `0${p}`,
  p,
  `+880${p}`,
  `880${p}`,
  `+880 ${p.slice(0, 4)}-${p.slice(4)}`,
  `0${p.slice(0, 3)}-${p.slice(3, 6)} ${p.slice(6)}`,
];
const passwordLogin = (b: Brand, username: string, password = PASSWORD) =>
  loginRequest(t.app, t.database.db, username, password, { merchant: b.code, remoteAddress: freshIp() });

describe('login with a mobile number in any common spelling', () => {
  it('password login finds the mobile-registered account by each spelling', async () => {
    const b = await brand();
    const { phone, id } = await mobileMember(b);
    for (const typed of spellings(phone)) {
      const res = await passwordLogin(b, typed);
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json().value).toMatchObject({ id, userName: phone });
    }
  });

  it('failures under different spellings count against the one account', async () => {
    const b = await brand();
    const { phone } = await mobileMember(b);
    const typed = spellings(phone);
    for (let i = 0; i < 4; i++) {
      const res = await passwordLogin(b, typed[i % typed.length]!, 'Wrong#123');
      expect(res.json().errorCode, res.body).toBe('login_failed');
    }
    expect((await passwordLogin(b, typed[4]!, 'Wrong#123')).json().errorCode).toBe('TOO_MANY_REQUESTS');
    // locked: the right password under yet another spelling is refused too
    const locked = await passwordLogin(b, typed[5]!);
    expect(locked.statusCode, locked.body).toBe(429);
  });

  it('a username that spells a number is not shadowed, and does not take the number owner’s login', async () => {
    const b = await brand();
    const { phone, id } = await mobileMember(b);
    // an account whose username is another spelling of the number (made directly: registration refuses it)
    const squat = await createTestMember(t.database.db, b.id, {
      username: `880${phone}`,
      password: 'Other#123',
    });
    const own = await passwordLogin(b, `880${phone}`, 'Other#123');
    expect(own.json().value?.id, own.body).toBe(squat.id);
    // the squatter's password does not open the number's account under that spelling or any other
    expect((await passwordLogin(b, `0${phone}`, 'Other#123')).json().errorCode).toBe('login_failed');
    const owner = await passwordLogin(b, `+880${phone}`);
    expect(owner.json().value?.id, owner.body).toBe(id);
  });

  it('SMS login: code requested and used under different spellings', async () => {
    const b = await brand();
    const { phone, id } = await mobileMember(b);
    const sent = await post(b, 'POST', '/wps/verification/sms/noLogin', { mobileNum: `+880 ${phone}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await outboxCode(b, phone);
    const res = await post(b, 'POST', '/wps/session/login', {
      username: `880${phone}`,
      password: code,
      type: 'sms',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.id).toBe(id);
  });

  it('reset by phone: code and new password under different spellings, without a dialing code', async () => {
    const b = await brand();
    const { phone, id } = await mobileMember(b);
    const sent = await post(b, 'POST', '/wps/member/password/sms', { mobileNum: `880${phone}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await outboxCode(b, phone);
    const reset = await post(b, 'POST', '/wps/member/password/verification', {
      mobileNum: `+880 ${phone}`,
      verificationCode: code,
      newPassword: 'Newer#456',
      confirmNewPassword: 'Newer#456',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().value.id).toBe(id);
    expect((await passwordLogin(b, `0${phone}`, 'Newer#456')).statusCode).toBe(200);
  });
});
