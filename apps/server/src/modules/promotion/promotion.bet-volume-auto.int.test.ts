import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { testClock } from '../../test/clock.js';
import { rows } from '../../platform/sql.js';
import { addDays, dayStartInstant, merchantDay } from '../../platform/merchant-day.js';
import {
  addVendor,
  expectLedgerInvariants,
  fund,
  mainBalance,
  memberSession,
  merchantIdOf,
  openVendorSession,
  operatorToken,
  vendorCallback,
} from '../../test/factories.js';
import { PROMOTION_BET_VOLUME_JOB } from './index.js';

/**
 * BET_VOLUME with `autoGrant` (issue 16): once a period has ended, the job `promotion.betVolume`
 * pays every member whose valid bets in it reached the target and who did not claim, once, through
 * the claim row a member's own claim of that period takes (so a claim and the run racing pay once).
 *
 * Two instances on one database, each with its controllable clock: the members' instance `a` is
 * still in yesterday (frozen a day behind), the job's instance `b` is today. Yesterday's merchant
 * day is the period: it has ended for `b` (and for the database: its journal rows are final) while
 * the members of `a` can still claim it, which is the race of a claim sent in the period's last
 * instant with the run that starts just after it.
 */
const VENDOR = 'BVAUTO';
const DAY = 86_400_000;
const today = new Date();
const memberClock = testClock({ at: new Date(today.getTime() - DAY) });
const jobClock = testClock({ at: today });
let a: TestApp;
let b: TestApp;
let merchantId: number;
let adminA: string;
let adminB: string;
let timeZone: string;
/** yesterday's merchant day: the period the job pays */
let day: string;
let dayStart: Date;
let dayEnd: Date;
const db = () => a.database.db;

beforeAll(async () => {
  a = await createTestApp({ deps: { clock: memberClock }, poolMax: 12 });
  b = await createTestApp({ deps: { clock: jobClock }, sharing: a });
  merchantId = await merchantIdOf(db());
  adminA = await operatorToken(a.app);
  adminB = await operatorToken(b.app);
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
  day = merchantDay(timeZone, memberClock.now());
  dayStart = dayStartInstant(timeZone, day);
  dayEnd = dayStartInstant(timeZone, addDays(day, 1));
  // the frozen clocks: yesterday for the members, today (past the period's end) for the job
  expect(merchantDay(timeZone, jobClock.now())).toBe(addDays(day, 1));
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

type Headers = Record<string, string>;
interface Player {
  id: number;
  headers: Headers;
  token: string;
}

const createPromotion = (body: Record<string, unknown>) =>
  a.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: adminA },
    payload: {
      category: 'rng_promo',
      title: { EN: `Auto bet volume ${randomBytes(3).toString('hex')}` },
      trigger: 'BET_VOLUME',
      rewardKind: 'FIXED',
      rewardAmount: '7',
      betVolumeTarget: '100',
      betVolumePeriod: 'DAILY',
      ...body,
    },
  });
async function promotion(body: Record<string, unknown> = {}) {
  const res = await createPromotion(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}

async function player(): Promise<Player> {
  const m = await memberSession(a.app, db(), merchantId);
  await fund(db(), merchantId, m.id, 1_000_000n);
  const { token } = await openVendorSession(db(), merchantId, m.id, VENDOR, memberClock);
  return { id: m.id, headers: m.headers, token };
}

const hex = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;
const call = (op: 'debit' | 'credit', body: Record<string, unknown>) =>
  vendorCallback(a.app, db(), { merchantId, vendor: VENDOR, op, body });

/**
 * One settled round of `amount` (bet, then a credit of 0), its journal rows stamped at `at` (by
 * default inside yesterday, the period the job pays).
 */
async function round(m: Player, amount: string, o: { game?: string; at?: Date } = {}) {
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
  const c = await call('credit', { playerId: String(m.id), txnId: hex('c'), roundId, amount: '0', gameCode });
  expect(c.statusCode, c.body).toBe(200);
  const at = o.at ?? new Date(dayStart.getTime() + 60_000);
  await db().execute(
    sql`update vendor_txn set created_at = ${at.toISOString()}::timestamptz
        where member_id = ${m.id} and round_id = ${roundId}`,
  );
}

/** The job, run by an operator over HTTP on an instance (it runs at once: the tests start no engine). */
async function runJob(on: TestApp = b) {
  const res = await on.app.inject({
    method: 'POST',
    url: `/admin/api/jobs/${PROMOTION_BET_VOLUME_JOB}/run`,
    headers: { authorization: on === b ? adminB : adminA },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const claim = (headers: Headers, promotionId: number) =>
  a.app.inject({ method: 'POST', url: '/wps/promotions', headers, payload: { promotionId } });

async function view(headers: Headers, promotionId: number) {
  const res = await a.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value as { id: number; status: string; betVolumeProgress: string | null }[]).find(
    (p) => p.id === promotionId,
  );
}

/** The member's grants of the promotion: ledger entries keyed by its claims, and what they paid the member. */
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

describe('BET_VOLUME autoGrant: operator input', () => {
  it('is off by default, answered by the operator API, changed by an update, and only for a bet volume', async () => {
    const off = await createPromotion({});
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value.autoGrant).toBe(false);
    const on = await createPromotion({ autoGrant: true });
    expect(on.statusCode, on.body).toBe(200);
    const id = on.json().value.id as number;
    expect(on.json().value).toMatchObject({ trigger: 'BET_VOLUME', autoGrant: true });
    const put = (payload: Record<string, unknown>) =>
      a.app.inject({
        method: 'PUT',
        url: `/admin/api/promotions/${id}`,
        headers: { authorization: adminA },
        payload,
      });
    // another field's update keeps it; it can be turned off
    expect((await put({ betVolumeTarget: '120' })).json().value).toMatchObject({ autoGrant: true });
    expect((await put({ autoGrant: false })).json().value).toMatchObject({ autoGrant: false });
    const list = await a.app.inject({
      url: '/admin/api/promotions?pageSize=100',
      headers: { authorization: adminA },
    });
    expect(
      (list.json().value.list as { id: number; autoGrant: boolean }[]).find((p) => p.id === id),
    ).toMatchObject({
      autoGrant: false,
    });
    // a claim promotion has no periods to pay
    const wrong = await createPromotion({
      trigger: 'CLAIM',
      betVolumeTarget: null,
      betVolumePeriod: null,
      autoGrant: true,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorCode).toBe('request_param_err');
  });
});

describe('BET_VOLUME autoGrant: the job', () => {
  it('pays a member who reached the target and did not claim once the period has ended, once; not one below it', async () => {
    const id = await promotion({ autoGrant: true });
    const reached = await player();
    const below = await player();
    const late = await player();
    await round(reached, '60');
    await round(reached, '40', { game: 'live1' });
    await round(below, '99.99');
    // 90 in the period, 10 stamped at its end: the next day's
    await round(late, '90');
    await round(late, '10', { at: dayEnd });
    expect(await view(reached.headers, id)).toMatchObject({ status: 'Claim', betVolumeProgress: '100.00' });
    expect((await view(below.headers, id))!.status).toBe('Joined');

    // still yesterday on the members' instance: its period has not ended, the run pays nothing
    await runJob(a);
    expect((await grants(id, reached.id)).n).toBe(0);

    const before = await mainBalance(db(), reached.id);
    await runJob(b);
    expect(await grants(id, reached.id)).toEqual({ n: 1, total: 700n });
    expect(await mainBalance(db(), reached.id)).toBe(before + 700n);
    expect((await grants(id, below.id)).n).toBe(0);
    expect((await grants(id, late.id)).n).toBe(0);
    const [c] = await rows<{ occurrence: string; status: string }>(
      db(),
      sql`select occurrence, status from promotion_claim where promotion_id = ${id} and member_id = ${reached.id}`,
    );
    expect(c).toEqual({ occurrence: `day:${day}`, status: 'CONVERTED' });
    // the member sees the period's reward taken; a claim of it now is the one already paid
    expect((await view(reached.headers, id))!.status).toBe('Claimed');
    const again = await claim(reached.headers, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('promotion_already_joined');

    // run twice, and once more with the period's done-note gone: the claim's key still pays once
    await runJob(b);
    await db().execute(sql`delete from promotion_auto_grant_run where promotion_id = ${id}`);
    await runJob(b);
    expect(await grants(id, reached.id)).toEqual({ n: 1, total: 700n });
    expect(await mainBalance(db(), reached.id)).toBe(before + 700n);

    // audited like an operator's grant, by the job
    const audit = await b.app.inject({
      url: '/admin/api/audit-log?action=promotion.autoGrant&pageSize=100',
      headers: { authorization: adminB },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = (
      audit.json().value.list as {
        entityType: string;
        operatorId: number | null;
        operatorUsername: string | null;
        after: { promotionId: number; memberId: number; occurrence: string; validBets: string };
      }[]
    ).filter((e) => e.after.promotionId === id);
    // (the demo's members with bets yesterday were paid too: one entry each)
    expect(entries.filter((e) => [below.id, late.id].includes(e.after.memberId))).toEqual([]);
    const mine = entries.filter((e) => e.after.memberId === reached.id);
    expect(mine).toHaveLength(1);
    expect(new Set(entries.map((e) => e.after.memberId)).size).toBe(entries.length);
    expect(mine[0]).toMatchObject({
      entityType: 'promotion_claim',
      operatorId: null,
      operatorUsername: `job:${PROMOTION_BET_VOLUME_JOB}`,
      after: { memberId: reached.id, occurrence: `day:${day}`, validBets: '10000' },
    });
    await expectLedgerInvariants(db());
  });

  it('with autoGrant off, a period not claimed before it ends is not paid (as before)', async () => {
    const id = await promotion();
    const m = await player();
    await round(m, '150');
    expect((await view(m.headers, id))!.status).toBe('Claim');
    await runJob(b);
    expect((await grants(id, m.id)).n).toBe(0);
  });

  it('pays each period whose runs were all missed (instances down over its end), oldest first, once', async () => {
    const id = await promotion({ autoGrant: true });
    // on since the day before yesterday began, and no run since: that day and yesterday have both
    // ended unpaid
    const dayBefore = addDays(day, -1);
    const since = dayStartInstant(timeZone, dayBefore);
    await db().execute(
      sql`update promotion set auto_grant_since = ${since.toISOString()}::timestamptz,
            start_at = case when start_at is null then null else ${since.toISOString()}::timestamptz end
          where id = ${id}`,
    );
    const m = await player();
    await round(m, '100', { at: new Date(since.getTime() + 60_000) });
    await round(m, '120');
    const before = await mainBalance(db(), m.id);
    await runJob(b);
    expect(await grants(id, m.id)).toEqual({ n: 2, total: 1400n });
    expect(await mainBalance(db(), m.id)).toBe(before + 1400n);
    const claims = await rows<{ occurrence: string }>(
      db(),
      sql`select occurrence from promotion_claim where promotion_id = ${id} and member_id = ${m.id} order by id`,
    );
    expect(claims.map((c) => c.occurrence)).toEqual([`day:${dayBefore}`, `day:${day}`]);
    const done = await rows<{ occurrence: string }>(
      db(),
      sql`select occurrence from promotion_auto_grant_run where promotion_id = ${id} order by period_end`,
    );
    expect(done.map((r) => r.occurrence)).toEqual([`day:${dayBefore}`, `day:${day}`]);
    await runJob(b);
    expect(await grants(id, m.id)).toEqual({ n: 2, total: 1400n });
    await expectLedgerInvariants(db());
  });

  it('counts only the listed game types, and pays bonus money with wagering like a claim', async () => {
    const id = await promotion({ autoGrant: true, betVolumeGameTypes: ['RNG'], wageringMultiple: 3 });
    const slots = await player();
    const live = await player();
    await round(slots, '100');
    await round(live, '100', { game: 'live1' });
    await runJob(b);
    expect((await grants(id, live.id)).n).toBe(0);
    const [c] = await rows<{ status: string; bonus: string; required: string }>(
      db(),
      sql`select status, bonus_amount::text as bonus, required_turnover::text as required
          from promotion_claim where promotion_id = ${id} and member_id = ${slots.id}`,
    );
    expect(c).toEqual({ status: 'ACTIVE', bonus: '700', required: '2100' });
    await expectLedgerInvariants(db());
  });

  it("a member's claims racing the run pay once", async () => {
    const id = await promotion({ autoGrant: true, rewardAmount: '3' });
    const members = [await player(), await player(), await player()];
    for (const m of members) await round(m, '100');
    const before = await Promise.all(members.map((m) => mainBalance(db(), m.id)));
    const all = await Promise.all([
      ...members.flatMap((m) => Array.from({ length: 10 }, () => claim(m.headers, id))),
      runJob(b).then(() => undefined),
    ]);
    const answers = all.filter((r) => r !== undefined);
    // a claim either paid, or found the period's claim (its own or the run's)
    for (const r of answers) {
      expect([200, 409], r.body).toContain(r.statusCode);
      if (r.statusCode === 409) expect(r.json().errorCode).toBe('promotion_already_joined');
    }
    expect(answers.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(members.length);
    for (const [i, m] of members.entries()) {
      expect(await grants(id, m.id)).toEqual({ n: 1, total: 300n });
      expect(await mainBalance(db(), m.id)).toBe(before[i]! + 300n);
    }
    // and the run again finds nothing to pay
    await db().execute(sql`delete from promotion_auto_grant_run where promotion_id = ${id}`);
    await runJob(b);
    for (const m of members) expect((await grants(id, m.id)).n).toBe(1);
    await expectLedgerInvariants(db());
  });
});
