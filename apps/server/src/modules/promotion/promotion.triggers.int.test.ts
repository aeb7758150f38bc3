import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import {
  addChannel,
  approvedDeposit,
  expectLedgerInvariants,
  memberSession,
  merchantIdOf,
  operatorToken,
} from '../../test/factories.js';

/**
 * The N-th deposit, deposit-over-an-amount and bonus-code triggers through HTTP: who gets what, how
 * often (per member, per deposit, per day), code limits under parallel redemptions, SPEC 4 statuses.
 */
let t: TestApp;
let merchantId: number;
let admin: string;
let channelId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ poolMax: 12 });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  channelId = (await addChannel(db(), merchantId, { minAmount: 100n })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function promotion(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: { category: 'deposit_promo', title: { EN: 'trigger' }, rewardKind: 'FIXED', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; depositNth: number | null; oncePerDay: boolean };
}

const deposit = (m: { headers: Record<string, string> }, amount: string) =>
  approvedDeposit(t.app, { member: m.headers, operatorToken: admin, channelId, amount });

async function claimsOf(memberId: number, promotionId: number) {
  return rows<{ status: string; bonus_amount: string; occurrence: string; deposit_order_no: string | null }>(
    db(),
    sql`select status, bonus_amount::text, occurrence, deposit_order_no from promotion_claim
        where member_id = ${memberId} and promotion_id = ${promotionId} order by id`,
  );
}

async function statusIn(m: { headers: Record<string, string> }, promotionId: number) {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value as { id: number; status: string }[]).find((p) => p.id === promotionId)?.status;
}

const redeem = (m: { headers: Record<string, string> }, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_redeemBonusCode',
    headers: m.headers,
    payload: { code },
  });

async function makeCodes(promotionId: number, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/api/promotions/${promotionId}/codes`,
    headers: { authorization: admin },
    payload: body,
  });
  return res;
}

describe('deposit triggers', () => {
  it('the N-th deposit pays once, on that deposit only; it cannot be joined', async () => {
    const p = await promotion({
      trigger: 'NTH_DEPOSIT',
      depositNth: 2,
      rewardAmount: '15',
      wageringMultiple: 2,
    });
    expect(p.depositNth).toBe(2);
    const m = await memberSession(t.app, db(), merchantId);
    expect(await statusIn(m, p.id)).toBe('Joined');
    const join = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions',
      headers: m.headers,
      payload: { promotionId: p.id },
    });
    expect(join.json().errorCode).toBe('promotion_unavailable');
    await deposit(m, '100');
    expect(await claimsOf(m.id, p.id)).toEqual([]);
    const second = await deposit(m, '100');
    await deposit(m, '100');
    const claims = await claimsOf(m.id, p.id);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ status: 'ACTIVE', bonus_amount: '1500', deposit_order_no: second });
    expect(await statusIn(m, p.id)).toBe('Process');
    await expectLedgerInvariants(db());
  });

  it('a deposit over the amount pays each time (a share of it, capped); once per day when asked', async () => {
    const each = await promotion({
      trigger: 'DEPOSIT_OVER',
      rewardKind: 'PERCENT',
      rewardPercent: 10,
      rewardCap: '50',
      minDeposit: '200',
    });
    const daily = await promotion({
      trigger: 'DEPOSIT_OVER',
      rewardAmount: '5',
      minDeposit: '200',
      oncePerDay: true,
    });
    expect(daily.oncePerDay).toBe(true);
    const m = await memberSession(t.app, db(), merchantId);
    await deposit(m, '199.99');
    const a = await deposit(m, '300');
    const b = await deposit(m, '800');
    const claims = await claimsOf(m.id, each.id);
    expect(claims.map((c) => [c.status, c.bonus_amount, c.occurrence])).toEqual([
      ['CONVERTED', '3000', `deposit:${a}`],
      ['CONVERTED', '5000', `deposit:${b}`],
    ]);
    // two qualifying deposits today: the daily one paid once
    const day = await claimsOf(m.id, daily.id);
    expect(day).toHaveLength(1);
    expect(day[0]!.occurrence).toMatch(/^day:/);
    // still open to the member: it pays again on the next deposit
    expect(await statusIn(m, each.id)).toBe('Joined');
    await expectLedgerInvariants(db());
  });
});

describe('bonus codes', () => {
  it('an operator makes codes; a member redeems one once; limits, disabled and unknown codes are refused', async () => {
    const p = await promotion({
      trigger: 'BONUS_CODE',
      category: 'other_promo',
      rewardAmount: '20',
      wageringMultiple: 1,
    });
    // codes only for a bonus-code promotion
    const other = await promotion({ trigger: 'CLAIM', rewardAmount: '1' });
    expect((await makeCodes(other.id, { code: 'NOPE1234' })).json().errorCode).toBe('promotion_unavailable');

    const made = await makeCodes(p.id, { code: 'spring25', maxUses: 2 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().value).toMatchObject([{ code: 'SPRING25', maxUses: 2, used: 0, status: 'Available' }]);
    expect((await makeCodes(p.id, { code: 'SPRING25' })).json().errorCode).toBe('promotion_code_exists');
    const random = await makeCodes(p.id, { count: 3 });
    expect(random.json().value).toHaveLength(3);
    for (const c of random.json().value as { code: string; maxUses: number }[]) {
      expect(c.code).toMatch(/^[A-Z2-9]{10}$/);
      expect(c.maxUses).toBe(1);
    }
    expect((await makeCodes(p.id, { code: 'a b' })).json().errorCode).toBe('request_param_err');

    const [m1, m2, m3] = [
      await memberSession(t.app, db(), merchantId),
      await memberSession(t.app, db(), merchantId),
      await memberSession(t.app, db(), merchantId),
    ];
    expect(await statusIn(m1, p.id)).toBe('Claim');
    expect((await redeem(m1, 'UNKNOWN1')).json().errorCode).toBe('promotion_code_invalid');
    const ok = await redeem(m1, 'spring25');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({
      state: 'ACTIVE',
      bonusAmount: '20.00',
      requiredTurnover: '20.00',
    });
    expect(await statusIn(m1, p.id)).toBe('Process');
    // once per member, whichever code
    expect((await redeem(m1, (random.json().value as { code: string }[])[0]!.code)).json().errorCode).toBe(
      'promotion_already_joined',
    );
    expect((await redeem(m2, 'SPRING25')).statusCode).toBe(200);
    expect((await redeem(m3, 'SPRING25')).json().errorCode).toBe('promotion_code_used_up');

    // the operator's list shows the uses and the redeem statuses; a disabled code is refused
    const list = await t.app.inject({
      url: `/admin/api/promotions/${p.id}/codes`,
      headers: { authorization: admin },
    });
    const spring = (list.json().value as { id: number; code: string; used: number; status: string }[]).find(
      (c) => c.code === 'SPRING25',
    )!;
    expect(spring).toMatchObject({ used: 2, status: 'Used up' });
    const single = (list.json().value as { id: number; code: string }[]).find((c) => c.code !== 'SPRING25')!;
    const off = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotion-codes/${single.id}`,
      headers: { authorization: admin },
      payload: { active: false },
    });
    expect(off.json().value).toMatchObject({ active: false, status: 'Disabled' });
    expect((await redeem(m3, single.code)).json().errorCode).toBe('promotion_code_invalid');
    const [audited] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action like 'promotion.codes.%'`,
    );
    expect(audited!.n).toBeGreaterThanOrEqual(3);
    await expectLedgerInvariants(db());
  });

  it('parallel redemptions of a limited code never pass its limit', { timeout: 120_000 }, async () => {
    const p = await promotion({ trigger: 'BONUS_CODE', category: 'other_promo', rewardAmount: '3' });
    expect((await makeCodes(p.id, { code: 'RUSH0003', maxUses: 3 })).statusCode).toBe(200);
    const members = [];
    for (let i = 0; i < 10; i++) members.push(await memberSession(t.app, db(), merchantId));
    const results = await Promise.all(members.map((m) => redeem(m, 'RUSH0003')));
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().errorCode))).toEqual(
      new Set(['promotion_code_used_up']),
    );
    const [c] = await rows<{ used: number; claims: number }>(
      db(),
      sql`select used, (select count(*)::int from promotion_claim where promotion_id = ${p.id}) as claims
          from promotion_code where code = 'RUSH0003'`,
    );
    expect(c).toEqual({ used: 3, claims: 3 });
    await expectLedgerInvariants(db());
  });
});
