import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { testClock } from '../../test/clock.js';
import { rows } from '../../platform/sql.js';
import {
  createOperator,
  loginToken,
  TEST_PASSWORD,
  expectLedgerInvariants,
  mainBalance,
  memberSession,
  merchantIdOf,
  operatorLogin,
  operatorToken,
} from '../../test/factories.js';

const DAY = 86_400_000;
// frozen (a test does not cross a merchant midnight by itself), moved a day on where a test says so;
// the test that moves it runs last (operator sessions are checked against the database's clock)
const clock = testClock({ at: new Date() });
const dayAfter = (day: string, n = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
let t: TestApp;
let merchantId: number;
let admin: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const member = () => memberSession(t.app, db(), merchantId);
async function relogin(m: { username: string; headers: Headers }) {
  m.headers.authorization = await loginToken(t.app, db(), m.username, TEST_PASSWORD);
}

async function checkinPromotion(extra: Record<string, unknown> = {}, dayAmounts?: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'other_promo',
      title: { EN: `Check-in ${randomBytes(3).toString('hex')}` },
      trigger: 'DAILY_LOGIN',
      rewardKind: 'FIXED',
      rewardAmount: '5',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().value.id as number;
  if (dayAmounts) {
    const set = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${id}/checkin-days`,
      headers: { authorization: admin },
      payload: { dayAmounts },
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  return id;
}
const claim = (headers: Headers, promotionId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_claimLoginPromotion',
    headers,
    payload: { promotionId },
  });
async function calendar(headers: Headers, promotionId: number) {
  const res = await t.app.inject({
    url: `/wps/relay/MCSFE_getLoginPromotionCalendar?promotionId=${promotionId}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

describe('daily check-in', () => {
  it('pays 20 parallel check-ins of one day once', async () => {
    const id = await checkinPromotion({}, ['7']);
    const m = await member();
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(m.headers, id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await mainBalance(db(), m.id)).toBe(7_00n);
    const [n] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entry e join promotion_claim c on e.idem_key = 'promo:grant:' || c.id
          where c.promotion_id = ${id}`,
    );
    expect(n!.n).toBe(1);
    await expectLedgerInvariants(db());
  });

  it('pays bonus money with wagering when the promotion asks it; the promotions list shows Claim then Signed', async () => {
    const id = await checkinPromotion({ rewardAmount: '4', wageringMultiple: 3 });
    const m = await member();
    const status = async () => {
      const res = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: m.headers });
      return (res.json().value as { id: number; status: string }[]).find((p) => p.id === id)?.status;
    };
    expect(await status()).toBe('Claim');
    // the legacy accept call signs today as well
    const join = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions',
      headers: m.headers,
      payload: { promotionId: id },
    });
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json().value).toMatchObject({
      state: 'ACTIVE',
      bonusAmount: '4.00',
      requiredTurnover: '12.00',
    });
    expect(await status()).toBe('Signed');
    expect(await mainBalance(db(), m.id)).toBe(0n);
    const cal = await calendar(m.headers, id);
    expect(cal).toMatchObject({ todayStatus: 'Signed', wageringMultiple: 3, dayAmounts: ['4.00'] });
  });

  it('records the daily heartbeat once a day', async () => {
    const m = await member();
    const a = await t.app.inject({
      url: '/wps/relay/PROMOFE_recordCustomerHeartbeatDaily',
      headers: m.headers,
    });
    expect(a.statusCode, a.body).toBe(200);
    const b = await t.app.inject({
      url: '/wps/relay/PROMOFE_recordCustomerHeartbeatDaily',
      headers: m.headers,
    });
    expect(b.json().value).toEqual({ day: a.json().value.day, activeDaysThisWeek: 1 });
  });

  it('refuses day amounts from a viewer, for another trigger, and bad amounts; answers no check-in when none runs', async () => {
    const id = await checkinPromotion();
    await createOperator(db(), merchantId, 'ckviewer', 'viewer');
    const viewer = await operatorLogin(t.app, DEMO.merchant, 'ckviewer');
    const put = (token: string, pid: number, dayAmounts: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/promotions/${pid}/checkin-days`,
        headers: { authorization: token },
        payload: { dayAmounts },
      });
    expect((await put(viewer, id, ['1'])).statusCode).toBe(403);
    expect((await put(admin, id, ['0'])).statusCode).toBe(422);
    expect((await put(admin, id, [])).statusCode).toBe(422);
    const other = await t.app.inject({
      method: 'POST',
      url: '/admin/api/promotions',
      headers: { authorization: admin },
      payload: {
        category: 'other_promo',
        title: { EN: 'x' },
        trigger: 'CLAIM',
        rewardKind: 'FIXED',
        rewardAmount: '1',
      },
    });
    expect((await put(admin, other.json().value.id, ['1'])).statusCode).toBe(409);
    expect((await put(admin, id, ['1', '2.5'])).statusCode).toBe(200);
    const audit = await rows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'promotion' and entity_id = ${String(id)} and action = 'promotion.checkinDays'`,
    );
    expect(audit).toHaveLength(1);
    const m = await member();
    const none = await t.app.inject({
      url: `/wps/relay/MCSFE_getLoginPromotionCalendar?promotionId=${other.json().value.id}`,
      headers: m.headers,
    });
    expect(none.statusCode).toBe(404);
    expect(none.body).toContain('checkin_unavailable');
  });
  it('pays today once, the next day again at the streak amount, and shows the calendar', async () => {
    const id = await checkinPromotion({}, ['10', '20', '50']);
    const m = await member();
    const before = await calendar(m.headers, id);
    expect(before).toMatchObject({ todayStatus: 'Claim', consecutiveDays: 0 });
    const today = before.today as string;
    expect(before.dayAmounts).toEqual(['10.00', '20.00', '50.00']);
    // the week from Monday, today in it
    const dates = before.days.map((d: { date: string }) => d.date) as string[];
    expect(new Date(`${dates[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(dates).toEqual(Array.from({ length: 7 }, (_, i) => dayAfter(dates[0]!, i)));
    const at = dates.indexOf(today);
    expect(at).toBeGreaterThanOrEqual(0);
    // projected: today day 1 of a streak, then 2, 3, then the list again; missed days pay nothing
    const cycle = ['10.00', '20.00', '50.00'];
    expect(before.days.map((d: { amount: string | null }) => d.amount)).toEqual(
      dates.map((_, i) => (i < at ? null : cycle[(i - at) % 3])),
    );

    const first = await claim(m.headers, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ reward: '10.00', todayStatus: 'Signed', consecutiveDays: 1 });
    const again = await claim(m.headers, id);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('checkin_already_signed');
    expect(await mainBalance(db(), m.id)).toBe(10_00n);

    // a day later the session has gone idle: the member logs in again
    clock.advance(DAY);
    await relogin(m);
    const next = await claim(m.headers, id);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().value).toMatchObject({ reward: '20.00', consecutiveDays: 2, today: dayAfter(today) });
    const cal = await calendar(m.headers, id);
    // both days when they are in one week (today was not a Sunday), else the new week's first
    expect(
      cal.days.filter((d: { signed: boolean }) => d.signed).map((d: { date: string }) => d.date),
    ).toEqual(at === 6 ? [dayAfter(today)] : [today, dayAfter(today)]);
    expect(cal.todayStatus).toBe('Signed');
    expect(await mainBalance(db(), m.id)).toBe(30_00n);

    // a day missed: the streak starts again at day 1
    clock.advance(2 * DAY);
    await relogin(m);
    const after = await claim(m.headers, id);
    expect(after.json().value).toMatchObject({
      reward: '10.00',
      consecutiveDays: 1,
      today: dayAfter(today, 3),
    });
    const claims = await rows<{ occurrence: string; status: string }>(
      db(),
      sql`select occurrence, status from promotion_claim where promotion_id = ${id} and member_id = ${m.id} order by id`,
    );
    expect(claims).toEqual([
      { occurrence: today, status: 'CONVERTED' },
      { occurrence: dayAfter(today), status: 'CONVERTED' },
      { occurrence: dayAfter(today, 3), status: 'CONVERTED' },
    ]);
    await expectLedgerInvariants(db());
  });
});
