import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { memberSession, merchantIdOf, operatorToken } from '../../test/factories.js';

/**
 * The promotion lists' filters (SPEC 2.7: categories with counts, tags, the next or previous 7 or 30
 * days), the legacy list and the deposit page's list (API-REFERENCE 3.7 `/wps/promotions[/deposit]`).
 */

let t: TestApp;
let admin: string;
const DAY = 86_400_000;
const visitor = { merchant: DEMO.merchant };

beforeAll(async () => {
  t = await createTestApp();
  await merchantIdOf(t.database.db);
  admin = await operatorToken(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
async function promotion(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'fish_promo',
      title: { EN: `Lists ${randomBytes(3).toString('hex')}` },
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '3',
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number };
}
async function ids(url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success, res.body).toBe(true);
  return (res.json().value as { id: number }[]).map((p) => p.id);
}
const windowOf = (fromDays: number, toDays: number) =>
  `from=${encodeURIComponent(at(fromDays))}&to=${encodeURIComponent(at(toDays))}`;

describe('promotion list filters', () => {
  it('date presets include what runs inside the window, ended ones for the past; tags filter', async () => {
    const ended = await promotion({ startDate: at(-20), endDate: at(-10), tags: ['DAILY'] });
    const running = await promotion({ startDate: at(-1), endDate: at(3), tags: ['VIP', 'DAILY'] });
    const soon = await promotion({ startDate: at(5), endDate: at(9) });
    const later = await promotion({ startDate: at(20), endDate: at(25) });
    const mine = [ended.id, running.id, soon.id, later.id];
    const of = async (q: string, headers: Record<string, string> = visitor) =>
      (await ids(`/wps/relay/MCSFE_getMerchantAvailablePromotions?category=fish_promo&${q}`, headers)).filter(
        (id) => mine.includes(id),
      );
    // no window: running and coming, not ended
    expect(await of('')).toEqual([running.id, soon.id, later.id]);
    expect(await of(windowOf(0, 7))).toEqual([running.id, soon.id]);
    expect(await of(windowOf(0, 30))).toEqual([running.id, soon.id, later.id]);
    expect(await of(windowOf(-7, 0))).toEqual([running.id]);
    expect(await of(windowOf(-30, 0))).toEqual([ended.id, running.id]);
    expect(await of(`tag=DAILY&${windowOf(-30, 0)}`)).toEqual([ended.id, running.id]);
    expect(await of('tag=VIP')).toEqual([running.id]);

    // a member's lists take the same filters, an ended promotion shows Close
    const m = await memberSession(t.app, t.database.db, await merchantIdOf(t.database.db));
    const res = await t.app.inject({
      url: `/wps/relay/MCSFE_getAvailablePromotions?category=fish_promo&${windowOf(-30, 0)}`,
      headers: m.headers,
    });
    const list = res.json().value as { id: number; status: string }[];
    expect(list.find((p) => p.id === ended.id)?.status).toBe('Close');
    expect(list.find((p) => p.id === running.id)?.status).toBe('Claim');
    expect(
      (await ids('/wps/promotions?tag=VIP&category=fish_promo', m.headers)).filter((i) => mine.includes(i)),
    ).toEqual([running.id]);
  });

  it('refuses a half, reversed or too long window in the envelope', async () => {
    for (const q of [`from=${encodeURIComponent(at(0))}`, windowOf(7, 0), windowOf(-100, 0), 'tag=NOPE']) {
      const res = await t.app.inject({
        url: `/wps/relay/MCSFE_getMerchantAvailablePromotions?${q}`,
        headers: visitor,
      });
      expect(res.statusCode, q).toBeLessThan(500);
      expect(res.json().success, q).toBe(false);
      expect(res.json().errorCode, q).toBe('request_param_err');
    }
  });

  it('PROMOFE_getPromotionAnnouncementCategory counts what runs or is coming, per SPEC 2.7 category', async () => {
    const count = async () => {
      const res = await t.app.inject({
        url: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
        headers: visitor,
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().value as { category: string; count: number }[];
      expect(list[0]!.category).toBe('sport_promo');
      expect(list).toHaveLength(13);
      return list.find((c) => c.category === 'app_download')!.count;
    };
    const before = await count();
    await promotion({ category: 'app_download' });
    await promotion({ category: 'app_download', startDate: at(-9), endDate: at(-8) });
    expect(await count()).toBe(before + 1);
  });

  it('the deposit list holds the deposit promotions the member can join or has joined', async () => {
    const welcome = await promotion({
      category: 'deposit_promo',
      trigger: 'FIRST_DEPOSIT',
      rewardKind: 'PERCENT',
      rewardPercent: 50,
      rewardCap: '100',
    });
    const claim = await promotion({ category: 'deposit_promo' });
    const m = await memberSession(t.app, t.database.db, await merchantIdOf(t.database.db));
    expect(await ids('/wps/promotions/deposit', m.headers)).toContain(welcome.id);
    expect(await ids('/wps/promotions/deposit', m.headers)).not.toContain(claim.id);
    const join = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions',
      headers: m.headers,
      payload: { promotionId: welcome.id },
    });
    expect(join.statusCode, join.body).toBe(200);
    const res = await t.app.inject({ url: '/wps/promotions/deposit', headers: m.headers });
    expect(
      (res.json().value as { id: number; status: string }[]).find((p) => p.id === welcome.id)?.status,
    ).toBe('Joined');
  });
});
