import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { testClock } from '../../test/clock.js';
import { rows } from '../../platform/sql.js';
import { addDays, dayStartInstant, merchantDay, weekStartOf } from '../../platform/merchant-day.js';
import {
  addVendor,
  expectLedgerInvariants,
  fund,
  loginToken,
  mainBalance,
  memberSession,
  merchantIdOf,
  openVendorSession,
  operatorToken,
  TEST_PASSWORD,
  vendorCallback,
} from '../../test/factories.js';

/**
 * The BET_VOLUME trigger (issue 16, "bet volume in a period"): a member's valid bets (THE definition:
 * settled rounds, by the catalogue's game type) in the promotion's period reach its target, then the
 * member claims its reward once per period (merchant days and Monday-first weeks, in the merchant's
 * time zone); parallel claims pay once.
 */
const VENDOR = 'BETVOL';
const DAY = 86_400_000;
// frozen: a test never crosses a merchant midnight by itself; the one that moves it runs last
const clock = testClock({ at: new Date() });
let t: TestApp;
let merchantId: number;
let admin: string;
let timeZone: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ deps: { clock }, poolMax: 12 });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  await addVendor(db(), merchantId, VENDOR);
  await db().execute(
    sql`insert into game_vendor (code, names) values (${VENDOR}, '{"EN":"x"}'::jsonb) on conflict do nothing`,
  );
  for (const [code, type] of [
    ['slot1', 'RNG'],
    ['live1', 'LIVE'],
  ]) {
    await db().execute(
      sql`insert into game (vendor_code, game_code, game_type, names, search_text)
          values (${VENDOR}, ${code}, ${type}, '{"EN":"x"}'::jsonb, 'x')`,
    );
  }
  const [m] = await rows<{ time_zone: string }>(
    db(),
    sql`select time_zone from merchant where id = ${merchantId}`,
  );
  timeZone = m!.time_zone;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
interface Player {
  id: number;
  username: string;
  headers: Headers;
  token: string;
}

async function createPromotion(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'rng_promo',
      title: { EN: `Bet volume ${randomBytes(3).toString('hex')}` },
      trigger: 'BET_VOLUME',
      rewardKind: 'FIXED',
      rewardAmount: '7',
      betVolumeTarget: '100',
      betVolumePeriod: 'DAILY',
      ...body,
    },
  });
}
async function promotion(body: Record<string, unknown> = {}) {
  const res = await createPromotion(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}

async function player(): Promise<Player> {
  const m = await memberSession(t.app, db(), merchantId);
  // money to bet with
  await fund(db(), merchantId, m.id, 1_000_000n);
  const { token } = await openVendorSession(db(), merchantId, m.id, VENDOR, clock);
  return { id: m.id, username: m.username, headers: m.headers, token };
}

const hex = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;
const call = (op: 'debit' | 'credit', body: Record<string, unknown>) =>
  vendorCallback(t.app, db(), { merchantId, vendor: VENDOR, op, body });

/** One round: a bet, and (settled) a credit of `win`; answers its round id. */
async function round(m: Player, amount: string, o: { game?: string; win?: string; settle?: boolean } = {}) {
  const roundId = hex('r');
  const gameCode = o.game ?? 'slot1';
  const d = await call('debit', {
    playerId: String(m.id),
    token: m.token,
    txnId: hex('d'),
    roundId,
    amount,
    gameCode,
  });
  expect(d.statusCode, d.body).toBe(200);
  if (o.settle !== false) {
    const c = await call('credit', {
      playerId: String(m.id),
      txnId: hex('c'),
      roundId,
      amount: o.win ?? '0',
      gameCode,
    });
    expect(c.statusCode, c.body).toBe(200);
  }
  return roundId;
}
/** Moves a round's journal rows to `at` (the period boundaries are tested at exact instants). */
const stamp = (m: Player, roundId: string, at: Date) =>
  db().execute(
    sql`update vendor_txn set created_at = ${at.toISOString()}::timestamptz
        where member_id = ${m.id} and round_id = ${roundId}`,
  );

async function view(headers: Headers, promotionId: number) {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().value as {
      id: number;
      status: string;
      betVolumeTarget: string | null;
      betVolumePeriod: string | null;
      betVolumeProgress: string | null;
      betVolumePeriodEnd: string | null;
    }[]
  ).find((p) => p.id === promotionId);
}
const claim = (headers: Headers, promotionId: number) =>
  t.app.inject({ method: 'POST', url: '/wps/promotions', headers, payload: { promotionId } });

async function grants(promotionId: number, memberId: number) {
  const [r] = await rows<{ n: number; total: string }>(
    db(),
    sql`select count(*)::int as n, coalesce(sum(l.amount), 0)::text as total
        from promotion_claim c
        join ledger_entry e on e.idem_key = 'promo:grant:' || c.id::text and e.merchant_id = c.merchant_id
        join ledger_line l on l.entry_id = e.id
        join ledger_account a on a.id = l.account_id and a.member_id = c.member_id
        where c.promotion_id = ${promotionId} and c.member_id = ${memberId}`,
  );
  return { n: r!.n, total: BigInt(r!.total) };
}

describe('BET_VOLUME: operator input', () => {
  it('needs a target and a period, a target above 0, and known game types', async () => {
    const noTarget = await createPromotion({ betVolumeTarget: null });
    expect(noTarget.statusCode).toBe(422);
    expect(noTarget.body).toMatch(/request_param_err/);
    expect((await createPromotion({ betVolumePeriod: null })).statusCode).toBe(422);
    expect((await createPromotion({ betVolumeTarget: '0' })).statusCode).toBe(422);
    expect((await createPromotion({ betVolumePeriod: 'MONTHLY' })).statusCode).toBe(422);
    expect((await createPromotion({ betVolumeGameTypes: ['CARDS'] })).statusCode).toBe(422);
    const ok = await createPromotion({
      betVolumeTarget: '250.5',
      betVolumePeriod: 'WEEKLY',
      betVolumeGameTypes: ['RNG'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({
      trigger: 'BET_VOLUME',
      betVolumeTarget: '250.50',
      betVolumePeriod: 'WEEKLY',
      betVolumeGameTypes: ['RNG'],
    });
    // an update keeps them, and may change them
    const id = ok.json().value.id as number;
    const up = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${id}`,
      headers: { authorization: admin },
      payload: { betVolumeTarget: '300' },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().value).toMatchObject({ betVolumeTarget: '300.00', betVolumePeriod: 'WEEKLY' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${id}`,
      headers: { authorization: admin },
      payload: { betVolumeTarget: null },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('BET_VOLUME: the target', () => {
  it('is reached exactly at the target (settled rounds of the counted game types), not before', async () => {
    const id = await promotion({ betVolumeGameTypes: ['RNG'] });
    const m = await player();
    expect(await view(m.headers, id)).toMatchObject({
      status: 'Joined',
      betVolumeTarget: '100.00',
      betVolumePeriod: 'DAILY',
      betVolumeProgress: '0.00',
    });
    await round(m, '60', { win: '80' });
    // a live table's bets do not count, nor a round not settled yet
    await round(m, '50', { game: 'live1' });
    await round(m, '30', { settle: false });
    await round(m, '39.99');
    expect(await view(m.headers, id)).toMatchObject({ status: 'Joined', betVolumeProgress: '99.99' });
    const early = await claim(m.headers, id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ value: { target: '100.00', current: '99.99' } });
    expect(early.body).toMatch(/promotion_bet_volume_not_reached/);
    expect((await grants(id, m.id)).n).toBe(0);

    await round(m, '0.01');
    const reached = await view(m.headers, id);
    expect(reached).toMatchObject({ status: 'Claim', betVolumeProgress: '100.00' });
    expect(reached!.betVolumePeriodEnd).toBe(
      dayStartInstant(timeZone, addDays(merchantDay(timeZone, clock.now()), 1)).toISOString(),
    );
    const before = await mainBalance(db(), m.id);
    const ok = await claim(m.headers, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ state: 'CONVERTED', bonusAmount: '7.00' });
    expect(await mainBalance(db(), m.id)).toBe(before + 700n);
    expect((await view(m.headers, id))!.status).toBe('Claimed');
    const again = await claim(m.headers, id);
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatch(/promotion_already_joined/);
    expect(await grants(id, m.id)).toEqual({ n: 1, total: 700n });
    await expectLedgerInvariants(db());
  });

  it('counts every game type when none is listed; a visitor sees the target without progress', async () => {
    const id = await promotion({ betVolumeTarget: '20' });
    const m = await player();
    await round(m, '10', { game: 'live1' });
    await round(m, '10');
    expect(await view(m.headers, id)).toMatchObject({ status: 'Claim', betVolumeProgress: '20.00' });
    const visitor = await t.app.inject({
      url: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
      headers: { merchant: DEMO.merchant },
    });
    expect(visitor.statusCode).toBe(200);
    expect((visitor.json().value as { id: number }[]).find((p) => p.id === id)).toMatchObject({
      status: 'Join',
      betVolumeTarget: '20.00',
      betVolumeProgress: null,
    });
  });

  it('pays once under parallel claims', async () => {
    const id = await promotion({ betVolumeTarget: '10', rewardAmount: '3', betVolumePeriod: 'SCHEDULE' });
    const m = await player();
    await round(m, '10');
    const before = await mainBalance(db(), m.id);
    const all = await Promise.all(Array.from({ length: 20 }, () => claim(m.headers, id)));
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await mainBalance(db(), m.id)).toBe(before + 300n);
    expect(await grants(id, m.id)).toEqual({ n: 1, total: 300n });
    // the whole schedule is one period: nothing more to claim
    await round(m, '10');
    expect((await view(m.headers, id))!.status).toBe('Claimed');
    await expectLedgerInvariants(db());
  });

  it('with wagering, pays bonus money into the bonus account', async () => {
    const id = await promotion({ betVolumeTarget: '5', wageringMultiple: 3 });
    const m = await player();
    await round(m, '5');
    const ok = await claim(m.headers, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({
      state: 'ACTIVE',
      bonusAmount: '7.00',
      requiredTurnover: '21.00',
    });
    await expectLedgerInvariants(db());
  });
});

describe('BET_VOLUME: periods in the merchant time zone', () => {
  it("a week starts on the merchant's Monday midnight", async () => {
    const id = await promotion({ betVolumePeriod: 'WEEKLY', betVolumeTarget: '10' });
    const m = await player();
    const monday = dayStartInstant(timeZone, weekStartOf(merchantDay(timeZone, clock.now())));
    // Sunday 23:59:59 of the week before: not counted; Monday 00:00:00: counted
    await stamp(m, await round(m, '9'), new Date(monday.getTime() - 1000));
    await stamp(m, await round(m, '9.99'), monday);
    expect(await view(m.headers, id)).toMatchObject({ status: 'Joined', betVolumeProgress: '9.99' });
    await round(m, '0.01');
    expect(await view(m.headers, id)).toMatchObject({ status: 'Claim', betVolumeProgress: '10.00' });
  });

  it("a day ends at the merchant's midnight: the next day counts afresh and pays again (runs last: moves the clock)", async () => {
    const id = await promotion({ betVolumeTarget: '10', rewardAmount: '2' });
    const m = await player();
    const today = merchantDay(timeZone, clock.now());
    const start = dayStartInstant(timeZone, today);
    // the last second of yesterday does not count; today's first instant does
    await stamp(m, await round(m, '10'), new Date(start.getTime() - 1000));
    expect(await view(m.headers, id)).toMatchObject({ status: 'Joined', betVolumeProgress: '0.00' });
    await stamp(m, await round(m, '10'), start);
    expect(await view(m.headers, id)).toMatchObject({ status: 'Claim', betVolumeProgress: '10.00' });
    expect((await claim(m.headers, id)).statusCode).toBe(200);
    expect((await view(m.headers, id))!.status).toBe('Claimed');

    // the next merchant day: today's bets are behind, its claim is not the new day's
    const tomorrow = dayStartInstant(timeZone, addDays(today, 1));
    clock.advance(tomorrow.getTime() - clock.now().getTime() + 60_000);
    // sessions are checked against the moved clock: a new login and a new game session
    m.headers.authorization = await loginToken(t.app, db(), m.username, TEST_PASSWORD);
    m.token = (await openVendorSession(db(), merchantId, m.id, VENDOR, clock)).token;
    expect(await view(m.headers, id)).toMatchObject({ status: 'Joined', betVolumeProgress: '0.00' });
    expect((await claim(m.headers, id)).statusCode).toBe(409);
    await stamp(m, await round(m, '10'), new Date(tomorrow.getTime() + 1000));
    expect(await view(m.headers, id)).toMatchObject({ status: 'Claim', betVolumeProgress: '10.00' });
    const again = await claim(m.headers, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(await grants(id, m.id)).toEqual({ n: 2, total: 400n });
    const occurrences = await rows<{ occurrence: string }>(
      db(),
      sql`select occurrence from promotion_claim where promotion_id = ${id} and member_id = ${m.id} order by id`,
    );
    expect(occurrences.map((o) => o.occurrence)).toEqual([`day:${today}`, `day:${addDays(today, 1)}`]);
    clock.advance(-DAY);
    await expectLedgerInvariants(db());
  });
});
