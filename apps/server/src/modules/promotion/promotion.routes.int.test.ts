import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { requestWithdraw as requestWithdrawal, withdrawer as newWithdrawer } from '../../test/withdrawals.js';
import { PROMOTION_SWEEP_JOB, promotionServiceFor } from './index.js';
import { systemClock } from '../../platform/module.js';
import { createEventBus } from '../../platform/events.js';
import {
  addChannel,
  addVendor,
  approvedDeposit,
  createMerchant,
  createOperator,
  expectLedgerInvariants,
  fund,
  registerWithCode,
  setModule,
  loginToken,
  mainBalance,
  merchantIdOf,
  operatorLogin,
  operatorToken,
  openVendorSession,
  settleWin,
  vendorCallback,
} from '../../test/factories.js';

let t: TestApp;
let merchantId: number;
let admin: string;
let channelId: number;
const VENDOR = 'PROMOV';
const db = () => t.database.db;
/** A logged-in member with a payment password and a bank account: what a withdrawal needs. */
type Withdrawer = Awaited<ReturnType<typeof newWithdrawer>>;
const withdrawer = () => newWithdrawer(t.app, db(), merchantId);
const requestWithdraw = (w: Withdrawer, amount: string) => requestWithdrawal(t.app, w, amount);

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  channelId = (await addChannel(db(), merchantId)).id;
  await addVendor(db(), merchantId, VENDOR);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function createPromotion(body: Record<string, unknown>, token = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: token },
    payload: { category: 'deposit_promo', title: { EN: `Promo ${randomBytes(3).toString('hex')}` }, ...body },
  });
}
async function promotion(body: Record<string, unknown>) {
  const res = await createPromotion(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number };
}
const join = (headers: Record<string, string>, promotionId: number) =>
  t.app.inject({ method: 'POST', url: '/wps/promotions', headers, payload: { promotionId } });
const claims = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/wps/relay/MCS2_getPromotionClaimList', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Record<string, unknown>[];
};
const bonusBalance = async (memberId: number) => {
  const [r] = await rows<{ b: string }>(
    db(),
    sql`select coalesce(sum(balance), 0)::text as b from ledger_account where member_id = ${memberId} and code = 'bonus'`,
  );
  return BigInt(r!.b);
};

const WELCOME = {
  trigger: 'FIRST_DEPOSIT',
  rewardKind: 'PERCENT',
  rewardPercent: 100,
  rewardCap: '200',
  minDeposit: '100',
  wageringMultiple: 3,
  wageringBase: 'BONUS',
  expiryDays: 7,
};

describe('operator API', () => {
  it('creates and changes promotions (sanitised, audited); viewers and other merchants cannot', async () => {
    const res = await createPromotion({
      ...WELCOME,
      tags: ['NEWBIE', 'LIMITED'],
      title: { EN: '<b>Welcome</b>', BN: 'স্বাগতম' },
      content: { EN: '<p onclick="x()">Hi<script>alert(1)</script></p>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().value;
    expect(p).toMatchObject({
      title: { EN: 'Welcome', BN: 'স্বাগতম' },
      rewardPercent: 100,
      rewardCap: '200.00',
      wageringMultiple: 3,
      tags: ['NEWBIE', 'LIMITED'],
    });
    expect(p.content.EN).not.toMatch(/script|onclick/);
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p.id}`,
      headers: { authorization: admin },
      payload: { wageringMultiple: 5, active: false },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().value).toMatchObject({ wageringMultiple: 5, active: false, rewardCap: '200.00' });
    const audit = await rows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'promotion' and entity_id = ${String(p.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['promotion.create', 'promotion.update']);

    // a percent reward without its cap, or on a claim trigger, is refused
    expect((await createPromotion({ ...WELCOME, rewardCap: null })).statusCode).toBe(422);
    expect((await createPromotion({ ...WELCOME, trigger: 'CLAIM' })).statusCode).toBe(422);

    await createOperator(db(), merchantId, 'promoviewer', 'viewer');
    const viewer = await operatorLogin(t.app, DEMO.merchant, 'promoviewer');
    expect((await createPromotion(WELCOME, viewer)).statusCode).toBe(403);
    const list = await t.app.inject({ url: '/admin/api/promotions', headers: { authorization: viewer } });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.list.some((x: { id: number }) => x.id === p.id)).toBe(true);
    expect((await t.app.inject({ url: '/admin/api/promotions' })).statusCode).toBe(401);

    const other = await createMerchant(db());
    await createOperator(db(), other.id, 'promoother', 'admin');
    const foreign = await operatorLogin(t.app, other.code, 'promoother');
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p.id}`,
      headers: { authorization: foreign },
      payload: { active: true },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('first-deposit bonus with wagering', () => {
  it('join, first deposit grants 100% capped; withdrawal refused until settled bets meet the wagering; then it converts', async () => {
    const p = await promotion(WELCOME);
    const w = await withdrawer();
    const before = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: w.headers });
    expect(before.json().value.find((x: { id: number }) => x.id === p.id)).toMatchObject({ status: 'Join' });
    const claimable = await t.app.inject({ url: '/wps/relay/MCSFE_getClaimPromotion', headers: w.headers });
    expect(claimable.json().value.map((x: { id: number }) => x.id)).toContain(p.id);

    const joined = await join(w.headers, p.id);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().value).toMatchObject({ state: 'JOINED', status: 'Joined' });
    expect((await join(w.headers, p.id)).json().errorCode).toBe('promotion_already_joined');

    // first deposit 300: 100% = 300, capped at 200; wagering 3 x 200 = 600
    await approvedDeposit(t.app, { member: w.headers, operatorToken: admin, channelId, amount: '300' });
    expect(await bonusBalance(w.id)).toBe(200_00n);
    expect(await mainBalance(db(), w.id)).toBe(300_00n);
    const [c] = await claims(w.headers);
    expect(c).toMatchObject({
      promotionId: p.id,
      state: 'ACTIVE',
      status: 'Process',
      depositAmount: '300.00',
      bonusAmount: '200.00',
      requiredTurnover: '600.00',
      remainingTurnover: '600.00',
    });
    // a second deposit is not a first deposit: nothing more
    await approvedDeposit(t.app, { member: w.headers, operatorToken: admin, channelId, amount: '200' });
    expect(await bonusBalance(w.id)).toBe(200_00n);

    const refused = await requestWithdraw(w, '100');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'withdraw_turnover_unmet',
      value: { remainingTurnover: '600.00' },
    });

    // settled rounds count; a round without its result does not
    await settleWin(t.app, db(), {
      merchantId,
      memberId: w.id,
      vendor: VENDOR,
      gameCode: 'g1',
      bet: '250',
      win: '0',
    });
    const session = await openVendorSession(db(), merchantId, w.id, VENDOR);
    const open = await vendorCallback(t.app, db(), {
      merchantId,
      vendor: VENDOR,
      op: 'debit',
      body: {
        playerId: String(w.id),
        token: session.token,
        txnId: 'open-1',
        roundId: 'open-r',
        amount: '100',
      },
    });
    expect(open.statusCode, open.body).toBe(200);
    const mid = (await claims(w.headers))[0]!;
    expect(mid).toMatchObject({ currentTurnover: '250.00', remainingTurnover: '350.00', state: 'ACTIVE' });
    expect((await requestWithdraw(w, '100')).json().value).toEqual({ remainingTurnover: '350.00' });

    await settleWin(t.app, db(), {
      merchantId,
      memberId: w.id,
      vendor: VENDOR,
      gameCode: 'g1',
      bet: '50',
      win: '100',
    });
    // the open round settles: 250 + 100 + 50 = 400
    const settle = await vendorCallback(t.app, db(), {
      merchantId,
      vendor: VENDOR,
      op: 'credit',
      body: { playerId: String(w.id), txnId: 'open-1c', roundId: 'open-r', amount: '0' },
    });
    expect(settle.statusCode, settle.body).toBe(200);
    expect((await claims(w.headers))[0]).toMatchObject({ remainingTurnover: '200.00' });
    await settleWin(t.app, db(), {
      merchantId,
      memberId: w.id,
      vendor: VENDOR,
      gameCode: 'g1',
      bet: '200',
      win: '0',
    });

    // met: the withdrawal gate converts the bonus and lets the request through
    const mainBefore = await mainBalance(db(), w.id);
    const ok = await requestWithdraw(w, '100');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await bonusBalance(w.id)).toBe(0n);
    expect(await mainBalance(db(), w.id)).toBe(mainBefore + 200_00n);
    expect((await claims(w.headers))[0]).toMatchObject({
      state: 'CONVERTED',
      status: 'Claimed',
      currentTurnover: '600.00',
      remainingTurnover: '0.00',
    });
    const after = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: w.headers });
    expect(after.json().value.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      status: 'Claimed',
    });
    await expectLedgerInvariants(db());
  });

  it('a first deposit below the minimum, or without joining, grants nothing; joining after depositing is refused', async () => {
    const p = await promotion({ ...WELCOME, minDeposit: '500' });
    const w = await withdrawer();
    expect((await join(w.headers, p.id)).statusCode).toBe(200);
    expect((await claims(w.headers)).find((c) => c.promotionId === p.id)).toMatchObject({ status: 'Joined' });
    await approvedDeposit(t.app, { member: w.headers, operatorToken: admin, channelId, amount: '300' });
    expect(await bonusBalance(w.id)).toBe(0n);
    // the first deposit went by without it: the joined claim can never be granted now
    expect((await claims(w.headers)).find((c) => c.promotionId === p.id)).toMatchObject({
      state: 'JOINED',
      status: 'Close',
    });
    const late = await promotion(WELCOME);
    const refused = await join(w.headers, late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('promotion_unavailable');
    const list = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: w.headers });
    expect(list.json().value.find((x: { id: number }) => x.id === late.id)).toMatchObject({
      status: 'Close',
    });
  });

  it('an expired bonus is forfeited to the house and no longer holds withdrawals', async () => {
    const p = await promotion(WELCOME);
    const w = await withdrawer();
    await join(w.headers, p.id);
    await approvedDeposit(t.app, { member: w.headers, operatorToken: admin, channelId, amount: '150' });
    expect(await bonusBalance(w.id)).toBe(150_00n);
    expect((await requestWithdraw(w, '100')).statusCode).toBe(409);
    // its week has passed
    await db().execute(
      sql`update promotion_claim set expires_at = now() - interval '1 minute' where member_id = ${w.id}`,
    );
    const ok = await requestWithdraw(w, '100');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await bonusBalance(w.id)).toBe(0n);
    // the deposit stays; the request holds 100 of it until paid
    expect(await mainBalance(db(), w.id)).toBe(150_00n);
    expect((await claims(w.headers))[0]).toMatchObject({ state: 'FORFEITED', status: 'Close' });
    await expectLedgerInvariants(db());
  });
});

describe('bonus details (MCS2_getPromotionClaimList): wagering progress per bonus', () => {
  it("counts the valid bets since the grant only, in percent; in the caller's language; converted shows 100%; never another member's", async () => {
    const p = await promotion({
      ...WELCOME,
      title: { EN: 'Progress bonus', BN: 'অগ্রগতি বোনাস' },
    });
    const w = await withdrawer();
    const other = await withdrawer();
    expect((await join(w.headers, p.id)).statusCode).toBe(200);
    expect((await join(other.headers, p.id)).statusCode).toBe(200);
    // a bet settled before the grant is not wagering of the bonus
    await fund(db(), merchantId, w.id, 1000_00n);
    await settleWin(t.app, db(), {
      merchantId,
      memberId: w.id,
      vendor: VENDOR,
      gameCode: 'g1',
      bet: '80',
      win: '0',
    });
    const joined = (await claims(w.headers))[0]!;
    expect(joined).toMatchObject({
      state: 'JOINED',
      bonusAmount: null,
      progressPercent: 0,
      grantedDate: null,
    });

    // 200 deposited: a 200 bonus, 3 x 200 = 600 to bet within 7 days
    await approvedDeposit(t.app, { member: w.headers, operatorToken: admin, channelId, amount: '200' });
    const granted = (await claims({ ...w.headers, language: 'en' }))[0]!;
    expect(granted).toMatchObject({
      title: 'Progress bonus',
      state: 'ACTIVE',
      bonusAmount: '200.00',
      requiredTurnover: '600.00',
      currentTurnover: '0.00',
      remainingTurnover: '600.00',
      progressPercent: 0,
    });
    // granted_at is the database's transaction time, the expiry the app clock's: the same week within a second
    const week =
      new Date(granted.expiryDate as string).getTime() - new Date(granted.grantedDate as string).getTime();
    expect(Math.abs(week - 7 * 86_400_000)).toBeLessThan(1000);

    await settleWin(t.app, db(), {
      merchantId,
      memberId: w.id,
      vendor: VENDOR,
      gameCode: 'g1',
      bet: '150',
      win: '0',
    });
    await settleWin(t.app, db(), {
      merchantId,
      memberId: w.id,
      vendor: VENDOR,
      gameCode: 'g2',
      bet: '100',
      win: '30',
    });
    const bn = await t.app.inject({
      url: '/wps/relay/MCS2_getPromotionClaimList',
      headers: { ...w.headers, language: 'bn' },
    });
    expect(bn.statusCode, bn.body).toBe(200);
    expect(bn.json().value).toHaveLength(1);
    // 250 of 600: 41.666..% rounded down to two decimals
    expect(bn.json().value[0]).toMatchObject({
      title: 'অগ্রগতি বোনাস',
      state: 'ACTIVE',
      status: 'Process',
      currentTurnover: '250.00',
      remainingTurnover: '350.00',
      progressPercent: 41.66,
    });

    // the other member joined the same promotion but never sees w's bonus or bets
    const theirs = await claims(other.headers);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      state: 'JOINED',
      bonusAmount: null,
      currentTurnover: '0.00',
      progressPercent: 0,
    });
    expect(theirs.map((c) => c.id)).not.toContain(granted.id);

    await settleWin(t.app, db(), {
      merchantId,
      memberId: w.id,
      vendor: VENDOR,
      gameCode: 'g1',
      bet: '350',
      win: '0',
    });
    expect((await claims(w.headers))[0]).toMatchObject({
      id: granted.id,
      state: 'CONVERTED',
      status: 'Claimed',
      currentTurnover: '600.00',
      remainingTurnover: '0.00',
      progressPercent: 100,
    });
    expect(await bonusBalance(w.id)).toBe(0n);
    await expectLedgerInvariants(db());
  });
});

describe('the sweep job', () => {
  it('converts met bonuses and forfeits expired ones nobody looked at', async () => {
    const p = await promotion({
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '20',
      wageringMultiple: 1,
      expiryDays: 3,
    });
    const met = await withdrawer();
    const late = await withdrawer();
    for (const m of [met, late]) expect((await join(m.headers, p.id)).statusCode).toBe(200);
    await fund(db(), merchantId, met.id, 50_00n);
    await settleWin(t.app, db(), {
      merchantId,
      memberId: met.id,
      vendor: VENDOR,
      gameCode: 'g1',
      bet: '20',
      win: '0',
    });
    await db().execute(
      sql`update promotion_claim set expires_at = now() - interval '1 second' where member_id = ${late.id}`,
    );
    expect(await t.app.scheduler.runNow(PROMOTION_SWEEP_JOB)).toBe(true);
    const states = await rows<{ member_id: number; status: string }>(
      db(),
      sql`select member_id, status from promotion_claim where promotion_id = ${p.id} order by member_id`,
    );
    expect(states.map((r) => [r.member_id, r.status])).toEqual([
      [met.id, 'CONVERTED'],
      [late.id, 'FORFEITED'],
    ]);
    expect(await mainBalance(db(), met.id)).toBe(50_00n);
    expect(await bonusBalance(late.id)).toBe(0n);

    // batches page through every member with an open bonus in one run
    const more = [await withdrawer(), await withdrawer(), await withdrawer()];
    for (const m of more) expect((await join(m.headers, p.id)).statusCode).toBe(200);
    await db().execute(
      sql`update promotion_claim set expires_at = now() - interval '1 second'
          where promotion_id = ${p.id} and status = 'ACTIVE'`,
    );
    await promotionServiceFor({ db: db(), clock: systemClock, events: createEventBus() }).sweep(1);
    for (const m of more) expect(await bonusBalance(m.id)).toBe(0n);
    await expectLedgerInvariants(db());
  });
});

describe('claimed rewards', () => {
  it('a fixed reward without wagering is paid to the main wallet at once', async () => {
    const p = await promotion({
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '18.50',
      category: 'new_player',
    });
    const w = await withdrawer();
    const res = await join(w.headers, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ state: 'CONVERTED', status: 'Claimed', bonusAmount: '18.50' });
    expect(await mainBalance(db(), w.id)).toBe(18_50n);
    expect(await bonusBalance(w.id)).toBe(0n);
  });

  it('20 parallel claims of the same reward pay once', async () => {
    const p = await promotion({
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '50',
      wageringMultiple: 2,
    });
    const w = await withdrawer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => join(w.headers, p.id)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.statusCode !== 200)
        .every((a) => a.json().errorCode === 'promotion_already_joined'),
    ).toBe(true);
    expect(await bonusBalance(w.id)).toBe(50_00n);
    const [n] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entry where member_id = ${w.id} and idem_key like 'promo:grant:%'`,
    );
    expect(n!.n).toBe(1);
    await expectLedgerInvariants(db());
  });

  it('new-member promotions are closed to members who registered before them', async () => {
    const w = await withdrawer();
    await db().execute(sql`update member set created_at = now() - interval '30 days' where id = ${w.id}`);
    const p = await promotion({
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '10',
      audience: 'NEW_MEMBERS',
      startDate: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const list = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: w.headers });
    expect(list.json().value.map((x: { id: number }) => x.id)).not.toContain(p.id);
    expect((await join(w.headers, p.id)).json().errorCode).toBe('promotion_unavailable');
    const fresh = await withdrawer();
    expect((await join(fresh.headers, p.id)).statusCode).toBe(200);
  });
});

describe('operator grants and claims', () => {
  it('grants a fixed reward by hand (audited, once per member); lists claims with progress; viewers cannot grant', async () => {
    const p = await promotion({
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '25',
      wageringMultiple: 4,
    });
    const w = await withdrawer();
    const grant = (token: string, body: Record<string, unknown>, id = p.id) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/promotions/${id}/grant`,
        headers: { authorization: token },
        payload: body,
      });
    const res = await grant(admin, { memberId: w.id, remark: 'VIP courtesy' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      memberId: w.id,
      state: 'ACTIVE',
      bonusAmount: '25.00',
      requiredTurnover: '100.00',
      remainingTurnover: '100.00',
    });
    expect(await bonusBalance(w.id)).toBe(25_00n);
    expect((await grant(admin, { memberId: w.id })).json().errorCode).toBe('promotion_already_joined');
    expect(await bonusBalance(w.id)).toBe(25_00n);
    const [a] = await rows<{ action: string; after: { remark: string } }>(
      db(),
      sql`select action, after from audit_log where entity_type = 'promotion_claim' and entity_id = ${res.json().value.id}`,
    );
    expect(a).toMatchObject({ action: 'promotion.grant', after: { remark: 'VIP courtesy' } });

    // bets draw real money only in this slice: the bonus waits in its own account
    await fund(db(), merchantId, w.id, 1000_00n);
    await settleWin(t.app, db(), {
      merchantId,
      memberId: w.id,
      vendor: VENDOR,
      gameCode: 'g1',
      bet: '30',
      win: '0',
    });
    const list = await t.app.inject({
      url: `/admin/api/promotion-claims?promotionId=${p.id}`,
      headers: { authorization: admin },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value).toMatchObject({
      totalCount: 1,
      list: [{ memberId: w.id, state: 'ACTIVE', currentTurnover: '30.00', remainingTurnover: '70.00' }],
    });

    // percent rewards need a deposit; other merchants' members do not exist here; viewers only read
    const pct = await promotion(WELCOME);
    expect((await grant(admin, { memberId: w.id }, pct.id)).json().errorCode).toBe('promotion_unavailable');
    expect((await grant(admin, { memberId: 999_999 })).statusCode).toBe(404);
    await createOperator(db(), merchantId, 'promoviewer2', 'viewer');
    const viewer = await operatorLogin(t.app, DEMO.merchant, 'promoviewer2');
    const w2 = await withdrawer();
    expect((await grant(viewer, { memberId: w2.id })).statusCode).toBe(403);
    expect(await bonusBalance(w2.id)).toBe(0n);
    await expectLedgerInvariants(db());
  });
});

describe('one per address', () => {
  it('a one-per-IP reward is paid once per address, whichever of its accounts claims first, even at once', async () => {
    const p = await promotion({ trigger: 'CLAIM', rewardKind: 'FIXED', rewardAmount: '12', onePerIp: true });
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await withdrawer());
    const from = (headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/promotions',
        headers,
        remoteAddress,
        payload: { promotionId: p.id },
      });
    const answers = await Promise.all(members.slice(0, 5).map((m) => from(m.headers, '10.9.8.7')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().errorCode)).toEqual(
      Array(4).fill('promotion_ip_limit'),
    );
    let paid = 0n;
    for (const m of members.slice(0, 5)) paid += await mainBalance(db(), m.id);
    expect(paid).toBe(12_00n);
    // another address collects it
    expect((await from(members[5]!.headers, '10.9.8.8')).statusCode).toBe(200);
    const [row] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from promotion_claim where promotion_id = ${p.id} and ip = '10.9.8.7'`,
    );
    expect(row!.n).toBe(1);
    await expectLedgerInvariants(db());
  });
});

describe('sign-up bonus', () => {
  it('pays every member who registers while it runs, in the registration; it cannot be joined later', async () => {
    const p = await promotion({
      trigger: 'SIGN_UP',
      rewardKind: 'FIXED',
      rewardAmount: '8',
      wageringMultiple: 1,
      category: 'new_player',
    });
    await setModule(t.app, admin, 'REGMOBVERF3', false);
    const username = `su${randomBytes(5).toString('hex')}`;
    const reg = await registerWithCode(t.app, db(), 'DEMO2026', { username });
    expect(reg.statusCode, reg.body).toBe(200);
    const headers = {
      merchant: DEMO.merchant,
      authorization: await loginToken(t.app, db(), username, 'Secret#12'),
    };
    const [me] = await rows<{ id: number }>(
      db(),
      sql`select id from member where merchant_id = ${merchantId} and username = ${username}`,
    );
    expect(await bonusBalance(me!.id)).toBe(8_00n);
    expect((await claims(headers))[0]).toMatchObject({
      promotionId: p.id,
      state: 'ACTIVE',
      requiredTurnover: '8.00',
    });
    const list = await t.app.inject({ url: '/wps/relay/MCSFE_getRegisterPromotionList', headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value.find((x: { id: number }) => x.id === p.id)).toMatchObject({ status: 'Process' });
    // members who were there before it do not get it by joining
    const old = await withdrawer();
    expect((await join(old.headers, p.id)).json().errorCode).toBe('promotion_unavailable');
    const theirs = await t.app.inject({
      url: '/wps/relay/MCSFE_getRegisterPromotionList',
      headers: old.headers,
    });
    expect(theirs.json().value.find((x: { id: number }) => x.id === p.id)).toMatchObject({ status: 'Close' });
    await expectLedgerInvariants(db());
  });
});

describe('visitors', () => {
  it('see running and coming promotions in their language, without a session', async () => {
    const coming = await promotion({
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '10',
      title: { EN: 'Soon', BN: 'শীঘ্রই' },
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const res = await t.app.inject({
      url: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
      headers: { merchant: DEMO.merchant, language: 'bn' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.find((x: { id: number }) => x.id === coming.id)).toMatchObject({
      title: 'শীঘ্রই',
      status: 'coming soon',
    });
    const mine = await t.app.inject({
      url: '/wps/relay/MCSFE_getAvailablePromotions',
      headers: { merchant: DEMO.merchant },
    });
    expect(mine.statusCode).toBe(401);
  });
});
