import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { testClock } from '../../test/clock.js';
import { rows } from '../../platform/sql.js';
import {
  expectLedgerInvariants,
  mainBalance,
  memberSession,
  merchantIdOf,
  operatorToken,
} from '../../test/factories.js';
import { PROMOTION_SWEEP_JOB } from './index.js';
import { drawValueOf, seedHashOf } from './raffle.rules.js';

/**
 * Raffles (issue 16, API-REFERENCE 3.7 rafflePromotion): entries once per member while it runs, a
 * committed seed, the draw by the promotion sweep paying each prize once, and the revealed seed that
 * reproduces the winners.
 */

const clock = testClock();
let t: TestApp;
let merchantId: number;
let admin: string;
const db = () => t.database.db;
type Session = Awaited<ReturnType<typeof memberSession>>;

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// short: sessions stay alive across the moved clock
const DELAY = 120_000;
async function raffle(prizes: { amount: string; count: number }[], extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'other_promo',
      title: { EN: `Raffle ${randomBytes(3).toString('hex')}` },
      trigger: 'RAFFLE',
      rewardKind: 'RAFFLE',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().value.id as number;
  const set = await t.app.inject({
    method: 'PUT',
    url: `/admin/api/promotions/${id}/raffle`,
    headers: { authorization: admin },
    payload: { drawDate: new Date(clock.now().getTime() + DELAY).toISOString(), prizes },
  });
  expect(set.statusCode, set.body).toBe(200);
  return { id, set: set.json().value as Record<string, unknown> };
}
const enter = (s: Session, promotionId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCS2_claimRafflePromotion',
    headers: s.headers,
    payload: { promotionId },
  });
async function status(s: Session, promotionId: number) {
  const res = await t.app.inject({
    url: `/wps/relay/MCSFE_getRafflePromotionStatus?promotionId=${promotionId}`,
    headers: s.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    entered: boolean;
    entryId: string | null;
    entries: number;
    drawnEntries: string[];
    seedHash: string;
    serverSeed: string | null;
    drawnDate: string | null;
    result: { rank: number; amount: string } | null;
    winners: { rank: number; entryId: string; username: string; amount: string }[];
  };
}

describe('raffles', () => {
  it('takes one entry per member (even 20 at once), draws when due, pays each prize once, reveals the seed', async () => {
    const { id, set } = await raffle([
      { amount: '100', count: 1 },
      { amount: '10', count: 2 },
    ]);
    expect(set).toMatchObject({ serverSeed: null, entries: 0, drawnDate: null });
    const members: Session[] = [];
    for (let i = 0; i < 5; i++) members.push(await memberSession(t.app, db(), merchantId));

    const burst = await Promise.all(Array.from({ length: 20 }, () => enter(members[0]!, id)));
    expect(burst.filter((r) => r.json().success)).toHaveLength(1);
    expect(burst.filter((r) => r.json().errorCode === 'promotion_already_joined')).toHaveLength(19);
    for (const m of members.slice(1)) expect((await enter(m, id)).json().success).toBe(true);
    // the promotion's generic join does not take raffle entries
    const join = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions',
      headers: members[0]!.headers,
      payload: { promotionId: id },
    });
    expect(join.json().errorCode).toBe('promotion_unavailable');

    const before = await status(members[0]!, id);
    expect(before).toMatchObject({
      entered: true,
      entries: 5,
      serverSeed: null,
      drawnEntries: [],
      result: null,
      winners: [],
    });
    const balances = await Promise.all(members.map((m) => mainBalance(db(), m.id)));

    // not due yet: the sweep draws nothing
    expect(await t.app.scheduler.runNow(PROMOTION_SWEEP_JOB)).toBe(true);
    expect((await status(members[0]!, id)).drawnDate).toBeNull();

    clock.advance(DELAY + 1000);
    // an entry after the draw time is refused
    const late = await memberSession(t.app, db(), merchantId);
    expect((await enter(late, id)).json().errorCode).toBe('raffle_closed');
    expect(await t.app.scheduler.runNow(PROMOTION_SWEEP_JOB)).toBe(true);
    expect(await t.app.scheduler.runNow(PROMOTION_SWEEP_JOB)).toBe(true);

    const after = await Promise.all(members.map((m) => status(m, id)));
    const seed = after[0]!.serverSeed!;
    expect(seedHashOf(seed)).toBe(before.seedHash);
    expect(after[0]!.winners.map((w) => [w.rank, w.amount])).toEqual([
      [1, '100.00'],
      [2, '10.00'],
      [3, '10.00'],
    ]);
    // the revealed seed reproduces the order: the winners hold the three lowest draw values
    const values = after.map((s) => ({ entryId: s.entryId!, v: drawValueOf(seed, s.entryId!) }));
    values.sort((a, b) => (a.v < b.v ? -1 : 1));
    expect(after[0]!.winners.map((w) => w.entryId)).toEqual(values.slice(0, 3).map((v) => v.entryId));
    // the draw's entries are published with the seed: every entry, whatever it won
    expect([...after[0]!.drawnEntries].sort()).toEqual(after.map((s) => s.entryId!).sort());

    // each winner was paid its prize once (no wagering: cash), the others nothing
    for (const [i, m] of members.entries()) {
      const won = after[i]!.result;
      const paid = (await mainBalance(db(), m.id)) - balances[i]!;
      expect(paid).toBe(won ? BigInt(Math.round(Number(won.amount) * 100)) : 0n);
    }
    const [{ n }] = (await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entry where idem_key like 'promo:grant:%'
          and ref_id in (select id::text from promotion_claim where promotion_id = ${id})`,
    )) as [{ n: number }];
    expect(n).toBe(3);
    await expectLedgerInvariants(db());

    // drawn: the promotion is closed, the raffle cannot change any more
    const list = await t.app.inject({
      url: '/wps/relay/MCS2_getPromotionClaimList',
      headers: members[0]!.headers,
    });
    expect(list.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${id}/raffle`,
      headers: { authorization: admin },
      payload: {
        drawDate: new Date(clock.now().getTime() + DELAY).toISOString(),
        prizes: [{ amount: '1', count: 1 }],
      },
    });
    expect(again.json().errorCode).toBe('raffle_already_drawn');
  });

  it('refuses entries outside the audience, a raffle prize on another trigger, and a draw time in the past', async () => {
    const outsider = await memberSession(t.app, db(), merchantId);
    const insider = await memberSession(t.app, db(), merchantId);
    const { id } = await raffle([{ amount: '5', count: 1 }], {
      audience: 'MEMBER_LIST',
      audienceMembers: [insider.username],
    });
    expect((await enter(outsider, id)).json().errorCode).toBe('promotion_unavailable');
    expect((await enter(insider, id)).json().success).toBe(true);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin/api/promotions',
      headers: { authorization: admin },
      payload: { category: 'other_promo', title: { EN: 'x' }, trigger: 'CLAIM', rewardKind: 'RAFFLE' },
    });
    expect(wrong.json().errorCode).toBe('request_param_err');
    const past = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${id}/raffle`,
      headers: { authorization: admin },
      payload: {
        drawDate: new Date(clock.now().getTime() - 1000).toISOString(),
        prizes: [{ amount: '1', count: 1 }],
      },
    });
    expect(past.json().errorCode).toBe('request_param_err');
    const audit = await rows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'promotion' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['promotion.create', 'raffle.set']);
  });
});
