import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS } from '@bp/contract';
import { member } from '../db/schema/index.js';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';
import { DEMO_OPERATOR } from '../seed/demo-operator.js';
import { gameOfKind } from '../test/games.js';
import { operatorLogin, createMerchant, freshIp, freshPhone, fund, merchantIdOf } from '../test/factories.js';

/**
 * A client written for the original platform, end to end (issue 12, finding 7): plain JSON bodies
 * (no payload encryption), the raw token in Authorization (no "Bearer"), no slider, no consent ticks,
 * no confirmation, the number as `mobile` and typed with its trunk 0; balances read as JSON numbers.
 * On a merchant whose operator switched the strict settings off it registers, logs in, reads its
 * money and plays; on a merchant with the strict defaults it is refused with catalogued errors.
 */

let t: TestApp;
let seq = 0;
const name = () => `orig${Date.now().toString(36).slice(-4)}${seq++}`;

/** Plain HTTP as the original's clients speak it: JSON body, raw token, the merchant header. */
async function call(
  merchant: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { body?: object; token?: string } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: {
      merchant,
      'content-type': 'application/json',
      ...(opts.token ? { authorization: opts.token } : {}),
    },
    ...(opts.body ? { payload: JSON.stringify(opts.body) } : {}),
  });
  return { status: res.statusCode, text: res.body, json: JSON.parse(res.body) as Record<string, any> };
}

const registerByName = (merchant: string, username: string) =>
  call(merchant, 'PUT', '/wps/member/register', {
    body: { username, password: 'Secret#12', loginDeviceId: 'orig-device-1' },
  });
const registerByMobile = (merchant: string, mobile: string) =>
  call(merchant, 'PUT', '/wps/member/register/mobile', {
    body: { mobile, password: 'Secret#12', referralCode: '', loginDeviceId: 'orig-device-1' },
  });
const login = (merchant: string, username: string) =>
  call(merchant, 'POST', '/wps/session/login', {
    body: { username, password: 'Secret#12', loginDeviceId: 'orig-device-1' },
  });

/** The refusal every client can show: the envelope with a catalogued code and its text. */
function expectRefusal(res: { status: number; json: Record<string, any> }, code: string) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.json).toMatchObject({ success: false, errorCode: code });
  expect(res.json.errorCode in ERRORS).toBe(true);
  expect(typeof res.json.message).toBe('string');
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a client of the original platform', () => {
  it('on a merchant with the strict settings off: registers, logs in by national number, reads numbers, plays', async () => {
    // the demo merchant's operator switches the strict settings off through the operator API
    const op = await operatorLogin(t.app, DEMO.merchant, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    const auth = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/security/auth-settings',
      headers: { authorization: op },
      payload: { sliderRequired: false, consentRequired: false },
    });
    expect(auth.statusCode, auth.body).toBe(200);
    const sms = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/whitelabel/REGMOBVERF3',
      headers: { authorization: op },
      payload: { enabled: false },
    });
    expect(sms.statusCode, sms.body).toBe(200);

    const username = name();
    const byName = await registerByName(DEMO.merchant, username);
    expect(byName.status, byName.text).toBe(200);
    expect(byName.json.value.userName).toBe(username);

    const number = freshPhone();
    const byMobile = await registerByMobile(DEMO.merchant, `0${number}`);
    expect(byMobile.status, byMobile.text).toBe(200);
    expect(byMobile.json.value.userName).toBe(number);

    // typed in national format with the trunk 0, the way the number is written on the phone
    const session = await login(DEMO.merchant, `0${number}`);
    expect(session.status, session.text).toBe(200);
    const token = session.json.value.token as string;
    expect(token).toBeTruthy();
    expect((await login(DEMO.merchant, username)).status).toBe(200);

    await fund(t.database.db, await merchantIdOf(t.database.db), byMobile.json.value.id, 1_234_50n);

    // balances are JSON numbers written with the currency's two decimals
    const balance = await call(DEMO.merchant, 'GET', '/wps/v2/wallets/balance', { token });
    expect(balance.status, balance.text).toBe(200);
    expect(balance.text).toContain('"sumBalance":1234.50');
    expect(balance.text).toMatch(/"availBalance":1234\.50[,}]/);
    const main = balance.json.value.balance.find((r: { accountTypeId: number }) => r.accountTypeId === 2);
    expect(typeof main.availBalance).toBe('number');
    expect(main.availBalance).toBe(1234.5);

    const funds = await call(DEMO.merchant, 'GET', '/wps/member/info/funds/consolidated', { token });
    expect(funds.status, funds.text).toBe(200);
    expect(funds.text).toContain('"sumBalance":1234.50');
    expect(funds.json.value).toMatchObject({
      currency: 'BDT',
      currencySymbol: '৳',
      contractmrdailysalinfotype: 0,
      contracthoursalinfo: 0,
      dailysalinfotype: 0,
      divtypeinfo: 0,
    });

    const info = await call(DEMO.merchant, 'GET', '/wps/member/info', { token });
    expect(info.status, info.text).toBe(200);
    expect(info.text).toContain(number);

    // the lobby: a game's own image as defaultIcon, then a real-money launch
    const slot = await gameOfKind(t.database.db, 'slot');
    const list = await call(
      DEMO.merchant,
      'GET',
      `/wps/relay/GCSGAME_gameList?vassalage=${slot.vendor}&pageSize=50`,
      { token },
    );
    expect(list.status, list.text).toBe(200);
    const game = list.json.value.games.find((g: { nodeId: number }) => g.nodeId === slot.nodeId);
    expect(game).toBeDefined();
    expect(game.defaultIcon).toBe(game.showIcon);
    expect(game.defaultIcon).not.toMatch(/default\.svg/);
    const hot = await call(DEMO.merchant, 'POST', '/wps/relay/GCSGAME_hotGamesV2', { body: {}, token });
    expect(hot.status, hot.text).toBe(200);

    const launch = await call(
      DEMO.merchant,
      'GET',
      `/wps/game/launchGame?nodeId=${game.nodeId}&launchMode=GLS`,
      { token },
    );
    expect(launch.status, launch.text).toBe(200);
    expect(launch.json.value.gameUrl).toMatch(/^\/gs\/play\//);
  });

  it('on a merchant with the strict defaults: refused cleanly, in the envelope, nothing created', async () => {
    const strict = await createMerchant(t.database.db);
    const username = name();
    const byName = await registerByName(strict.code, username);
    expectRefusal(byName, 'register_field_invalid');
    expect(Object.keys(byName.json.value.errors)).toEqual(
      expect.arrayContaining(['termsAccepted', 'ageConfirmed']),
    );
    const number = freshPhone();
    const byMobile = await registerByMobile(strict.code, `0${number}`);
    expectRefusal(byMobile, 'register_field_invalid');
    expect(byMobile.json.value.errors.verificationCode.key).toBe('required');
    // the login asks for the slider the merchant requires, and nothing was registered
    expectRefusal(await login(strict.code, username), 'slider_required');
    const created = await t.database.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.merchantId, strict.id));
    expect(created).toEqual([]);
  });
});
