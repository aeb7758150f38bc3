import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSystemStatus } from '@bp/contract';
import type { z } from 'zod';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { merchantIdOf, operatorToken } from '../../test/factories.js';
import type { ModuleRegister } from '../../platform/module.js';

/**
 * GET /wps/system/status is written from cached JSON (the merchant's part once per merchant state).
 * Two instances on one database, their event buses bridged over the local Redis: an operator change
 * made through A is what B answers as soon as B hears `merchant.changed`, though B had the old answer
 * cached; both answer the same bytes for the same caller.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Resolves when the instance's bus carries merchant.changed for `merchantId` (after the app's own listeners). */
function changes() {
  const waiting: { merchantId: number; resolve: () => void }[] = [];
  const register: ModuleRegister = (ctx) => {
    ctx.events.on('merchant.changed', ({ merchantId }) => {
      for (const w of waiting.splice(0)) {
        if (w.merchantId === merchantId) w.resolve();
        else waiting.push(w);
      }
    });
  };
  const next = (merchantId: number) => new Promise<void>((resolve) => waiting.push({ merchantId, resolve }));
  return { register, next };
}

let a: TestApp;
let b: TestApp;
const onB = changes();
let merchantId: number;
let op: string;

beforeAll(async () => {
  const env = { TRUST_PROXY: 'true', REDIS_URL, EVENT_CHANNEL: `bp-test:${randomBytes(6).toString('hex')}` };
  a = await createTestApp({ env });
  b = await createTestApp({ env, sharing: a, deps: { extraModules: [onB.register] } });
  merchantId = await merchantIdOf(a.database.db);
  op = await operatorToken(a.app);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const CALLER = { merchant: DEMO.merchant, 'x-forwarded-for': '103.4.145.2' };
async function status(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: CALLER });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = res.json() as { success: true; value: z.infer<typeof ZSystemStatus> };
  expect(body.success).toBe(true);
  ZSystemStatus.parse(body.value);
  return { text: res.body, value: body.value };
}
/** Customer-service links are sealed afresh by each instance (and after each reload): compare the rest. */
const unsealed = (v: z.infer<typeof ZSystemStatus>) => ({
  ...v,
  info: { ...v.info, customerService: v.info.customerService.map((c) => ({ ...c, path: '' })) },
});
const reg3 = (v: z.infer<typeof ZSystemStatus>) => v.info.whitelabel.find((n) => n.modId === 'REG3')?.enabled;

async function asOperator(method: 'PUT', url: string, payload: object) {
  const res = await a.app.inject({ method, url, headers: { authorization: op }, payload });
  expect(res.statusCode, res.body).toBe(200);
}

describe('status answer cached across instances', () => {
  it('answers the same bytes twice in a row, and the same answer on both instances', async () => {
    const first = await status(b);
    expect((await status(b)).text).toBe(first.text);
    expect(unsealed((await status(a)).value)).toEqual(unsealed(first.value));
    expect(first.value).toMatchObject({ maintenance: false, status: 0, location: { countryCode: 'BD' } });
  });

  it("serves an operator's change made through A on B once B hears of it (merchant part and site state)", async () => {
    const before = await status(b); // cached on B
    expect(reg3(before.value)).toBe('1');

    let heard = onB.next(merchantId);
    await asOperator('PUT', '/admin/api/whitelabel/REG3', { enabled: false });
    await heard;
    const switched = await status(b);
    expect(reg3(switched.value)).toBe('0');
    expect(unsealed(switched.value)).toEqual(unsealed((await status(a)).value));

    heard = onB.next(merchantId);
    await asOperator('PUT', '/admin/api/maintenance', { enabled: true, message: 'Back soon' });
    await heard;
    const closed = await status(b);
    expect(closed.value).toMatchObject({ maintenance: true, status: 1 });
    expect(closed.value.maintenanceInfo?.message).toBe('Back soon');
    expect(reg3(closed.value)).toBe('0');

    heard = onB.next(merchantId);
    await asOperator('PUT', '/admin/api/maintenance', { enabled: false });
    await heard;
    heard = onB.next(merchantId);
    await asOperator('PUT', '/admin/api/whitelabel/REG3', { enabled: true });
    await heard;
    const reopened = await status(b);
    expect(reopened.value).toMatchObject({ maintenance: false, status: 0, maintenanceInfo: null });
    expect(reg3(reopened.value)).toBe('1');
    expect(unsealed(reopened.value)).toEqual(unsealed(before.value));
  });
});
