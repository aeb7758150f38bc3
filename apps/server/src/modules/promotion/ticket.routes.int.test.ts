import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex, verifyTicketDraw, parseTicketConfig } from '@bp/games';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { testClock } from '../../test/clock.js';
import { rows } from '../../platform/sql.js';
import { gameOfKind, gsCall, playGame, requestId } from '../../test/games.js';
import {
  createMerchant,
  createOperator,
  expectLedgerInvariants,
  loginToken,
  mainBalance,
  memberSession,
  merchantIdOf,
  newMember,
  operatorLogin,
  operatorToken,
  registerWithCode,
  setModule,
  TEST_PASSWORD,
} from '../../test/factories.js';

let t: TestApp;
let merchantId: number;
let admin: string;
const clock = testClock({ frozen: false });
const db = () => t.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  // the built-in game server settles its rounds over HTTP (a free-spins prize is played)
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const CASH_WHEEL = {
  game: 'wheel',
  prizes: [
    { kind: 'cash', amount: '1000', weight: 3, label: '10' },
    { kind: 'cash', amount: '2500', weight: 1, label: '25' },
  ],
};
const BONUS_EGG = {
  game: 'egg',
  prizes: [
    { kind: 'bonus', amount: '2000', weight: 1 },
    { kind: 'bonus', amount: '4000', weight: 1 },
  ],
};

async function ticketPromotion(body: Record<string, unknown> = {}, token = admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: token },
    payload: {
      category: 'other_promo',
      title: { EN: `Wheel ${randomBytes(3).toString('hex')}`, BN: 'চাকা' },
      trigger: 'CLAIM',
      rewardKind: 'TICKET',
      ticketConfig: CASH_WHEEL,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; ticketConfig: unknown };
}
const join = async (headers: Headers, promotionId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/promotions',
    headers,
    payload: { promotionId },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const list = async (headers: Headers, query = '') => {
  const res = await t.app.inject({ url: `/wps/relay/PROMOFE_getClaimTicketList?isApp=N${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Record<string, any>[];
};
const claim = (headers: Headers, transactionId: string, clientSeed?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/PROMOFE_claimTicket',
    headers,
    payload: { transactionId, isApp: 'N', ...(clientSeed ? { clientSeed } : {}) },
  });
const cancel = (headers: Headers, transactionId: string) =>
  t.app.inject({ method: 'POST', url: '/wps/relay/MCSFE_cancelTicket', headers, payload: { transactionId } });
const bonusBalance = async (memberId: number) => {
  const [r] = await rows<{ b: string }>(
    db(),
    sql`select coalesce(sum(balance), 0)::text as b from ledger_account where member_id = ${memberId} and code = 'bonus'`,
  );
  return BigInt(r!.b);
};
const payments = async (ticketId: string) => {
  const [r] = await rows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from ledger_entry where merchant_id = ${merchantId} and idem_key = ${`ticket:pay:${ticketId}`}`,
  );
  return r!.n;
};

/** A member holding one AVAILABLE ticket of a fresh promotion. */
async function holder(body: Record<string, unknown> = {}) {
  const p = await ticketPromotion(body);
  const m = await memberSession(t.app, db(), merchantId);
  await join(m.headers, p.id);
  const [ticket] = await list(m.headers);
  return { p, m, ticket: ticket! };
}

describe('ticket rewards', () => {
  it('joining a TICKET promotion issues a ticket; the claim draws it fairly, pays cash once and reveals the seed', async () => {
    const { p, m, ticket } = await holder();
    expect(ticket).toMatchObject({
      type: 'wheel',
      status: 'AVAILABLE',
      promotionId: p.id,
      prizes: [
        { kind: 'cash', amount: '10.00', label: '10' },
        { kind: 'cash', amount: '25.00', label: '25' },
      ],
      prize: null,
      fairness: { serverSeed: null, clientSeed: null, verifyUrl: null },
    });
    expect(ticket.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    // in the merchant's default language (BN) unless the request asks another
    expect(ticket.name).toBe('চাকা');
    // the seed is kept from every read before the draw
    const [stored] = await rows<{ server_seed: string }>(
      db(),
      sql`select server_seed from promotion_ticket where id = ${ticket.ticketId}::bigint`,
    );
    expect(JSON.stringify(await list(m.headers, '&isAll=Y'))).not.toContain(stored!.server_seed);

    const before = await mainBalance(db(), m.id);
    const res = await claim(m.headers, ticket.transactionId, 'my-lucky-seed');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().value;
    expect(r).toMatchObject({ status: 'CLAIMED', paidTo: 'main', requiredTurnover: '0.00' });
    expect(r.fairness).toMatchObject({
      serverSeed: stored!.server_seed,
      clientSeed: 'my-lucky-seed',
      nonce: 0,
      serverSeedHash: ticket.fairness.serverSeedHash,
    });
    expect(sha256Hex(r.fairness.serverSeed)).toBe(r.fairness.serverSeedHash);
    // anyone recomputes the same draw from the revealed seeds
    expect(
      verifyTicketDraw(r.fairness.serverSeed, 'my-lucky-seed', 0, parseTicketConfig(CASH_WHEEL)),
    ).toEqual(r.outcome);
    expect(r.fairness.verifyUrl).toMatch(/^\/gs\/verify\/\?kind=ticket&/);
    const won = BigInt(r.outcome.amount);
    expect(await mainBalance(db(), m.id)).toBe(before + won);
    expect(r.prize.amount).toBe((Number(won) / 100).toFixed(2));

    // a second claim pays nothing more
    const again = await claim(m.headers, ticket.transactionId);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('ticket_already_claimed');
    expect(await mainBalance(db(), m.id)).toBe(before + won);
    expect(await list(m.headers)).toEqual([]);
    const all = await list(m.headers, '&isAll=Y');
    expect(all[0]).toMatchObject({ status: 'CLAIMED', prize: r.prize });
    // the promotion's claim is paid out (cash: no wagering)
    const claims = await t.app.inject({ url: '/wps/relay/MCS2_getPromotionClaimList', headers: m.headers });
    expect(claims.json().value[0]).toMatchObject({
      promotionId: p.id,
      state: 'CONVERTED',
      status: 'Claimed',
    });
    await expectLedgerInvariants(db());
  });

  it('20 parallel claims of one ticket pay once', async () => {
    const { m, ticket } = await holder();
    const before = await mainBalance(db(), m.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim(m.headers, ticket.transactionId, `seed-${i}`)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().errorCode).toBe('ticket_already_claimed');
    }
    expect(await payments(ticket.ticketId)).toBe(1);
    expect(await mainBalance(db(), m.id)).toBe(before + BigInt(ok[0]!.json().value.outcome.amount));
    await expectLedgerInvariants(db());
  });

  it('a bonus prize lands in the bonus account with its wagering', async () => {
    const { m, ticket } = await holder({ ticketConfig: BONUS_EGG, wageringMultiple: 5, expiryDays: 7 });
    expect(ticket.type).toBe('egg');
    const res = await claim(m.headers, ticket.transactionId);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().value;
    const won = BigInt(r.outcome.amount);
    expect(r).toMatchObject({ paidTo: 'bonus', prize: { kind: 'bonus' } });
    expect(r.requiredTurnover).toBe(((Number(won) * 5) / 100).toFixed(2));
    expect(r.fairness.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(await bonusBalance(m.id)).toBe(won);
    const claims = await t.app.inject({ url: '/wps/relay/MCS2_getPromotionClaimList', headers: m.headers });
    expect(claims.json().value[0]).toMatchObject({ state: 'ACTIVE', status: 'Process' });
    await expectLedgerInvariants(db());
  });

  it('a cancelled ticket reveals its seed and cannot be drawn; an expired one neither', async () => {
    const { m, ticket } = await holder();
    const res = await cancel(m.headers, ticket.transactionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'CANCELLED', prize: null });
    expect(sha256Hex(res.json().value.fairness.serverSeed)).toBe(ticket.fairness.serverSeedHash);
    expect((await claim(m.headers, ticket.transactionId)).json().errorCode).toBe('ticket_closed');
    expect((await cancel(m.headers, ticket.transactionId)).json().errorCode).toBe('ticket_closed');
    expect(await payments(ticket.ticketId)).toBe(0);

    const late = await holder({ expiryDays: 1 });
    expect(late.ticket.expiryDate).not.toBeNull();
    const idle = await holder({ expiryDays: 1 });
    clock.advance(DAY + 1000);
    // a day later the sessions have ended: log in again
    const relogin = async (m: { username: string; headers: { authorization: string } }) => {
      m.headers.authorization = await loginToken(t.app, db(), m.username, TEST_PASSWORD);
    };
    try {
      await relogin(late.m);
      const r = await claim(late.m.headers, late.ticket.transactionId);
      expect(r.statusCode).toBe(409);
      expect(r.json().errorCode).toBe('ticket_expired');
      expect((await list(late.m.headers, '&isAll=Y'))[0]).toMatchObject({ status: 'EXPIRED' });
      // a second look finds it expired, not drawable
      expect((await claim(late.m.headers, late.ticket.transactionId)).json().errorCode).toBe('ticket_closed');
      // one that nobody tried to draw expires when it is listed
      await relogin(idle.m);
      expect(await list(idle.m.headers)).toEqual([]);
      expect((await list(idle.m.headers, '&status=EXPIRED'))[0]).toMatchObject({ status: 'EXPIRED' });
      const claims = await t.app.inject({
        url: '/wps/relay/MCS2_getPromotionClaimList',
        headers: idle.m.headers,
      });
      expect(claims.json().value[0]).toMatchObject({ state: 'FORFEITED', status: 'Close' });
    } finally {
      clock.advance(-(DAY + 1000));
    }
    expect(await payments(late.ticket.ticketId)).toBe(0);
  });

  it("another member's ticket, or another merchant's, is not found; operators see their merchant's only", async () => {
    const { m, ticket } = await holder();
    const other = await memberSession(t.app, db(), merchantId);
    const r = await claim(other.headers, ticket.transactionId);
    expect(r.statusCode).toBe(404);
    expect(r.json().errorCode).toBe('ticket_not_found');
    expect((await cancel(other.headers, ticket.transactionId)).json().errorCode).toBe('ticket_not_found');
    expect(await list(other.headers, '&isAll=Y')).toEqual([]);

    const foreign = await createMerchant(db());
    const stranger = await newMember(db(), foreign.id);
    const strangerHeaders = {
      merchant: foreign.code,
      authorization: await loginToken(t.app, db(), stranger.username, TEST_PASSWORD, {
        merchant: foreign.code,
      }),
    };
    expect((await claim(strangerHeaders, ticket.transactionId)).json().errorCode).toBe('ticket_not_found');
    await createOperator(db(), foreign.id, 'ticketsother', 'admin');
    const foreignOp = await operatorLogin(t.app, foreign.code, 'ticketsother');
    const theirList = await t.app.inject({
      url: '/admin/api/tickets',
      headers: { authorization: foreignOp },
    });
    expect(theirList.statusCode, theirList.body).toBe(200);
    expect(theirList.json().value.totalCount).toBe(0);
    const ourList = await t.app.inject({
      url: `/admin/api/tickets?memberId=${m.id}`,
      headers: { authorization: admin },
    });
    expect(ourList.json().value.list).toEqual([
      expect.objectContaining({ ticketId: ticket.ticketId, status: 'AVAILABLE', username: m.username }),
    ]);
    // a foreign operator cannot give our member a ticket of our promotion
    const grant = await t.app.inject({
      method: 'POST',
      url: '/admin/api/tickets',
      headers: { authorization: foreignOp },
      payload: { promotionId: ticket.promotionId, memberId: m.id },
    });
    expect(grant.statusCode).toBe(404);
    expect(await payments(ticket.ticketId)).toBe(0);
  });

  it('operators grant tickets (audited, viewers refused) and issue rewards the member claims once', async () => {
    const p = await ticketPromotion({ trigger: 'SIGN_UP' });
    const m = await memberSession(t.app, db(), merchantId);
    const grant = () =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/tickets',
        headers: { authorization: admin },
        payload: { promotionId: p.id, memberId: m.id, remark: 'goodwill' },
      });
    const g1 = await grant();
    expect(g1.statusCode, g1.body).toBe(200);
    expect(g1.json().value).toMatchObject({ memberId: m.id, status: 'AVAILABLE', type: 'wheel' });
    expect((await grant()).statusCode).toBe(200);
    expect(await list(m.headers)).toHaveLength(2);
    const audit = await rows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'promotion_ticket' and entity_id = ${g1.json().value.ticketId}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['ticket.grant']);
    await createOperator(db(), merchantId, 'ticketviewer', 'viewer');
    const viewer = await operatorLogin(t.app, DEMO.merchant, 'ticketviewer');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/admin/api/tickets',
      headers: { authorization: viewer },
      payload: { promotionId: p.id, memberId: m.id },
    });
    expect(refused.statusCode).toBe(403);

    // an issued fixed reward waits for the member; 20 parallel claims grant it once
    const fixed = await t.app.inject({
      method: 'POST',
      url: '/admin/api/promotions',
      headers: { authorization: admin },
      payload: {
        category: 'other_promo',
        title: { EN: 'Gift' },
        trigger: 'CLAIM',
        rewardKind: 'FIXED',
        rewardAmount: '7',
      },
    });
    const fixedId = fixed.json().value.id as number;
    const issue = await t.app.inject({
      method: 'POST',
      url: `/admin/api/promotions/${fixedId}/issue`,
      headers: { authorization: admin },
      payload: { memberId: m.id, remark: 'sorry for the outage' },
    });
    expect(issue.statusCode, issue.body).toBe(200);
    const waiting = await t.app.inject({
      url: '/wps/relay/MCSFE_getIssuedPromotionList',
      headers: m.headers,
    });
    expect(waiting.json().value).toEqual([
      expect.objectContaining({
        promotionId: fixedId,
        rewardKind: 'FIXED',
        rewardAmount: '7.00',
        ticketGame: null,
      }),
    ]);
    const cfg = await t.app.inject({ url: '/wps/relay/PROMOFE_getTicketGlobalConfig', headers: m.headers });
    expect(cfg.json().value).toMatchObject({ enabled: true, availableCount: 2, issuedCount: 1 });
    const before = await mainBalance(db(), m.id);
    const claimId = issue.json().value.claimId as string;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/relay/MCSFE_claimIssuedPromotion',
          headers: m.headers,
          payload: { claimId },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().errorCode === 'reward_not_issued')).toHaveLength(19);
    expect(await mainBalance(db(), m.id)).toBe(before + 700n);
    // another member cannot claim it
    const other = await memberSession(t.app, db(), merchantId);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_claimIssuedPromotion',
      headers: other.headers,
      payload: { claimId },
    });
    expect(theirs.json().errorCode).toBe('reward_not_issued');

    // an issued ticket reward: claiming it issues the ticket
    const wheel = await ticketPromotion();
    const issued = await t.app.inject({
      method: 'POST',
      url: `/admin/api/promotions/${wheel.id}/issue`,
      headers: { authorization: admin },
      payload: { memberId: other.id },
    });
    expect(issued.json().value).toMatchObject({ rewardKind: 'TICKET', ticketGame: 'wheel' });
    const got = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_claimIssuedPromotion',
      headers: other.headers,
      payload: { claimId: issued.json().value.claimId },
    });
    expect(got.statusCode, got.body).toBe(200);
    const [tk] = await list(other.headers);
    expect(got.json().value.transactionId).toBe(tk!.transactionId);
    await expectLedgerInvariants(db());
  });

  it('a free-spins prize grants the spins of its slot once (20 parallel claims), played for free like a FREE_SPINS reward', async () => {
    const slot = await gameOfKind(db(), 'slot');
    const config = {
      game: 'wheel',
      prizes: [
        {
          kind: 'freeSpins',
          amount: '7',
          weight: 1,
          label: '7 spins',
          spins: { stake: '150', vendor: slot.vendor, gameCode: slot.gameCode },
        },
        { kind: 'cash', amount: '100', weight: 1 },
      ],
    };
    const { p, m, ticket } = await holder({ ticketConfig: config, wageringMultiple: 3, expiryDays: 5 });
    expect(ticket.prizes[0]).toEqual({
      kind: 'freeSpins',
      amount: '7',
      label: '7 spins',
      spins: { stake: '1.50', vendor: slot.vendor, gameCode: slot.gameCode },
    });
    // a client seed whose draw is the free spins (the seed is the member's to choose)
    const [row] = await rows<{ server_seed: string; nonce: number }>(
      db(),
      sql`select server_seed, nonce from promotion_ticket where transaction_id = ${ticket.transactionId}`,
    );
    const table = parseTicketConfig(config);
    let seed = 0;
    while (verifyTicketDraw(row!.server_seed, `fs-${seed}`, row!.nonce, table).index !== 0) seed++;
    const main = await mainBalance(db(), m.id);

    const results = await Promise.all(
      Array.from({ length: 20 }, () => claim(m.headers, ticket.transactionId, `fs-${seed}`)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().errorCode).toBe('ticket_already_claimed');
    }
    expect(ok[0]!.json().value).toMatchObject({
      paidTo: 'freeSpins',
      requiredTurnover: '0.00',
      prize: { kind: 'freeSpins', amount: '7' },
      outcome: { index: 0, kind: 'freeSpins' },
    });
    const grants = await rows<{ claim_id: string; granted: number; remaining: number; stake: string }>(
      db(),
      sql`select claim_id::text, granted, remaining, stake::text from promotion_free_spin where member_id = ${m.id}`,
    );
    expect(grants).toEqual([{ claim_id: expect.any(String), granted: 7, remaining: 7, stake: '150' }]);
    // no money moved: the spins are the house's stake
    expect(await mainBalance(db(), m.id)).toBe(main);
    expect(await bonusBalance(m.id)).toBe(0n);

    // the reward centre and the claim list show them like a FREE_SPINS promotion's
    const spins = await t.app.inject({ url: '/wps/relay/MCSFE_getFreeSpinList', headers: m.headers });
    expect(spins.json().value).toEqual([
      expect.objectContaining({
        claimId: grants[0]!.claim_id,
        promotionId: p.id,
        stake: '1.50',
        vendor: slot.vendor,
        gameCode: slot.gameCode,
        granted: 7,
        remaining: 7,
      }),
    ]);
    const days = (Date.parse(spins.json().value[0].expiryDate) - clock.now().getTime()) / DAY;
    expect(days).toBeCloseTo(5, 2);
    const claims = await t.app.inject({ url: '/wps/relay/MCS2_getPromotionClaimList', headers: m.headers });
    expect(claims.json().value.find((c: { id: string }) => c.id === grants[0]!.claim_id)).toMatchObject({
      state: 'ACTIVE',
      status: 'Process',
      freeSpins: { granted: 7, remaining: 7, used: 0, stake: '1.50' },
    });

    // opening the slot for real money plays them for free
    const game = await playGame(t.app, m.headers, slot.nodeId);
    expect(game.view.config.freeSpinsLeft).toBe(7);
    const res = await gsCall(t.app, game.headers, 'POST', '/gs/api/slot/spin', {
      bet: '1.00',
      requestId: requestId(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ bet: '0.00', freeSpins: { isFree: true } });
    expect(await mainBalance(db(), m.id)).toBe(main);
    await expectLedgerInvariants(db());
  });

  it('refuses a free-spins prize on a game that is not a built-in slot of the catalogue', async () => {
    const slot = await gameOfKind(db(), 'slot');
    const dice = await gameOfKind(db(), 'dice');
    const create = (spins: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/promotions',
        headers: { authorization: admin },
        payload: {
          category: 'other_promo',
          title: { EN: 'spins wheel' },
          trigger: 'CLAIM',
          rewardKind: 'TICKET',
          ticketConfig: {
            game: 'egg',
            prizes: [
              { kind: 'freeSpins', amount: '5', weight: 1, spins },
              { kind: 'nothing', amount: '0', weight: 1 },
            ],
          },
        },
      });
    for (const game of [
      { vendor: dice.vendor, gameCode: dice.gameCode },
      { vendor: slot.vendor, gameCode: 'no-such-game' },
    ]) {
      const res = await create({ stake: '100', ...game });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errorCode).toBe('promotion_free_spins_game');
    }
    // the contract's checks: a stake, a count of at most 1000
    expect((await create({ stake: '0', vendor: slot.vendor, gameCode: slot.gameCode })).statusCode).toBe(422);
    const ok = await create({ stake: '100', vendor: slot.vendor, gameCode: slot.gameCode });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.ticketConfig.prizes[0].spins).toEqual({
      stake: '100',
      vendor: slot.vendor,
      gameCode: slot.gameCode,
    });

    // a slot the merchant's members cannot open (switched off for the merchant, disabled in the
    // catalogue) is refused on create and on an update of the table
    const other = await gameOfKind(db(), 'slot', { not: [slot.nodeId] });
    const switchOff = (enabled: boolean | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/catalogue/games/${other.nodeId}`,
        headers: { authorization: admin },
        payload: { enabled },
      });
    const off = { stake: '100', vendor: other.vendor, gameCode: other.gameCode };
    expect((await switchOff(false)).statusCode).toBe(200);
    const created = await create(off);
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().errorCode).toBe('promotion_free_spins_game');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${ok.json().value.id}`,
      headers: { authorization: admin },
      payload: {
        ticketConfig: {
          game: 'egg',
          prizes: [
            { kind: 'freeSpins', amount: '5', weight: 1, spins: off },
            { kind: 'nothing', amount: '0', weight: 1 },
          ],
        },
      },
    });
    expect(updated.statusCode, updated.body).toBe(400);
    expect(updated.json().errorCode).toBe('promotion_free_spins_game');
    expect((await switchOff(null)).statusCode).toBe(200);
    await db().execute(sql`update game set status = 'disabled' where node_id = ${other.nodeId}`);
    try {
      expect((await create(off)).json().errorCode).toBe('promotion_free_spins_game');
    } finally {
      await db().execute(sql`update game set status = 'active' where node_id = ${other.nodeId}`);
    }
    expect((await create(off)).statusCode).toBe(200);
  });

  it('refuses a ticket promotion without its table, or with prizes it cannot pay', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/api/promotions',
          headers: { authorization: admin },
          payload: {
            category: 'other_promo',
            title: { EN: 'x' },
            trigger: 'CLAIM',
            rewardKind: 'TICKET',
            ...body,
          },
        })
      ).statusCode;
    expect(await bad({})).toBe(422);
    expect(
      await bad({
        ticketConfig: {
          game: 'wheel',
          prizes: [
            { kind: 'freeSpins', amount: '5', weight: 1 },
            { kind: 'cash', amount: '5', weight: 1 },
          ],
        },
      }),
    ).toBe(422);
    expect(
      await bad({ ticketConfig: { game: 'wheel', prizes: [{ kind: 'cash', amount: '5', weight: 1 }] } }),
    ).toBe(422);
  });

  it('a sign-up ticket promotion gives every new registration a ticket to draw', async () => {
    const p = await ticketPromotion({ trigger: 'SIGN_UP', category: 'new_player' });
    await setModule(t.app, admin, 'REGMOBVERF3', false);
    const username = `tk${randomBytes(5).toString('hex')}`;
    const reg = await registerWithCode(t.app, db(), 'DEMO2026', { username });
    expect(reg.statusCode, reg.body).toBe(200);
    const headers = {
      merchant: DEMO.merchant,
      authorization: await loginToken(t.app, db(), username, 'Secret#12'),
    };
    const mine = await list(headers);
    expect(mine.map((x) => x.promotionId)).toContain(p.id);
    const res = await claim(headers, mine.find((x) => x.promotionId === p.id)!.transactionId);
    expect(res.statusCode, res.body).toBe(200);
  });
});
