import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { requestWithdraw, withdrawer } from '../../test/withdrawals.js';
import { signBody } from '../../platform/vendor-signature.js';
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
 * Bonus money is playable (issue 16): bets draw real money first (or bonus first), the vendor's
 * balance includes the open bonus, a win on a bet that drew bonus money goes back to the bonus
 * account in proportion, a rollback refunds each part where it came from, a max bet holds while the
 * bonus is open, wagering counts each game type at its percent, and parallel bets never take an
 * account below zero.
 */
const VENDOR = 'BONPV';
let t: TestApp;
let merchantId: number;
let admin: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ poolMax: 12 });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  await addVendor(db(), merchantId, VENDOR);
  // two catalogue games of the vendor: a slot and a live table
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
      category: 'other_promo',
      title: { EN: 'bonus play' },
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; maxBet: string | null; contributions: Record<string, number> };
}

/** A member with `real` (major units) in MAIN who claimed `promotionId`; with a vendor session. */
async function bonusMember(real: number, promotionId: number) {
  const m = await memberSession(t.app, db(), merchantId);
  if (real > 0) await fund(db(), merchantId, m.id, BigInt(real * 100));
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/promotions',
    headers: m.headers,
    payload: { promotionId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { token } = await openVendorSession(db(), merchantId, m.id, VENDOR);
  return { ...m, token };
}

async function accounts(memberId: number) {
  const list = await rows<{ code: string; balance: string }>(
    db(),
    sql`select code, balance::text from ledger_account where member_id = ${memberId}`,
  );
  const of = (code: string) => BigInt(list.find((a) => a.code === code)?.balance ?? '0');
  return { main: of('main'), bonus: of('bonus') };
}

const call = (op: 'debit' | 'credit' | 'rollback' | 'balance', body: Record<string, unknown>) =>
  vendorCallback(t.app, db(), { merchantId, vendor: VENDOR, op, body });
const id = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;

async function bet(m: { id: number; token: string }, amount: string, gameCode = 'slot1', roundId = id('r')) {
  const res = await call('debit', {
    playerId: String(m.id),
    token: m.token,
    txnId: id('d'),
    roundId,
    amount,
    gameCode,
  });
  return { res, roundId };
}
const win = (m: { id: number }, roundId: string, amount: string, gameCode = 'slot1') =>
  call('credit', { playerId: String(m.id), txnId: id('c'), roundId, amount, gameCode });

async function claimOf(m: { headers: Record<string, string> }, promotionId: number) {
  const res = await t.app.inject({ url: '/wps/relay/MCS2_getPromotionClaimList', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().value as {
      promotionId: number;
      state: string;
      currentTurnover: string;
      maxBet: string | null;
    }[]
  ).find((c) => c.promotionId === promotionId)!;
}

describe('betting with bonus money', () => {
  it('draws real money first, then bonus; a win goes back in proportion; the balance includes the bonus', async () => {
    const p = await promotion({ rewardAmount: '50', wageringMultiple: 10 });
    const m = await bonusMember(100, p.id);
    expect(await accounts(m.id)).toEqual({ main: 10_000n, bonus: 5_000n });
    const bal = await call('balance', { playerId: String(m.id), token: m.token });
    expect(bal.json().value.balance).toBe('150.00');

    // 120: 100 real, 20 bonus
    const { res, roundId } = await bet(m, '120.00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.balance).toBe('30.00');
    expect(await accounts(m.id)).toEqual({ main: 0n, bonus: 3_000n });
    const [d] = await rows<{ bonus_amount: string }>(
      db(),
      sql`select bonus_amount::text from vendor_txn where member_id = ${m.id} and op = 'debit'`,
    );
    expect(d!.bonus_amount).toBe('2000');

    // a win of 60.01 on it: 20/120 of it (rounded up) back to the bonus account, the rest real
    const w = await win(m, roundId, '60.01');
    expect(w.statusCode, w.body).toBe(200);
    // bonus share: ceil(6001 * 2000 / 12000) = 1001
    expect(await accounts(m.id)).toEqual({ main: 6_001n - 1_001n, bonus: 3_000n + 1_001n });
    expect(w.json().value.balance).toBe('90.01');
    await expectLedgerInvariants(db());
  });

  it('bonus first when the promotion says so, and a rollback refunds each part where it came from', async () => {
    const p = await promotion({ rewardAmount: '50', wageringMultiple: 10, betOrder: 'BONUS_FIRST' });
    const m = await bonusMember(100, p.id);
    const roundId = id('r');
    const txnId = id('d');
    const res = await call('debit', {
      playerId: String(m.id),
      token: m.token,
      txnId,
      roundId,
      amount: '70.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await accounts(m.id)).toEqual({ main: 8_000n, bonus: 0n });
    const rb = await call('rollback', { playerId: String(m.id), txnId: id('rb'), roundId, refTxnId: txnId });
    expect(rb.statusCode, rb.body).toBe(200);
    expect(rb.json().value.balance).toBe('150.00');
    expect(await accounts(m.id)).toEqual({ main: 10_000n, bonus: 5_000n });
    await expectLedgerInvariants(db());
  });

  it('refuses a stake above the max bet while the bonus is open, and not after it converted', async () => {
    const p = await promotion({ rewardAmount: '10', wageringMultiple: 1, maxBet: '5' });
    expect(p.maxBet).toBe('5.00');
    const m = await bonusMember(100, p.id);
    // the member's bonus list says the limit (bonus details shows it)
    expect(await claimOf(m, p.id)).toMatchObject({ state: 'ACTIVE', maxBet: '5.00' });
    const big = await bet(m, '5.01');
    expect(big.res.statusCode).toBe(403);
    expect(big.res.json().errorCode).toBe('vendor_bonus_max_bet');
    expect(await accounts(m.id)).toEqual({ main: 10_000n, bonus: 1_000n });
    // two settled bets of 5 meet the 10 of wagering: the bonus converts and the limit goes with it
    for (let i = 0; i < 2; i++) {
      const b = await bet(m, '5.00');
      expect(b.res.statusCode, b.res.body).toBe(200);
      expect((await win(m, b.roundId, '0')).statusCode).toBe(200);
    }
    expect((await claimOf(m, p.id)).state).toBe('CONVERTED');
    expect(await accounts(m.id)).toEqual({ main: 10_000n, bonus: 0n });
    const after = await bet(m, '6.00');
    expect(after.res.statusCode, after.res.body).toBe(200);
    // no bonus open: the balance is real money only
    expect(after.res.json().value.balance).toBe('94.00');
  });

  it('counts each game type at its contribution percent', async () => {
    const p = await promotion({
      rewardAmount: '10',
      wageringMultiple: 10,
      contributions: { LIVE: 10, RNG: 100 },
    });
    expect(p.contributions).toEqual({ LIVE: 10, RNG: 100 });
    const m = await bonusMember(100, p.id);
    const live = await bet(m, '50.00', 'live1');
    await win(m, live.roundId, '0', 'live1');
    const slot = await bet(m, '20.00', 'slot1');
    await win(m, slot.roundId, '0', 'slot1');
    // 50 live at 10 % + 20 slots at 100 %
    expect((await claimOf(m, p.id)).currentTurnover).toBe('25.00');
  });

  it('a bonus lost in play ends, and the member withdraws nothing of it', async () => {
    const p = await promotion({ rewardAmount: '10', wageringMultiple: 20 });
    const m = await bonusMember(0, p.id);
    const b = await bet(m, '10.00');
    expect(b.res.statusCode, b.res.body).toBe(200);
    // the round is open: the bonus waits for its win
    expect((await claimOf(m, p.id)).state).toBe('ACTIVE');
    await win(m, b.roundId, '0');
    expect((await claimOf(m, p.id)).state).toBe('FORFEITED');
    expect(await accounts(m.id)).toEqual({ main: 0n, bonus: 0n });
    const none = await bet(m, '1.00');
    expect(none.res.json().errorCode).toBe('insufficient_balance');
    await expectLedgerInvariants(db());
  });

  it('a withdrawal request forfeits the bonus of a promotion that says so, and waits for one that does not', async () => {
    const forfeits = await promotion({ rewardAmount: '10', wageringMultiple: 10, forfeitOnWithdraw: true });
    const waits = await promotion({ rewardAmount: '10', wageringMultiple: 10 });
    for (const [p, forfeit] of [
      [forfeits, true],
      [waits, false],
    ] as const) {
      const w = await withdrawer(t.app, db(), merchantId, { balance: 50_000n });
      const join = await t.app.inject({
        method: 'POST',
        url: '/wps/promotions',
        headers: w.headers,
        payload: { promotionId: p.id },
      });
      expect(join.statusCode, join.body).toBe(200);
      const res = await requestWithdraw(t.app, w, '100');
      if (forfeit) {
        expect(res.statusCode, res.body).toBe(200);
        expect((await claimOf(w, p.id)).state).toBe('FORFEITED');
        expect((await accounts(w.id)).bonus).toBe(0n);
      } else {
        expect(res.json().errorCode).toBe('withdraw_turnover_unmet');
        expect((await claimOf(w, p.id)).state).toBe('ACTIVE');
      }
    }
    await expectLedgerInvariants(db());
  });

  it(
    'parallel bets over real and bonus money never take an account below zero',
    { timeout: 120_000 },
    async () => {
      const p = await promotion({ rewardAmount: '50', wageringMultiple: 10 });
      const m = await bonusMember(100, p.id);
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const [mv] = await rows<{ api_secret: string }>(
        db(),
        sql`select api_secret from merchant_vendor where merchant_id = ${merchantId} and vendor_code = ${VENDOR}`,
      );
      const debit = async (n: number) => {
        const raw = JSON.stringify({
          playerId: String(m.id),
          currency: 'BDT',
          token: m.token,
          txnId: `par-${m.id}-${n}`,
          roundId: `par-${m.id}-${n}`,
          amount: '20.00',
          gameCode: 'slot1',
        });
        const res = await fetch(`${base}/vendor/${VENDOR}/wallet/debit`, {
          method: 'POST',
          headers: {
            merchant: DEMO.merchant,
            'content-type': 'application/json',
            'x-signature': signBody(mv!.api_secret, raw),
          },
          body: raw,
        });
        return { status: res.status, body: (await res.json()) as { success: boolean; errorCode?: string } };
      };
      const results = await Promise.all(Array.from({ length: 24 }, (_, n) => debit(n)));
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      const ok = results.filter((r) => r.body.success).length;
      expect(new Set(results.filter((r) => !r.body.success).map((r) => r.body.errorCode))).toEqual(
        new Set(['insufficient_balance']),
      );
      // 150.00 playable: seven bets of 20 go, the eighth would need 160
      expect(ok).toBe(7);
      const a = await accounts(m.id);
      expect(a).toEqual({ main: 0n, bonus: 1_000n });
      expect(await mainBalance(db(), m.id)).toBe(0n);
      const [drawn] = await rows<{ s: string }>(
        db(),
        sql`select sum(bonus_amount)::text as s from vendor_txn where member_id = ${m.id} and op = 'debit' and status = 'ok'`,
      );
      expect(drawn!.s).toBe('4000');
      await expectLedgerInvariants(db());
    },
  );
});
