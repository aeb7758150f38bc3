import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import {
  addChannel,
  addVendor,
  approvedDeposit,
  createMerchant,
  createOperator,
  expectLedgerInvariants,
  freshIp,
  loginToken,
  mainBalance,
  memberSession,
  merchantIdOf,
  operatorLogin,
  operatorToken,
  registerWithCode,
  setModule,
  settleWin,
} from '../../test/factories.js';
import type { ModuleRegister } from '../../platform/module.js';
import { REFERRAL_TURNOVER_JOB } from './index.js';

let t: TestApp;
let merchantId: number;
let admin: string;
let channelId: number;
const VENDOR = 'REFV';
const db = () => t.database.db;
const PASSWORD = 'Secret#12';
type Session = Awaited<ReturnType<typeof memberSession>>;
const walletChanges: { merchantId: number; memberId: number }[] = [];
// listens to the app's own event bus, the way the real-time channel does
const listen: ModuleRegister = (ctx) => {
  ctx.events.on('wallet.changed', (p) => walletChanges.push(p));
};

beforeAll(async () => {
  t = await createTestApp({ deps: { extraModules: [listen] } });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  channelId = (await addChannel(db(), merchantId)).id;
  await addVendor(db(), merchantId, VENDOR);
  await setModule(t.app, admin, 'REGMOBVERF3', false);
  // each test runs its own referral promotions: the demo's are switched off
  await db().execute(sql`update promotion set active = false where trigger like 'REFERRAL%'`);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A referral promotion (fixed reward paid as cash) with its referral settings. */
async function referralPromotion(
  trigger: 'REFERRAL_REGISTER' | 'REFERRAL_DEPOSIT' | 'REFERRAL_TURNOVER',
  rewardAmount: string,
  settings: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'other_promo',
      title: { EN: `Invite ${randomBytes(3).toString('hex')}`, BN: 'বন্ধুকে আমন্ত্রণ' },
      trigger,
      rewardKind: 'FIXED',
      rewardAmount,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().value.id as number;
  if (Object.keys(settings).length > 0) {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${id}/referral`,
      headers: { authorization: admin },
      payload: settings,
    });
    expect(put.statusCode, put.body).toBe(200);
  }
  return id;
}
const deactivate = (id: number) => db().execute(sql`update promotion set active = false where id = ${id}`);

async function details(headers: Record<string, string>) {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getReferralDetails?autoGenerate=true', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}
/** A friend registering through the referrer's code; answers the friend's id and logged-in headers. */
async function invite(code: string, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const username = `f${randomBytes(5).toString('hex')}`;
  const reg = await registerWithCode(t.app, db(), code, { username, ...opts });
  expect(reg.statusCode, reg.body).toBe(200);
  const [me] = await rows<{ id: number }>(
    db(),
    sql`select id from member where merchant_id = ${merchantId} and username = ${username}`,
  );
  const token = await loginToken(t.app, db(), username, PASSWORD, { remoteAddress: freshIp() });
  return { id: me!.id, username, headers: { merchant: DEMO.merchant, authorization: token } };
}
const codeOf = async (s: Session) => (await details(s.headers)).referralCode as string;
const referrer = () => memberSession(t.app, db(), merchantId);

describe('referral code and link', () => {
  it('is stable, unique per member, and the link names it', async () => {
    const a = await referrer();
    const b = await referrer();
    const first = await details(a.headers);
    const again = await details(a.headers);
    expect(first.referralCode).toMatch(/^[A-Za-z0-9]{4,16}$/);
    expect(again.referralCode).toBe(first.referralCode);
    expect((await details(b.headers)).referralCode).not.toBe(first.referralCode);
    expect(first.referralLink).toMatch(new RegExp(`/register\\?referralCode=${first.referralCode}$`));
    expect(first).toMatchObject({ totalInvitations: 0, qualifiedInvitations: 0, rewardsEarned: '0.00' });
    // trial accounts have no referral
    const trial = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: DEMO.merchant },
      remoteAddress: freshIp(),
      payload: { os: 'web', platform: 'W' },
    });
    const res = await t.app.inject({
      url: '/wps/relay/MCSFE_getReferralDetails',
      headers: { merchant: DEMO.merchant, authorization: trial.json().value.token },
    });
    expect(res.json().errorCode).toBe('need_real_account');
  });
});

describe('invitations', () => {
  it('records the referrer once and pays REFERRAL_REGISTER to the referrer; details count it', async () => {
    const p = await referralPromotion('REFERRAL_REGISTER', '20');
    const a = await referrer();
    const code = await codeOf(a);
    const friend = await invite(code.toLowerCase());
    const [row] = await rows<{ referrer_id: number; same_ip: boolean }>(
      db(),
      sql`select referrer_id, same_ip from member_referral where invitee_id = ${friend.id}`,
    );
    expect(row).toMatchObject({ referrer_id: a.id, same_ip: false });
    expect(await mainBalance(db(), a.id)).toBe(20_00n);
    // the friend got nothing from it
    expect(await mainBalance(db(), friend.id)).toBe(0n);
    const d = await details(a.headers);
    expect(d).toMatchObject({
      enabled: true,
      totalInvitations: 1,
      qualifiedInvitations: 1,
      rewardsEarned: '20.00',
      pendingRewards: '0.00',
    });
    expect(d.invitees).toHaveLength(1);
    expect(d.invitees[0]).toMatchObject({ qualified: true, reward: '20.00' });
    expect(d.invitees[0].name).toContain('****');
    expect(d.invitees[0].name).not.toBe(friend.username);
    expect(d.rules.find((r: { promotionId: number }) => r.promotionId === p)).toMatchObject({
      trigger: 'REFERRAL_REGISTER',
      rewardAmount: '20.00',
    });
    // the promotion shows Joined to members (they take part by inviting) and cannot be joined
    const mine = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: a.headers });
    expect(mine.json().value.find((x: { id: number }) => x.id === p)).toMatchObject({ status: 'Joined' });
    const join = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions',
      headers: a.headers,
      payload: { promotionId: p },
    });
    expect(join.json().errorCode).toBe('promotion_unavailable');
    await deactivate(p);
    await expectLedgerInvariants(db());
  });

  it("refuses another merchant's code; an invitee on the referrer's address or device does not qualify", async () => {
    const p = await referralPromotion('REFERRAL_REGISTER', '5');
    const a = await referrer();
    const code = await codeOf(a);
    // another merchant's registration does not know the code
    const other = await createMerchant(db());
    const foreign = await registerWithCode(t.app, db(), code, { merchant: other.code });
    expect(foreign.statusCode).not.toBe(200);
    // the referrer logged in from the test client's default address: a friend from there does not qualify
    const sameIp = await invite(code, { remoteAddress: '127.0.0.1' });
    // nor one on the referrer's device (a second account of the referrer itself)
    const [s] = await rows<{ id: string }>(
      db(),
      sql`select id::text from member_session where member_id = ${a.id} order by id desc limit 1`,
    );
    await db().execute(sql`update member_session set device_id = 'dev-ref-1' where id = ${s!.id}::bigint`);
    const sameDevice = await invite(code, { headers: { cookie: 'SHELL_deviceId=dev-ref-1' } });
    const flags = await rows<{ invitee_id: number; same_ip: boolean; same_device: boolean }>(
      db(),
      sql`select invitee_id, same_ip, same_device from member_referral where referrer_id = ${a.id} order by invitee_id`,
    );
    expect(flags).toEqual([
      { invitee_id: sameIp.id, same_ip: true, same_device: false },
      { invitee_id: sameDevice.id, same_ip: false, same_device: true },
    ]);
    expect(await mainBalance(db(), a.id)).toBe(0n);
    const d = await details(a.headers);
    expect(d).toMatchObject({ totalInvitations: 2, qualifiedInvitations: 0, rewardsEarned: '0.00' });
    // an operator allowing it: the next friend on the same address pays
    const put = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p}/referral`,
      headers: { authorization: admin },
      payload: { blockSameIp: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    await invite(code, { remoteAddress: '127.0.0.1' });
    expect(await mainBalance(db(), a.id)).toBe(5_00n);
    // the self-referral check of the table itself
    await expect(
      db().execute(
        sql`insert into member_referral (invitee_id, merchant_id, referrer_id) values (${a.id}, ${merchantId}, ${a.id})`,
      ),
    ).rejects.toThrow();
    await deactivate(p);
  });
});

describe('deposit trigger', () => {
  it("pays once per invitee when the friend's deposits of the minimum are credited in parallel", async () => {
    const p = await referralPromotion(
      'REFERRAL_DEPOSIT',
      '100',
      { firstDepositOnly: false },
      { minDeposit: '500' },
    );
    const a = await referrer();
    const friend = await invite(await codeOf(a));
    // too small: nothing
    await approvedDeposit(t.app, { member: friend.headers, operatorToken: admin, channelId, amount: '200' });
    expect(await mainBalance(db(), a.id)).toBe(0n);
    await Promise.all(
      Array.from({ length: 4 }, () =>
        approvedDeposit(t.app, { member: friend.headers, operatorToken: admin, channelId, amount: '600' }),
      ),
    );
    expect(await mainBalance(db(), a.id)).toBe(100_00n);
    // the referrer's open pages hear of it (after the deposit's commit)
    expect(walletChanges.filter((w) => w.memberId === a.id)).toHaveLength(1);
    const [n] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from promotion_claim where promotion_id = ${p} and member_id = ${a.id}`,
    );
    expect(n!.n).toBe(1);
    await deactivate(p);
    await expectLedgerInvariants(db());
  });

  it('first deposit only: a first deposit below the minimum never qualifies', async () => {
    const p = await referralPromotion('REFERRAL_DEPOSIT', '100', {}, { minDeposit: '500' });
    const a = await referrer();
    const small = await invite(await codeOf(a));
    const big = await invite(await codeOf(a));
    await approvedDeposit(t.app, { member: small.headers, operatorToken: admin, channelId, amount: '200' });
    await approvedDeposit(t.app, { member: small.headers, operatorToken: admin, channelId, amount: '800' });
    await approvedDeposit(t.app, { member: big.headers, operatorToken: admin, channelId, amount: '500' });
    expect(await mainBalance(db(), a.id)).toBe(100_00n);
    const d = await details(a.headers);
    expect(d).toMatchObject({ totalInvitations: 2, qualifiedInvitations: 1, rewardsEarned: '100.00' });
    await deactivate(p);
  });
});

describe('turnover trigger', () => {
  it('the keyed check pays once when the friend’s valid bets reach the target', async () => {
    const p = await referralPromotion('REFERRAL_TURNOVER', '30', { turnoverTarget: '1000' });
    const a = await referrer();
    const friend = await invite(await codeOf(a));
    await approvedDeposit(t.app, { member: friend.headers, operatorToken: admin, channelId, amount: '2000' });
    const bet = (amount: string) =>
      settleWin(t.app, db(), {
        merchantId,
        memberId: friend.id,
        vendor: VENDOR,
        gameCode: 'g1',
        bet: amount,
        win: '0',
      });
    await bet('600');
    expect(await t.app.scheduler.runNow(REFERRAL_TURNOVER_JOB)).toBe(true);
    expect(await mainBalance(db(), a.id)).toBe(0n);
    await bet('400');
    // two checks at once (two instances) still pay once
    await Promise.all([
      t.app.scheduler.runNow(REFERRAL_TURNOVER_JOB),
      t.app.scheduler.runNow(REFERRAL_TURNOVER_JOB),
    ]);
    expect(await t.app.scheduler.runNow(REFERRAL_TURNOVER_JOB)).toBe(true);
    expect(await mainBalance(db(), a.id)).toBe(30_00n);
    await deactivate(p);
    await expectLedgerInvariants(db());
  });
});

describe('rewards waiting for a claim', () => {
  it('MCSFE_signUpRequestReward pays them once, even when called in parallel', async () => {
    const p = await referralPromotion('REFERRAL_REGISTER', '7', { claimRequired: true });
    const a = await referrer();
    const code = await codeOf(a);
    await invite(code);
    await invite(code);
    expect(await mainBalance(db(), a.id)).toBe(0n);
    expect(await details(a.headers)).toMatchObject({ pendingRewards: '14.00', qualifiedInvitations: 2 });
    const state = await t.app.inject({ url: '/wps/relay/MCSFE_getPromoState', headers: a.headers });
    expect(state.json().value.availablePromoCount).toBeGreaterThanOrEqual(1);
    const mine = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: a.headers });
    expect(mine.json().value.find((x: { id: number }) => x.id === p)).toMatchObject({ status: 'Claim' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/relay/MCSFE_signUpRequestReward',
          headers: a.headers,
          payload: {},
        }),
      ),
    );
    const claimed = answers
      .filter((r) => r.statusCode === 200)
      .reduce((n, r) => n + (r.json().value.claimed as number), 0);
    expect(claimed).toBe(2);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect(r.json().errorCode).toBe('referral_nothing_to_claim');
    expect(await mainBalance(db(), a.id)).toBe(14_00n);
    expect(await details(a.headers)).toMatchObject({ pendingRewards: '0.00', rewardsEarned: '14.00' });
    await deactivate(p);
    await expectLedgerInvariants(db());
  });
});

describe('public promotion state', () => {
  it('counts what visitors could join and says whether referral runs', async () => {
    const visitor = async () =>
      (
        await t.app.inject({ url: '/wps/relay/MCSFE_getPromoState', headers: { merchant: DEMO.merchant } })
      ).json().value;
    const before = await visitor();
    expect(before.availablePromo).toEqual([{ promotionType: 'REFERRAL', enabled: false }]);
    const p = await referralPromotion('REFERRAL_DEPOSIT', '1', {}, { minDeposit: '100' });
    const after = await visitor();
    expect(after.availablePromo).toEqual([{ promotionType: 'REFERRAL', enabled: true }]);
    expect(after.availablePromoCount).toBe(before.availablePromoCount + 1);
    await deactivate(p);
  });
});

describe('operator API', () => {
  it('reads and changes referral settings (audited, roles), lists a member’s invitees', async () => {
    const p = await referralPromotion('REFERRAL_TURNOVER', '3', { turnoverTarget: '50.5' });
    const get = await t.app.inject({
      url: `/admin/api/promotions/${p}/referral`,
      headers: { authorization: admin },
    });
    expect(get.json().value).toEqual({
      turnoverTarget: '50.50',
      firstDepositOnly: true,
      blockSameIp: true,
      blockSameDevice: true,
      claimRequired: false,
    });
    const audit = await rows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'promotion' and entity_id = ${String(p)} order by id`,
    );
    expect(audit.map((x) => x.action)).toEqual(['promotion.create', 'promotion.referral.update']);
    // not a referral promotion
    const plain = await t.app.inject({
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
    const notReferral = await t.app.inject({
      url: `/admin/api/promotions/${plain.json().value.id}/referral`,
      headers: { authorization: admin },
    });
    expect(notReferral.json().errorCode).toBe('referral_not_referral_promotion');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p}/referral`,
      headers: { authorization: admin },
      payload: { turnoverTarget: '-1' },
    });
    expect(bad.statusCode).toBe(422);

    await createOperator(db(), merchantId, 'refviewer', 'viewer');
    const viewer = await operatorLogin(t.app, DEMO.merchant, 'refviewer');
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p}/referral`,
      headers: { authorization: viewer },
      payload: { claimRequired: true },
    });
    expect(denied.statusCode).toBe(403);

    const a = await referrer();
    const friend = await invite(await codeOf(a));
    const list = await t.app.inject({
      url: `/admin/api/members/${a.id}/referrals`,
      headers: { authorization: viewer },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value).toMatchObject({ totalCount: 1 });
    expect(list.json().value.list[0]).toMatchObject({
      inviteeId: friend.id,
      username: friend.username,
      sameIp: false,
    });

    const other = await createMerchant(db());
    await createOperator(db(), other.id, 'refother', 'admin');
    const foreign = await operatorLogin(t.app, other.code, 'refother');
    const theirs = await t.app.inject({
      url: `/admin/api/members/${a.id}/referrals`,
      headers: { authorization: foreign },
    });
    expect(theirs.statusCode).toBe(404);
    const theirSettings = await t.app.inject({
      url: `/admin/api/promotions/${p}/referral`,
      headers: { authorization: foreign },
    });
    expect(theirSettings.statusCode).toBe(404);
    await deactivate(p);
  });
});

describe('demo', () => {
  it('seeds a member with two invitees who earned it the registration reward', async () => {
    const token = await loginToken(t.app, db(), 'refer01', 'Refer@1234');
    const d = await details({ merchant: DEMO.merchant, authorization: token });
    expect(d).toMatchObject({ totalInvitations: 2, qualifiedInvitations: 2, rewardsEarned: '40.00' });
    expect(d.invitees.map((i: { name: string }) => i.name).sort()).toEqual(['fr****01', 'fr****02']);
  });
});
