import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
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

/**
 * The POINTS reward (issue 16): a promotion pays whole points into the member's points balance (its
 * own keyed journal, apart from the money ledger), once per claim whatever the concurrency; the
 * balance and its history are the member's calls (MCSFE_getPointBalance, MCSFE_getPointHistory).
 */
const VENDOR = 'PTSVOL';
let t: TestApp;
let merchantId: number;
let admin: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ poolMax: 12 });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  await addVendor(db(), merchantId, VENDOR);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const createPromotion = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'point_mall',
      title: { EN: `Points ${randomBytes(3).toString('hex')}`, BN: 'পয়েন্ট' },
      trigger: 'CLAIM',
      rewardKind: 'POINTS',
      rewardPoints: 250,
      ...body,
    },
  });
async function promotion(body: Record<string, unknown> = {}) {
  const res = await createPromotion(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; rewardPoints: number | null; title: Record<string, string> };
}
const member = () => memberSession(t.app, db(), merchantId);
const claim = (headers: Headers, promotionId: number) =>
  t.app.inject({ method: 'POST', url: '/wps/promotions', headers, payload: { promotionId } });
async function balance(headers: Headers, path = 'MCSFE_getPointBalance') {
  const res = await t.app.inject({ url: `/wps/relay/${path}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.balance as number;
}
async function history(headers: Headers) {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getPointHistory?pageSize=10', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    list: { amount: number; balanceAfter: number; reason: string; refId: string; title: string | null }[];
    totalCount: number;
  };
}

/** The points journal's invariants: each balance is the sum of its entries, none negative, keys once. */
async function expectPointsInvariants() {
  const bad = await rows<{ member_id: number }>(
    db(),
    sql`select p.member_id from member_points p
        left join (select member_id, sum(amount) as s from points_entry group by member_id) e on e.member_id = p.member_id
        where p.balance <> coalesce(e.s, 0) or p.balance < 0
        union all
        select member_id from points_entry e where not exists (select 1 from member_points p where p.member_id = e.member_id)`,
  );
  expect(bad).toEqual([]);
  const lastAfter = await rows<{ member_id: number }>(
    db(),
    sql`select p.member_id from member_points p
        join lateral (select balance_after from points_entry e where e.member_id = p.member_id order by id desc limit 1) l on true
        where l.balance_after <> p.balance`,
  );
  expect(lastAfter).toEqual([]);
}

describe('POINTS reward', () => {
  it('needs whole points between 1 and 100,000,000', async () => {
    for (const rewardPoints of [null, 0, 1.5, 100_000_001]) {
      expect((await createPromotion({ rewardPoints })).statusCode).toBe(422);
    }
    const p = await promotion({ rewardPoints: 1 });
    expect(p.rewardPoints).toBe(1);
    // only a POINTS reward keeps its points
    const fixed = await promotion({ rewardKind: 'FIXED', rewardAmount: '1', rewardPoints: 5 });
    expect(fixed.rewardPoints).toBeNull();
  });

  it('a claim pays points, not money; the balance and its history show them', async () => {
    const p = await promotion();
    const m = await member();
    await fund(db(), merchantId, m.id, 10_000n);
    expect(await balance(m.headers)).toBe(0);
    const list = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: m.headers });
    expect((list.json().value as { id: number }[]).find((x) => x.id === p.id)).toMatchObject({
      rewardKind: 'POINTS',
      rewardPoints: 250,
      status: 'Claim',
    });
    const res = await claim(m.headers, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      state: 'CONVERTED',
      points: 250,
      bonusAmount: null,
      status: 'Claimed',
    });
    expect(await balance(m.headers)).toBe(250);
    expect(await balance(m.headers, 'MCS2_getPointBalance')).toBe(250);
    // money did not move: the main wallet, the bonus account and the ledger know nothing of it
    expect(await mainBalance(db(), m.id)).toBe(10_000n);
    const money = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entry where merchant_id = ${merchantId} and member_id = ${m.id}
            and type <> 'adjustment'`,
    );
    expect(money[0]!.n).toBe(0);
    const h = await history({ ...m.headers, language: 'bn' });
    expect(h.totalCount).toBe(1);
    expect(h.list[0]).toMatchObject({
      amount: 250,
      balanceAfter: 250,
      reason: 'promotion',
      refId: res.json().value.id,
    });
    expect(h.list[0]!.title).toBeTruthy();
    // once per member
    expect((await claim(m.headers, p.id)).statusCode).toBe(409);
    expect(await balance(m.headers)).toBe(250);
    await expectPointsInvariants();
    await expectLedgerInvariants(db());
  });

  it('20 parallel claims pay the points once', async () => {
    const p = await promotion({ rewardPoints: 40 });
    const m = await member();
    const all = await Promise.all(Array.from({ length: 20 }, () => claim(m.headers, p.id)));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await balance(m.headers)).toBe(40);
    expect((await history(m.headers)).totalCount).toBe(1);
    await expectPointsInvariants();
  });

  it('a bet volume target pays points; an operator can grant them by hand (audited)', async () => {
    const p = await promotion({
      trigger: 'BET_VOLUME',
      betVolumeTarget: '10',
      betVolumePeriod: 'DAILY',
      rewardPoints: 15,
    });
    const m = await member();
    await fund(db(), merchantId, m.id, 100_000n);
    const { token } = await openVendorSession(db(), merchantId, m.id, VENDOR);
    const roundId = `r-${randomBytes(6).toString('hex')}`;
    const call = (op: 'debit' | 'credit', body: Record<string, unknown>) =>
      vendorCallback(t.app, db(), { merchantId, vendor: VENDOR, op, body });
    const base = { playerId: String(m.id), roundId, gameCode: 'g1' };
    expect((await call('debit', { ...base, token, txnId: `d-${roundId}`, amount: '10' })).statusCode).toBe(
      200,
    );
    expect((await call('credit', { ...base, txnId: `c-${roundId}`, amount: '0' })).statusCode).toBe(200);
    const res = await claim(m.headers, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ points: 15 });
    expect(await balance(m.headers)).toBe(15);

    const other = await member();
    const g = await t.app.inject({
      method: 'POST',
      url: `/admin/api/promotions/${p.id}/grant`,
      headers: { authorization: admin },
      payload: { memberId: other.id, remark: 'goodwill' },
    });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().value).toMatchObject({ points: 15, state: 'CONVERTED' });
    expect(await balance(other.headers)).toBe(15);
    const audit = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'promotion.grant' and entity_id = ${g.json().value.id}`,
    );
    expect(audit[0]!.n).toBe(1);
    await expectPointsInvariants();
    await expectLedgerInvariants(db());
  });

  it("a ticket's points prize goes to the points balance, once, and moves no money", async () => {
    const p = await promotion({
      rewardKind: 'TICKET',
      rewardPoints: null,
      ticketConfig: {
        game: 'wheel',
        prizes: [
          { kind: 'points', amount: '35', weight: 1, label: '35 pts' },
          { kind: 'points', amount: '35', weight: 1, label: '35' },
        ],
      },
    });
    const m = await member();
    expect((await claim(m.headers, p.id)).statusCode).toBe(200);
    const tickets = await t.app.inject({
      url: '/wps/relay/PROMOFE_getClaimTicketList?isApp=N',
      headers: m.headers,
    });
    const ticket = (tickets.json().value as { transactionId: string; promotionId: number }[]).find(
      (x) => x.promotionId === p.id,
    )!;
    const draw = () =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/PROMOFE_claimTicket',
        headers: m.headers,
        payload: { transactionId: ticket.transactionId, isApp: 'N' },
      });
    const all = await Promise.all(Array.from({ length: 5 }, draw));
    const ok = all.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json().value).toMatchObject({ paidTo: 'points', prize: { kind: 'points', amount: '35' } });
    expect(await balance(m.headers)).toBe(35);
    expect((await history(m.headers)).list[0]).toMatchObject({ amount: 35, reason: 'ticket' });
    expect(await mainBalance(db(), m.id)).toBe(0n);
    await expectPointsInvariants();
    await expectLedgerInvariants(db());
  });

  it('visitors have no points', async () => {
    const anon = await t.app.inject({
      url: '/wps/relay/MCSFE_getPointBalance',
      headers: { merchant: DEMO.merchant },
    });
    expect(anon.statusCode).toBe(401);
  });
});
