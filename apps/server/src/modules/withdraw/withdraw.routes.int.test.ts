import { sql } from 'drizzle-orm';
import { encryptPayload } from '@bp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { turnoverServiceFor } from './register.js';
import { DEMO_PAYMENT_PASSWORD } from '../../seed/demo-withdraw.js';
import { signBody } from '../../platform/vendor-signature.js';
import { vendorWalletServiceFor } from '../vendor-wallet/index.js';
import {
  availBalance,
  entriesWithKey,
  memberHeaders,
  PAY_PASSWORD,
  requestWithdraw,
  withdrawalRow,
  withdrawer,
} from '../../test/withdrawals.js';
import { systemClock } from '../../platform/module.js';
import { createEventBus } from '../../platform/events.js';
import {
  createMerchant,
  createOperator,
  operatorLogin as login,
  addVendor,
  expectLedgerInvariants,
  mainBalance,
  merchantIdOf,
  loginToken,
} from '../../test/factories.js';

let t: TestApp;
let merchantId: number;
let admin: string;
let viewer: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  admin = await login(t.app, DEMO.merchant, 'admin', 'Admin@12345');
  await createOperator(t.database.db, merchantId, 'viewer1', 'viewer');
  viewer = await login(t.app, DEMO.merchant, 'viewer1');
  const other = (await createMerchant(t.database.db, { code: 'othwd', modules: false })).id;
  await createOperator(t.database.db, other, 'boss', 'owner');
  otherAdmin = await login(t.app, 'othwd', 'boss');
});
afterAll(() => t.close());

const op = (token: string) => ({ authorization: token });
const db = () => t.database.db;

function decide(id: string, action: 'approve' | 'reject', token = admin, body: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/withdrawals/${id}/${action}`,
    headers: op(token),
    payload: action === 'reject' ? { reason: 'bank details wrong', ...body } : body,
  });
}
function cancel(headers: Record<string, string>, id: string) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_cancelWithdraw',
    headers,
    payload: { withdrawId: id },
  });
}

describe('settings', () => {
  it('serves the defaults, the payment-password flag and masked bank accounts', async () => {
    const w = await withdrawer(t.app, db(), merchantId);
    const res = await t.app.inject({
      url: '/wps/relay/MCSFE_getWithdrawSettings?groupId=0',
      headers: w.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      minimumAmount: '100.00',
      maximumAmount: '50000.00',
      dailyCount: 5,
      autoReceiveMinutes: 30,
      hasPaymentPassword: true,
      payeeName: 'Rahim Uddin',
      currency: 'BDT',
    });
    expect(v.bankAccounts).toHaveLength(1);
    expect(v.bankAccounts[0].accountNumber).toMatch(/^\*{7}\d{4}$/);
  });

  it('the demo member is seeded ready to withdraw (payee name, bank account, payment password)', async () => {
    const token = await loginToken(t.app, db(), 'demo01', 'Demo@1234');
    const res = await t.app.inject({
      url: '/wps/relay/MCSFE_getWithdrawSettings',
      headers: memberHeaders(token),
    });
    expect(res.json().value).toMatchObject({ hasPaymentPassword: true, payeeName: 'Demo Player' });
    expect(res.json().value.bankAccounts).toEqual([
      expect.objectContaining({ bankName: 'bKash', accountNumber: '*******2345' }),
    ]);
    const wrong = await requestWithdraw(
      t.app,
      { headers: memberHeaders(token), bankAccountId: res.json().value.bankAccounts[0].id },
      '20000',
      { paymentPassword: DEMO_PAYMENT_PASSWORD },
    );
    // the password is right: what stops it is the demo balance (10,000.00)
    expect(wrong.json().errorCode).toBe('insufficient_balance');
  });

  it('operators read and change them (audited); viewers may not change; min above max is refused', async () => {
    const before = await t.app.inject({ url: '/admin/api/withdraw/settings', headers: op(viewer) });
    expect(before.json().value).toMatchObject({ minimumAmount: '100.00', autoReceiveMinutes: 30 });
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/withdraw/settings',
      headers: op(viewer),
      payload: { dailyCount: 9 },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/withdraw/settings',
      headers: op(admin),
      payload: { minimumAmount: '60000' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errorCode).toBe('withdraw_settings_invalid');
    const badAmount = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/withdraw/settings',
      headers: op(admin),
      payload: { minimumAmount: '1.001' },
    });
    expect(badAmount.json().errorCode).toBe('amount_invalid');
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/withdraw/settings',
      headers: op(admin),
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/withdraw/settings',
      headers: op(admin),
      payload: { maximumAmount: '40000.50', dailyCount: 5 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ minimumAmount: '100.00', maximumAmount: '40000.50' });
    const audit = await rows<{ action: string }>(
      db(),
      sql`select action from audit_log where action = 'withdraw_settings.update'`,
    );
    expect(audit).toHaveLength(1);
    // other merchants keep their own (default) settings
    const other = await t.app.inject({ url: '/admin/api/withdraw/settings', headers: op(otherAdmin) });
    expect(other.json().value.maximumAmount).toBe('50000.00');
    await t.app.inject({
      method: 'PUT',
      url: '/admin/api/withdraw/settings',
      headers: op(admin),
      payload: { maximumAmount: '50000' },
    });
  });

  it('rejects anonymous callers', async () => {
    const res = await t.app.inject({
      url: '/wps/relay/MCSFE_getWithdrawSettings',
      headers: { merchant: DEMO.merchant },
    });
    expect(res.statusCode).toBe(401);
    const adm = await t.app.inject({ url: '/admin/api/withdraw/settings' });
    expect(adm.statusCode).toBe(401);
    // a member token is no operator token
    const w = await withdrawer(t.app, db(), merchantId, { bank: false });
    const asMember = await t.app.inject({ url: '/admin/api/withdraw/settings', headers: op(w.token) });
    expect(asMember.statusCode).toBe(401);
  });
});

describe('bank accounts', () => {
  it('the first account sets the payee name; later names must match it', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { payeeName: '  Karim   Hasan ' });
    const add = (accountName: string, accountNumber: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/member/bankCard',
        headers: w.headers,
        payload: { bankName: 'Nagad', accountName, accountNumber },
      });
    const mismatch = await add('Someone Else', '01800000001');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errorCode).toBe('bank_account_name_mismatch');
    const ok = await add('karim hasan', '0180-000-0001');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.accountNumber).toBe('*******0001');
    const dup = await add('Karim Hasan', '01800000001');
    expect(dup.json().errorCode).toBe('bank_account_duplicate');
    const invalid = await add('Karim Hasan', '12345');
    expect(invalid.json().errorCode).toBe('bank_account_number_invalid');
    const letters = await add('Karim Hasan', 'ABC123456');
    expect(letters.statusCode).toBe(422);
    expect(letters.json().errorCode).toBe('request_param_err');
    const third = await add('Karim Hasan', '01800000002');
    expect(third.statusCode).toBe(200);
    const limit = await add('Karim Hasan', '01800000003');
    expect(limit.statusCode).toBe(409);
    expect(limit.json().errorCode).toBe('bank_account_limit');

    const list = await t.app.inject({ url: '/wps/member/bankCard', headers: w.headers });
    expect(list.json().value).toHaveLength(3);
    const info = await t.app.inject({ url: '/wps/relay/MCSFE_getWithdrawSettings', headers: w.headers });
    expect(info.json().value.payeeName).toBe('Karim Hasan');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/bankCard/${ok.json().value.id}`,
      headers: w.headers,
    });
    expect(removed.json().value).toMatchObject({ removed: true });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/bankCard/${ok.json().value.id}`,
      headers: w.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().errorCode).toBe('bank_account_not_found');
    expect((await add('Karim Hasan', '01800000003')).statusCode).toBe(200);
  });

  it("cannot remove another member's account; anonymous is refused", async () => {
    const a = await withdrawer(t.app, db(), merchantId);
    const b = await withdrawer(t.app, db(), merchantId, { bank: false });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/bankCard/${a.bankAccountId}`,
      headers: b.headers,
    });
    expect(res.statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/bankCard',
      headers: { merchant: DEMO.merchant },
      payload: { bankName: 'x', accountName: 'y', accountNumber: '1234567' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('withdrawal request', () => {
  it('refuses a wrong payment password, and locks out after five', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const wrong = await requestWithdraw(t.app, w, '200', { paymentPassword: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('payment_password_incorrect');
    for (let i = 0; i < 4; i++) await requestWithdraw(t.app, w, '200', { paymentPassword: '000000' });
    const locked = await requestWithdraw(t.app, w, '200');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe('TOO_MANY_REQUESTS');
    expect(await availBalance(t.app, w.headers)).toEqual({ avail: '1000.00', balance: '1000.00' });
  });

  it('refuses without a payment password set', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n, paymentPassword: null });
    const res = await requestWithdraw(t.app, w, '200');
    expect(res.json().errorCode).toBe('payment_password_not_set');
  });

  it('refuses below the minimum, above the maximum, bad amounts and over the balance', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const low = await requestWithdraw(t.app, w, '99.99');
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({
      errorCode: 'withdraw_below_minimum',
      value: { minimumAmount: '100.00' },
    });
    const high = await requestWithdraw(t.app, w, '50000.01');
    expect(high.json()).toMatchObject({
      errorCode: 'withdraw_above_maximum',
      value: { maximumAmount: '50000.00' },
    });
    const decimals = await requestWithdraw(t.app, w, '150.001');
    expect(decimals.json().errorCode).toBe('amount_invalid');
    const over = await requestWithdraw(t.app, w, '1000.01');
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('insufficient_balance');
    const noBank = await requestWithdraw(t.app, { ...w, bankAccountId: '999999' }, '200');
    expect(noBank.json().errorCode).toBe('bank_account_not_found');
    const [n] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from withdrawal where member_id = ${w.id}`,
    );
    expect(n!.n).toBe(0);
    expect(await availBalance(t.app, w.headers)).toEqual({ avail: '1000.00', balance: '1000.00' });
    await expectLedgerInvariants(db());
  });

  it('refuses trial accounts (need_real_account)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: DEMO.merchant },
      payload: { os: 'web', platform: 'W' },
    });
    const token = res.json().value.token as string;
    const w = await requestWithdraw(t.app, { headers: memberHeaders(token), bankAccountId: '1' }, '200');
    expect(w.statusCode).toBe(403);
    expect(w.json().errorCode).toBe('need_real_account');
    const bank = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/bankCard',
      headers: memberHeaders(token),
      payload: { bankName: 'x', accountName: 'Trial Name', accountNumber: '1234567' },
    });
    expect(bank.json().errorCode).toBe('need_real_account');
  });

  it('refuses while a turnover requirement is unmet, with the remaining turnover; settled bets meet it', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const turnover = turnoverServiceFor({ db: db(), clock: systemClock, events: createEventBus() });
    await db().transaction(async (tx) => {
      expect(
        await turnover.add(tx, { merchantId, memberId: w.id, requiredAmount: 30_000n, source: 'bonus:1' }),
      ).toBe(true);
      expect(
        await turnover.add(tx, { merchantId, memberId: w.id, requiredAmount: 99_000n, source: 'bonus:1' }),
      ).toBe(false);
    });
    const refused = await requestWithdraw(t.app, w, '200');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'withdraw_turnover_unmet',
      value: { remainingTurnover: '300.00' },
    });
    // settled bets count; refused and rolled-back ones do not
    const secret = await addVendor(db(), merchantId, 'TOV');
    const session = await vendorWalletServiceFor({
      db: db(),
      events: createEventBus(),
      clock: systemClock,
    }).openSession(db(), { merchantId, memberId: w.id, vendorCode: 'TOV' });
    const vendorCall = async (op: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ playerId: String(w.id), currency: 'BDT', token: session.token, ...body });
      const res = await t.app.inject({
        method: 'POST',
        url: `/vendor/TOV/wallet/${op}`,
        headers: {
          merchant: DEMO.merchant,
          'content-type': 'application/json',
          'x-signature': signBody(secret, raw),
        },
        payload: raw,
      });
      return res;
    };
    expect((await vendorCall('debit', { txnId: 'a1', roundId: 'r1', amount: '200.00' })).statusCode).toBe(
      200,
    );
    const broke = await vendorCall('debit', { txnId: 'b1', roundId: 'r2', amount: '5000.00' });
    expect(broke.statusCode).not.toBe(200);
    expect((await vendorCall('debit', { txnId: 'c1', roundId: 'r3', amount: '500.00' })).statusCode).toBe(
      200,
    );
    expect((await vendorCall('rollback', { txnId: 'c1-rb', refTxnId: 'c1' })).statusCode).toBe(200);
    const still = await requestWithdraw(t.app, w, '200');
    expect(still.json().value).toEqual({ remainingTurnover: '100.00' });
    expect((await vendorCall('debit', { txnId: 'd1', roundId: 'r4', amount: '100.00' })).statusCode).toBe(
      200,
    );
    const ok = await requestWithdraw(t.app, w, '200');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ status: 'PENDING', amount: '200.00' });
    await expectLedgerInvariants(db());
  });

  it('holds the amount: availBalance drops, balance stays; a retry with the same requestId holds once', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const res = await requestWithdraw(t.app, w, '250.50', { requestId: 'req-00000001' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ status: 'PENDING', amount: '250.50', bankName: 'bKash', proofIds: [] });
    expect(v.accountNumber).toMatch(/^\*+\d{4}$/);
    expect(v.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await requestWithdraw(t.app, w, '250.50', { requestId: 'req-00000001' });
    expect(again.json().value.id).toBe(v.id);
    expect(await availBalance(t.app, w.headers)).toEqual({ avail: '749.50', balance: '1000.00' });
    // the held part cannot be spent twice: a second request over the rest is refused
    const over = await requestWithdraw(t.app, w, '750');
    expect(over.json().errorCode).toBe('insufficient_balance');
    await expectLedgerInvariants(db());
  });

  it('accepts the request encrypted, as the reference client sends it', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const key = await t.app.inject({ url: '/wps/session/key/rsa', headers: { merchant: DEMO.merchant } });
    const { encryption, body } = await encryptPayload(key.body, {
      amount: '120.00',
      bankAccountId: w.bankAccountId,
      paymentPassword: PAY_PASSWORD,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/v2/transaction/withdraw',
      headers: { ...w.headers, encryption },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'PENDING', amount: '120.00' });
  });

  it('concurrent requests hold only what the balance covers', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const results = await Promise.all(Array.from({ length: 5 }, () => requestWithdraw(t.app, w, '300')));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json().errorCode).toBe('insufficient_balance');
    }
    expect(await availBalance(t.app, w.headers)).toEqual({ avail: '100.00', balance: '1000.00' });
    await expectLedgerInvariants(db());
  });

  it('limits the number of requests a day (cancelled ones do not count)', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 1_000_000n });
    await t.app.inject({
      method: 'PUT',
      url: '/admin/api/withdraw/settings',
      headers: op(admin),
      payload: { dailyCount: 2 },
    });
    try {
      const first = await requestWithdraw(t.app, w, '100');
      await cancel(w.headers, first.json().value.id);
      expect((await requestWithdraw(t.app, w, '100')).statusCode).toBe(200);
      expect((await requestWithdraw(t.app, w, '100')).statusCode).toBe(200);
      const third = await requestWithdraw(t.app, w, '100');
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ errorCode: 'withdraw_daily_limit', value: { dailyCount: 2 } });
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/admin/api/withdraw/settings',
        headers: op(admin),
        payload: { dailyCount: 5 },
      });
    }
  });

  it('rejects anonymous callers and tokens of another merchant', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/wps/v2/transaction/withdraw',
      headers: { merchant: DEMO.merchant },
      payload: { amount: '100', bankAccountId: '1', paymentPassword: PAY_PASSWORD },
    });
    expect(anon.statusCode).toBe(401);
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const foreign = await requestWithdraw(t.app, { ...w, headers: memberHeaders(w.token, 'othwd') }, '100');
    expect(foreign.statusCode).toBe(401);
    const history = await t.app.inject({
      url: '/wps/report/withdrawTransaction',
      headers: memberHeaders(w.token, 'othwd'),
    });
    expect(history.statusCode).toBe(401);
  });
});

describe('operator decisions', () => {
  it('approve pays out once: balance lower once, house withdraw credited, message sent, audited', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const id = (await requestWithdraw(t.app, w, '300')).json().value.id as string;
    const denied = await decide(id, 'approve', viewer);
    expect(denied.statusCode).toBe(403);
    const foreign = await decide(id, 'approve', otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('withdraw_not_found');

    const ok = await decide(id, 'approve', admin, { remark: 'paid by bKash' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ status: 'PAID_OUT', remark: 'paid by bKash', memberId: w.id });
    expect(ok.json().value.accountNumber).toMatch(/^\d+$/);
    expect(await mainBalance(db(), w.id)).toBe(70_000n);
    expect(await availBalance(t.app, w.headers)).toEqual({ avail: '700.00', balance: '700.00' });
    const twice = await decide(id, 'approve');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorCode).toBe('withdraw_status_invalid');
    expect(await mainBalance(db(), w.id)).toBe(70_000n);
    expect(await entriesWithKey(db(), `withdraw_payout:${id}`)).toBe(1);

    const inbox = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: w.headers });
    expect(inbox.json().value.list[0]).toMatchObject({
      kind: 'withdraw_approved',
      data: { withdrawId: id, amount: '300.00' },
    });
    const audit = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'withdraw.approve' and entity_id = ${id}`,
    );
    expect(audit[0]!.n).toBe(1);
    const cancelLate = await cancel(w.headers, id);
    expect(cancelLate.json().errorCode).toBe('withdraw_status_invalid');
    await expectLedgerInvariants(db());
  });

  it('reject releases the hold and tells the member why', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const id = (await requestWithdraw(t.app, w, '400')).json().value.id as string;
    expect((await availBalance(t.app, w.headers)).avail).toBe('600.00');
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${id}/reject`,
      headers: op(admin),
      payload: {},
    });
    expect(noReason.statusCode).toBe(422);
    const res = await decide(id, 'reject');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'REJECTED', rejectReason: 'bank details wrong' });
    expect(await availBalance(t.app, w.headers)).toEqual({ avail: '1000.00', balance: '1000.00' });
    const inbox = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: w.headers });
    expect(inbox.json().value.list[0]).toMatchObject({
      kind: 'withdraw_rejected',
      data: { withdrawId: id, reason: 'bank details wrong' },
    });
    await expectLedgerInvariants(db());
  });

  it("the member cancels their own PENDING request; not another member's", async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
    const other = await withdrawer(t.app, db(), merchantId, { bank: false });
    const id = (await requestWithdraw(t.app, w, '500')).json().value.id as string;
    const foreign = await cancel(other.headers, id);
    expect(foreign.statusCode).toBe(404);
    const res = await cancel(w.headers, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.status).toBe('CANCELLED');
    expect(await availBalance(t.app, w.headers)).toEqual({ avail: '1000.00', balance: '1000.00' });
    expect((await decide(id, 'approve')).json().errorCode).toBe('withdraw_status_invalid');
    await expectLedgerInvariants(db());
  });

  it('approve, reject and cancel racing: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const w = await withdrawer(t.app, db(), merchantId, { balance: 100_000n });
      const id = (await requestWithdraw(t.app, w, '600')).json().value.id as string;
      const results = await Promise.all([decide(id, 'approve'), decide(id, 'reject'), cancel(w.headers, id)]);
      const winners = results.filter((r) => r.statusCode === 200);
      expect(winners).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect(r.json().errorCode).toBe('withdraw_status_invalid');
      }
      const status = (await withdrawalRow(db(), id))!.status;
      expect(['PAID_OUT', 'REJECTED', 'CANCELLED']).toContain(status);
      expect(await mainBalance(db(), w.id)).toBe(status === 'PAID_OUT' ? 40_000n : 100_000n);
      expect((await availBalance(t.app, w.headers)).avail).toBe(status === 'PAID_OUT' ? '400.00' : '1000.00');
    }
    await expectLedgerInvariants(db());
  });

  it('lists with filters and pages; the member sees their history with a status filter', async () => {
    const w = await withdrawer(t.app, db(), merchantId, { balance: 1_000_000n });
    const a = (await requestWithdraw(t.app, w, '100')).json().value.id as string;
    const b = (await requestWithdraw(t.app, w, '200')).json().value.id as string;
    await decide(a, 'reject');
    const list = await t.app.inject({
      url: `/admin/api/withdrawals?username=${w.username}&pageSize=1`,
      headers: op(viewer),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value).toMatchObject({ total: 2, pageSize: 1 });
    expect(list.json().value.list[0].id).toBe(b);
    const pending = await t.app.inject({
      url: `/admin/api/withdrawals?memberId=${w.id}&status=PENDING`,
      headers: op(admin),
    });
    expect(pending.json().value.list.map((x: { id: string }) => x.id)).toEqual([b]);
    const foreign = await t.app.inject({
      url: `/admin/api/withdrawals?memberId=${w.id}`,
      headers: op(otherAdmin),
    });
    expect(foreign.json().value.total).toBe(0);
    const one = await t.app.inject({ url: `/admin/api/withdrawals/${a}`, headers: op(viewer) });
    expect(one.json().value).toMatchObject({ id: a, status: 'REJECTED', username: w.username });
    const anon = await t.app.inject({ url: '/admin/api/withdrawals' });
    expect(anon.statusCode).toBe(401);

    const hist = await t.app.inject({
      url: '/wps/report/withdrawTransaction?pageSize=10',
      headers: w.headers,
    });
    expect(hist.json().value).toMatchObject({ total: 2, totalPages: 1, pageNo: 1 });
    const rejected = await t.app.inject({
      url: '/wps/report/withdrawTransaction?status=REJECTED',
      headers: w.headers,
    });
    expect(rejected.json().value.list).toHaveLength(1);
    expect(rejected.json().value.list[0]).toMatchObject({ id: a, rejectReason: 'bank details wrong' });
    expect(rejected.json().value.list[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const badStatus = await t.app.inject({
      url: '/wps/report/withdrawTransaction?status=NOPE',
      headers: w.headers,
    });
    expect(badStatus.statusCode).toBe(422);
    const anonHist = await t.app.inject({
      url: '/wps/report/withdrawTransaction',
      headers: { merchant: DEMO.merchant },
    });
    expect(anonHist.statusCode).toBe(401);
  });
});
