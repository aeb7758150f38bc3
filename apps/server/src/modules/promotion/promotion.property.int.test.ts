import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { withdrawer } from '../../test/withdrawals.js';
import { memberValidBetSince } from '../team-figure/index.js';
import {
  addChannel,
  addVendor,
  approvedDeposit,
  expectLedgerInvariants,
  merchantIdOf,
  operatorToken,
  settleWin,
} from '../../test/factories.js';

/**
 * Random workloads of deposits, joins and claims, settled bets (drawing real money first, then
 * bonus money), withdrawals and expiries through HTTP (a seeded generator: a failure replays). After
 * every step the ledger invariants hold; bonus money never reaches the main wallet before its
 * wagering is met (only a conversion moves it, and only of a met bonus); no withdrawal is accepted
 * while a member has a bonus whose wagering is open; a member without an open bonus holds no bonus
 * money; every win on a bet that drew bonus money went back to the bonus account in proportion.
 */
let t: TestApp;
let merchantId: number;
let admin: string;
let channelId: number;
const VENDOR = 'PROPV';
const PAY = '246810';
const db = () => t.database.db;

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

/** mulberry32: small, seeded, good enough to pick steps */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function promotion(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: { category: 'deposit_promo', title: { EN: 'prop' }, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}

/** A logged-in member with a payment password and a bank account. */
const player = () => withdrawer(t.app, db(), merchantId, { paymentPassword: PAY });

/** Claims of a member still ACTIVE whose wagering is unmet (what must block a withdrawal). */
async function openWagering(memberId: number) {
  const open = await rows<{ granted_at: Date | string; required_turnover: string }>(
    db(),
    sql`select granted_at, required_turnover::text from promotion_claim where member_id = ${memberId} and status = 'ACTIVE'`,
  );
  let n = 0;
  for (const c of open) {
    if ((await memberValidBetSince(db(), memberId, new Date(c.granted_at))) < BigInt(c.required_turnover))
      n++;
  }
  return n;
}

/** Every converted bonus with wagering had it met by bets the journal holds. */
async function convertedMet() {
  const done = await rows<{ member_id: number; granted_at: Date | string; required_turnover: string }>(
    db(),
    sql`select member_id, granted_at, required_turnover::text from promotion_claim
        where status = 'CONVERTED' and required_turnover > 0 and merchant_id = ${merchantId}`,
  );
  for (const c of done) {
    expect(await memberValidBetSince(db(), c.member_id, new Date(c.granted_at))).toBeGreaterThanOrEqual(
      BigInt(c.required_turnover),
    );
  }
}

/**
 * Bonus money reaches MAIN only through a conversion entry (its claim CONVERTED, checked by
 * convertedMet), and no bonus balance is negative or left without an open bonus.
 */
async function bonusStaysBonus(why: string) {
  const leaks = await rows<{ idem_key: string }>(
    db(),
    sql`select e.idem_key from ledger_entry e
        join ledger_line lb on lb.entry_id = e.id and lb.amount < 0
        join ledger_account ab on ab.id = lb.account_id and ab.code = 'bonus' and ab.member_id is not null
        join ledger_line lm on lm.entry_id = e.id and lm.amount > 0
        join ledger_account am on am.id = lm.account_id and am.code = 'main' and am.member_id = ab.member_id
        where e.merchant_id = ${merchantId} and e.idem_key not like 'promo:convert:%'`,
  );
  expect(leaks, why).toEqual([]);
  const stranded = await rows<{ member_id: number; balance: string }>(
    db(),
    sql`select a.member_id, a.balance::text from ledger_account a
        where a.merchant_id = ${merchantId} and a.code = 'bonus' and a.member_id is not null
          and (a.balance < 0 or (a.balance > 0 and not exists (
            select 1 from promotion_claim c where c.member_id = a.member_id and c.status = 'ACTIVE')))`,
  );
  expect(stranded, why).toEqual([]);
  // a win's bonus share: ceil(win * bonus stake / stake), the rest to MAIN
  const wins = await rows<{ win: string; stake: string; bonus: string; to_bonus: string }>(
    db(),
    sql`select cr.amount::text as win, d.stake::text, d.bonus::text,
          coalesce((select sum(l.amount) from ledger_line l join ledger_account a on a.id = l.account_id
                    where l.entry_id = cr.entry_id and a.code = 'bonus' and a.member_id is not null), 0)::text as to_bonus
        from vendor_txn cr
        join lateral (select sum(amount) as stake, sum(bonus_amount) as bonus from vendor_txn b
                      where b.merchant_id = cr.merchant_id and b.vendor_code = cr.vendor_code
                        and b.member_id = cr.member_id and b.round_id = cr.round_id and b.op = 'debit'
                        and b.status = 'ok' and not b.rolled_back) d on true
        where cr.merchant_id = ${merchantId} and cr.op = 'credit' and cr.status = 'ok' and cr.amount > 0`,
  );
  for (const w of wins) {
    const [win, stake, bonus] = [BigInt(w.win), BigInt(w.stake), BigInt(w.bonus)];
    const want = bonus > 0n ? (win * bonus + stake - 1n) / stake : 0n;
    expect(BigInt(w.to_bonus), why).toBe(want < win ? want : win);
  }
}

describe('promotion property', () => {
  it('random deposits, claims, bets, expiries and withdrawals keep every invariant', async () => {
    const seed = Number(process.env.PROMO_SEED ?? 20261126);
    const r = rng(seed);
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
    const welcome = await promotion({
      trigger: 'FIRST_DEPOSIT',
      rewardKind: 'PERCENT',
      rewardPercent: 100,
      rewardCap: '300',
      minDeposit: '100',
      wageringMultiple: 2,
      wageringBase: 'BONUS_DEPOSIT',
      expiryDays: 7,
    });
    const gift = await promotion({
      trigger: 'CLAIM',
      rewardKind: 'FIXED',
      rewardAmount: '40',
      wageringMultiple: 3,
      maxBet: '120',
      betOrder: 'BONUS_FIRST',
    });
    const cash = await promotion({ trigger: 'CLAIM', rewardKind: 'FIXED', rewardAmount: '5' });
    // one after another: parallel logins from one address would meet the login captcha
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await player());
    const steps: string[] = [];
    for (let i = 0; i < 60; i++) {
      const m = pick(members);
      const op = pick(['deposit', 'join', 'bet', 'bet', 'bet', 'withdraw', 'expire', 'claims']);
      steps.push(`${op}@${m.id}`);
      const why = `seed ${seed}, steps ${steps.join(' ')}`;
      if (op === 'deposit') {
        await approvedDeposit(t.app, {
          member: m.headers,
          operatorToken: admin,
          channelId,
          amount: String(100 + Math.floor(r() * 400)),
        });
      } else if (op === 'join') {
        const res = await t.app.inject({
          method: 'POST',
          url: '/wps/promotions',
          headers: m.headers,
          payload: { promotionId: pick([welcome, gift, cash]) },
        });
        expect([200, 409], why).toContain(res.statusCode);
      } else if (op === 'bet') {
        try {
          await settleWin(t.app, db(), {
            merchantId,
            memberId: m.id,
            vendor: VENDOR,
            gameCode: 'g',
            bet: String(10 + Math.floor(r() * 150)),
            win: pick(['0', '0', '5', '50', '300']),
          });
        } catch {
          // a bet above the playable balance (or the bonus's max bet) is refused: nothing moved
        }
      } else if (op === 'withdraw') {
        const res = await t.app.inject({
          method: 'POST',
          url: '/wps/v2/transaction/withdraw',
          headers: m.headers,
          payload: {
            amount: String(100 + Math.floor(r() * 100)),
            bankAccountId: m.bankAccountId,
            paymentPassword: PAY,
          },
        });
        if (res.statusCode === 200) expect(await openWagering(m.id), why).toBe(0);
        else if (res.json().errorCode === 'withdraw_turnover_unmet')
          expect(await openWagering(m.id), why).toBeGreaterThan(0);
      } else if (op === 'expire') {
        await db().execute(
          sql`update promotion_claim set expires_at = now() - interval '1 second'
              where member_id = ${m.id} and status = 'ACTIVE' and ${r() < 0.3}`,
        );
      } else {
        const res = await t.app.inject({ url: '/wps/relay/MCS2_getPromotionClaimList', headers: m.headers });
        expect(res.statusCode, why).toBe(200);
      }
      await convertedMet();
      await bonusStaysBonus(why);
    }
    await expectLedgerInvariants(db());
    // the workload reached the states it is about
    const states = await rows<{ status: string; n: number }>(
      db(),
      sql`select status, count(*)::int as n from promotion_claim where merchant_id = ${merchantId} group by status`,
    );
    const seen = new Set(states.map((x) => x.status));
    expect(
      seen.has('CONVERTED') && (seen.has('ACTIVE') || seen.has('FORFEITED')),
      JSON.stringify(states),
    ).toBe(true);
    // bets drew bonus money
    const [drawn] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from vendor_txn where merchant_id = ${merchantId} and op = 'debit' and bonus_amount > 0`,
    );
    expect(drawn!.n).toBeGreaterThan(0);
    // what the grants paid, less what was forfeited, is what the house's bonus accounts gave away
    const [paid] = await rows<{ given: string; grants: string; forfeits: string }>(
      db(),
      sql`select
            (select coalesce(-sum(a.balance), 0) from ledger_account a where a.merchant_id = ${merchantId}
               and a.member_id is null and a.code = 'bonus')::text as given,
            (select coalesce(sum(bonus_amount) filter (where status in ('ACTIVE', 'CONVERTED', 'FORFEITED')), 0)
               from promotion_claim where merchant_id = ${merchantId})::text as grants,
            (select coalesce(sum(l.amount), 0) from ledger_entry e join ledger_line l on l.entry_id = e.id
               join ledger_account a on a.id = l.account_id and a.member_id is null and a.code = 'bonus'
               where e.merchant_id = ${merchantId} and e.idem_key like 'promo:forfeit:%')::text as forfeits`,
    );
    expect(BigInt(paid!.given)).toBe(BigInt(paid!.grants) - BigInt(paid!.forfeits));
  }, 120_000);
});
