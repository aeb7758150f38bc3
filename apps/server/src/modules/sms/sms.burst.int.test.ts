import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sliderChallenge, smsCode } from '../../db/schema/index.js';
import type { ModuleRegister } from '../../platform/module.js';
import { memberServiceFor } from '../member/index.js';
import type { MemberService } from '../member/index.js';
import { createOperator, operatorLogin, createMerchant, freshIp, freshPhone } from '../../test/factories.js';

/**
 * One-time codes and slider challenges under a parallel burst (issue 12): the attempt is counted and
 * decided in one step before the code is compared (the code's row is locked, its attempts read and
 * raised in one transaction; a challenge is marked attempted by one conditional update), so a burst
 * of 3 x the limit never compares more codes than the limit allows, and the right code sent into the
 * burst after the limit is used up is refused.
 */

let t: TestApp;
let members: MemberService;
const peer: ModuleRegister = (ctx) => {
  members = memberServiceFor(ctx);
};

beforeAll(async () => {
  t = await createTestApp({ deps: { extraModules: [peer] } });
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;

async function brand() {
  const m = await createMerchant(t.database.db);
  await createOperator(t.database.db, m.id, 'ops', 'admin');
  return { ...m, op: await operatorLogin(t.app, m.code, 'ops') };
}

async function lastCode(b: { op: string }, mobile: string) {
  const res = await t.app.inject({
    url: `/admin/api/sms-outbox?mobile=${mobile}`,
    headers: { authorization: b.op },
  });
  const m = /\b([0-9]{6})\b/.exec(res.json().value.list[0]?.text ?? '');
  if (!m) throw new Error(`no code for ${mobile}`);
  return m[1]!;
}

describe('SMS code under a parallel burst', () => {
  it('compares at most maxAttempts wrong codes; the right one sent past them is refused', async () => {
    const b = await brand();
    // the login's own failure limits out of the way: the code's attempt limit alone decides
    await members.updateSettings(t.database.db, b.id, {
      lockoutFailures: 1000,
      ipLockoutFailures: 1000,
      captchaAfterFailures: 1000,
      sliderRequired: false,
    });
    const phone = freshPhone();
    await members.createMember(t.database.db, {
      merchantId: b.id,
      username: `burst${seq++}`,
      password: 'Secret#123',
      mobile: phone,
      countryDialingCode: '+880',
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { merchant: b.code },
      remoteAddress: freshIp(),
      payload: { mobileNum: phone },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode(b, phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { merchant: b.code },
        remoteAddress: freshIp(),
        payload: { username: phone, password, type: 'sms', countryDialingCode: '+880' },
      });

    const limit = 5;
    const wrong = await Promise.all(Array.from({ length: limit * 3 - 1 }, () => login(wrongCode)));
    expect(wrong.every((r) => r.statusCode >= 400 && r.statusCode < 500)).toBe(true);
    const right = await login(code);
    expect(right.statusCode).not.toBe(200);
    expect(right.json().success).toBe(false);

    const [row] = await t.database.db
      .select({ attempts: smsCode.attempts, usedAt: smsCode.usedAt })
      .from(smsCode)
      .where(and(eq(smsCode.merchantId, b.id), eq(smsCode.mobile, phone)));
    // every compared wrong code raised the count; none was compared past the limit
    expect(row!.attempts).toBe(limit);
    expect(row!.usedAt).toBeNull();
  });
});

describe('slider challenge under a parallel burst', () => {
  it('one challenge is evaluated once, whatever the number of parallel answers', async () => {
    const b = await brand();
    const challenge = await t.app.inject({ url: '/wps/captcha/slider', headers: { merchant: b.code } });
    expect(challenge.statusCode, challenge.body).toBe(200);
    const { id } = challenge.json().value as { id: string };
    const [target] = await t.database.db
      .select({ x: sliderChallenge.targetX })
      .from(sliderChallenge)
      .where(eq(sliderChallenge.id, id));
    // fourteen wrong answers and the right one, all in flight together
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/captcha/slider/verify',
          headers: { merchant: b.code },
          remoteAddress: freshIp(),
          payload: { id, x: i === 14 ? target!.x : target!.x + 40 + i * 7 },
        }),
      ),
    );
    // one answer is judged; the others are refused without being compared
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(answers.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const [row] = await t.database.db
      .select({ verifiedAt: sliderChallenge.verifiedAt, tokenHash: sliderChallenge.tokenHash })
      .from(sliderChallenge)
      .where(eq(sliderChallenge.id, id));
    expect(row!.verifiedAt).not.toBeNull();
    // a token exists exactly when the judged answer was the right one
    expect(row!.tokenHash !== null).toBe(ok.length === 1);
    if (ok.length === 1) expect(ok[0]!.json().value.sliderToken).toEqual(expect.any(String));
  });
});
