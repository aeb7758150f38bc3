import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import {
  expectLedgerInvariants,
  loginToken,
  mainBalance,
  merchantIdOf,
  newMember,
  operatorToken,
  registerWithCode,
  setModule,
  TEST_PASSWORD,
} from '../../test/factories.js';

/**
 * Bonus abuse and eligibility rules of a promotion (issue 16, migration 0091): one claim per device
 * and per address across a merchant's accounts (the claim's and the registration's), the countries
 * (the claim address's, through geoip-country) and the client kinds (the session's user agent) it is
 * for; each refusal with its own error code, and the per-device limit held under parallel claims.
 */

let t: TestApp;
let merchantId: number;
let admin: string;
const db = () => t.database.db;
const BD_IP = '103.4.145.2';
const US_IP = '8.8.8.8';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function promotion(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'new_player',
      title: { EN: `Abuse ${randomBytes(3).toString('hex')}` },
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '10',
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Record<string, unknown> & { id: number };
}

/** A member logged in on a device (its SHELL_deviceId) with a user agent: its session's headers. */
async function on(device: string | null, userAgent = DESKTOP_UA) {
  const m = await newMember(db(), merchantId);
  const token = await loginToken(t.app, db(), m.username, TEST_PASSWORD, {
    headers: { 'user-agent': userAgent, ...(device ? { cookie: `SHELL_deviceId=${device}` } : {}) },
  });
  return { ...m, headers: { merchant: DEMO.merchant, authorization: token } };
}
const claim = (headers: Record<string, string>, promotionId: number, remoteAddress = '10.20.30.40') =>
  t.app.inject({ method: 'POST', url: '/wps/promotions', headers, remoteAddress, payload: { promotionId } });

describe('bonus abuse rules', () => {
  it('keeps the rules with the promotion (operator API) and refuses a device kind outside the list', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/admin/api/promotions',
      headers: { authorization: admin },
      payload: { category: 'new_player', title: { EN: 'x' }, trigger: 'CLAIM', devices: ['TV'] },
    });
    expect(bad.json().errorCode).toBe('request_param_err');
    const lower = await t.app.inject({
      method: 'POST',
      url: '/admin/api/promotions',
      headers: { authorization: admin },
      payload: { category: 'new_player', title: { EN: 'x' }, trigger: 'CLAIM', countries: ['bd'] },
    });
    expect(lower.json().errorCode).toBe('request_param_err');
    const p = await promotion({ onePerDevice: true, countries: ['BD', 'BD'], devices: ['MOBILE'] });
    expect(p).toMatchObject({ onePerDevice: true, countries: ['BD'], devices: ['MOBILE'] });
    // a change sets what it names and keeps the rest
    const put = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p.id}`,
      headers: { authorization: admin },
      payload: {
        category: 'new_player',
        title: { EN: 'changed' },
        trigger: 'CLAIM',
        rewardKind: 'FIXED',
        rewardAmount: '10',
        onePerIp: true,
        countries: ['IN'],
        devices: [],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().value).toMatchObject({
      onePerIp: true,
      onePerDevice: true,
      countries: ['IN'],
      devices: [],
    });
  });

  it('one per device: a second account on the same device is refused, another device collects', async () => {
    const p = await promotion({ onePerDevice: true });
    const device = `dev-${randomBytes(6).toString('hex')}`;
    const a = await on(device);
    const b = await on(device);
    const c = await on(`dev-${randomBytes(6).toString('hex')}`);
    expect((await claim(a.headers, p.id, '10.1.1.1')).statusCode).toBe(200);
    const refused = await claim(b.headers, p.id, '10.1.1.2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('promotion_device_limit');
    // the refusal speaks the member's language
    const bn = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions',
      headers: { ...b.headers, language: 'bn' },
      payload: { promotionId: p.id },
    });
    expect(bn.json().message).toMatch(/[\u0980-\u09FF]/);
    expect((await claim(c.headers, p.id, '10.1.1.3')).statusCode).toBe(200);
    expect(await mainBalance(db(), a.id)).toBe(10_00n);
    expect(await mainBalance(db(), b.id)).toBe(0n);
    expect(await mainBalance(db(), c.id)).toBe(10_00n);
    await expectLedgerInvariants(db());
  });

  it('one per device under parallel claims: of 8 accounts on one device exactly one is paid', async () => {
    const p = await promotion({ onePerDevice: true });
    const device = `dev-${randomBytes(6).toString('hex')}`;
    const members = [];
    for (let i = 0; i < 8; i++) members.push(await on(device));
    const answers = await Promise.all(members.map((m, i) => claim(m.headers, p.id, `10.2.0.${i + 1}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().errorCode)).toEqual(
      Array(7).fill('promotion_device_limit'),
    );
    let paid = 0n;
    for (const m of members) paid += await mainBalance(db(), m.id);
    expect(paid).toBe(10_00n);
    const [keys] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from promotion_claim_key where promotion_id = ${p.id}`,
    );
    expect(keys!.n).toBe(1);
    await expectLedgerInvariants(db());
  });

  it('one per IP counts the registration address as well as the claim address', async () => {
    const p = await promotion({ onePerIp: true });
    await setModule(t.app, admin, 'REGMOBVERF3', false);
    const usernames = [`ab${randomBytes(5).toString('hex')}`, `ab${randomBytes(5).toString('hex')}`];
    for (const username of usernames) {
      const reg = await registerWithCode(t.app, db(), 'DEMO2026', { username, remoteAddress: '10.3.3.3' });
      expect(reg.statusCode, reg.body).toBe(200);
    }
    const [first, second] = await Promise.all(
      usernames.map(async (u) => ({
        merchant: DEMO.merchant,
        authorization: await loginToken(t.app, db(), u, 'Secret#12'),
      })),
    );
    expect((await claim(first!, p.id, '10.3.4.1')).statusCode).toBe(200);
    // another address now, but registered from the first one's registration address
    const refused = await claim(second!, p.id, '10.3.4.2');
    expect(refused.json().errorCode).toBe('promotion_ip_limit');
  });

  it('countries: the claim address must be in one of them (an address without a country is refused)', async () => {
    const p = await promotion({ countries: ['BD'] });
    const a = await on(null);
    const b = await on(null);
    const c = await on(null);
    const us = await claim(a.headers, p.id, US_IP);
    expect(us.statusCode).toBe(403);
    expect(us.json().errorCode).toBe('promotion_country_not_allowed');
    expect((await claim(b.headers, p.id, '10.4.4.4')).json().errorCode).toBe('promotion_country_not_allowed');
    expect((await claim(c.headers, p.id, BD_IP)).statusCode).toBe(200);
    // a refused claim leaves no claim behind: the member may claim from an allowed country later
    expect((await claim(a.headers, p.id, BD_IP)).statusCode).toBe(200);
  });

  it('devices: the session must be of an allowed kind (web, mobile browser, app)', async () => {
    const p = await promotion({ devices: ['MOBILE', 'APP'] });
    const desk = await on(null, DESKTOP_UA);
    const phone = await on(null, PHONE_UA);
    const app = await on(null, APP_UA);
    const r = await claim(desk.headers, p.id);
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('promotion_device_not_allowed');
    expect((await claim(phone.headers, p.id)).statusCode).toBe(200);
    expect((await claim(app.headers, p.id)).statusCode).toBe(200);
    const appOnly = await promotion({ devices: ['APP'] });
    expect((await claim(phone.headers, appOnly.id)).json().errorCode).toBe('promotion_device_not_allowed');
    expect((await claim(app.headers, appOnly.id)).statusCode).toBe(200);
  });

  it('a raffle on one device takes one entry: a second account there is refused', async () => {
    const p = await promotion({ trigger: 'RAFFLE', rewardKind: 'RAFFLE', onePerDevice: true });
    const set = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p.id}/raffle`,
      headers: { authorization: admin },
      payload: {
        drawDate: new Date(Date.now() + 3_600_000).toISOString(),
        prizes: [{ amount: '5', count: 1 }],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const device = `dev-${randomBytes(6).toString('hex')}`;
    const [a, b] = [await on(device, PHONE_UA), await on(device, PHONE_UA)];
    const enter = (headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_claimRafflePromotion',
        headers,
        remoteAddress,
        payload: { promotionId: p.id },
      });
    const answers = await Promise.all([enter(a.headers, '10.5.5.1'), enter(b.headers, '10.5.5.2')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().errorCode).toBe('promotion_device_limit');
  });

  it('a sign-up bonus on one device is paid to the first account registered there; the second registers without it', async () => {
    const p = await promotion({ trigger: 'SIGN_UP', onePerDevice: true, rewardAmount: '7' });
    await setModule(t.app, admin, 'REGMOBVERF3', false);
    const device = `dev-${randomBytes(6).toString('hex')}`;
    const names = [`sd${randomBytes(5).toString('hex')}`, `sd${randomBytes(5).toString('hex')}`];
    for (const username of names) {
      const reg = await registerWithCode(t.app, db(), 'DEMO2026', {
        username,
        headers: { cookie: `SHELL_deviceId=${device}` },
      });
      expect(reg.statusCode, reg.body).toBe(200);
    }
    const paid = await rows<{ username: string; n: number }>(
      db(),
      sql`select m.username, count(c.id)::int as n from member m
          left join promotion_claim c on c.member_id = m.id and c.promotion_id = ${p.id}
          where m.merchant_id = ${merchantId} and m.username = any(${`{${names.join(',')}}`}::text[])
          group by m.username`,
    );
    expect(Object.fromEntries(paid.map((r) => [r.username, r.n]))).toEqual({
      [names[0]!]: 1,
      [names[1]!]: 0,
    });
  });
});
