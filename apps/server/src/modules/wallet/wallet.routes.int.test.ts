import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { parseBalances } from '../../test/wallet.js';
import {
  loginToken,
  addVendor,
  expectLedgerInvariants,
  fund,
  merchantIdOf,
  newMember,
  TEST_PASSWORD,
} from '../../test/factories.js';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { DOCS_ENABLED: 'true' } });
  merchantId = await merchantIdOf(t.database.db);
  await addVendor(t.database.db, merchantId, 'SUBA', { walletMode: 'transfer' });
  await addVendor(t.database.db, merchantId, 'SUBB', { walletMode: 'transfer' });
  await addVendor(t.database.db, merchantId, 'SEAM');
});
afterAll(() => t.close());

async function member(balance = 0n) {
  const m = await newMember(t.database.db, merchantId);
  if (balance) await fund(t.database.db, merchantId, m.id, balance);
  const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
  return { ...m, headers: { merchant: DEMO.merchant, authorization: token } };
}

describe('wallet balance', () => {
  it('answers 401 to anonymous callers', async () => {
    const res = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: { merchant: DEMO.merchant } });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('login.not.session');
  });

  it('shows MAIN (accountTypeId 2) in the merchant currency, zero for a new member', async () => {
    const m = await member();
    const res = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      sumBalance: 0,
      currency: 'BDT',
      currencySymbol: '৳',
      decimals: 2,
      playMoney: false,
      balance: [
        {
          accountTypeId: 2,
          accountType: 'MAIN',
          vendorCode: null,
          availBalance: 0,
          balance: 0,
          frozenBalance: 0,
        },
      ],
    });
    expect(res.body).toContain(
      '"balance":[{"accountTypeId":2,"accountType":"MAIN","vendorCode":null,"availBalance":0.00,"balance":0.00,"frozenBalance":0.00}]',
    );
  });

  it('lists transfer vendors in GCS_merchantWallet and the funds summary', async () => {
    const m = await member(123_456_789n);
    const w = await t.app.inject({ url: '/wps/relay/GCS_merchantWallet', headers: m.headers });
    expect(w.json().value).toEqual({
      isSingle: false,
      transferVendors: [
        { vendorCode: 'SUBA', displayName: 'SUBA' },
        { vendorCode: 'SUBB', displayName: 'SUBB' },
      ],
    });
    const c = await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: m.headers });
    expect(parseBalances(c.body).value).toMatchObject({
      balance: '1234567.89',
      frozenBalance: '0.00',
      currency: 'BDT',
    });
  });
});

describe("balances as the original's clients read them: JSON numbers with the currency's decimals", () => {
  it('writes every balance of /wps/v2/wallets/balance as a number with exactly two decimals', async () => {
    const m = await member(123_456_839n);
    await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: m.headers,
      payload: { from: 'MAIN', to: 'SUBA', amount: '0.50' },
    });
    const res = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('"sumBalance":1234568.39,');
    expect(res.body).toContain('"availBalance":1234567.89,"balance":1234567.89,"frozenBalance":0.00}');
    expect(res.body).toContain(
      '{"accountTypeId":10,"accountType":"SUBA","vendorCode":"SUBA","availBalance":0.50,"balance":0.50,"frozenBalance":0.00}',
    );
    const v = res.json().value;
    expect(typeof v.sumBalance).toBe('number');
    expect(v.balance.map((r: { availBalance: unknown }) => typeof r.availBalance)).toEqual([
      'number',
      'number',
    ]);
  });

  it('writes a round amount with its zeros and a huge one digit for digit (never through a float)', async () => {
    const round = await member(1_000_000n);
    const r = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: round.headers });
    expect(r.body).toContain('"sumBalance":10000.00,');
    // 9007199254740993.01 has no float: a float on the way would print 9007199254740992 or ...994
    const huge = await member(900_719_925_474_099_301n);
    const h = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: huge.headers });
    expect(h.body).toContain('"sumBalance":9007199254740993.01,');
    expect(h.body).toContain('"availBalance":9007199254740993.01,');
  });

  it('funds/consolidated: balances as numbers, sumBalance, currencySymbol and the contract flags', async () => {
    const m = await member(1_000_050n);
    await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: m.headers,
      payload: { from: 'MAIN', to: 'SUBB', amount: '0.50' },
    });
    const res = await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      contractmrdailysalinfotype: 0,
      contracthoursalinfo: 0,
      dailysalinfotype: 0,
      divtypeinfo: 0,
      realtimesalinfotype: 0,
      sumBalance: 10000.5,
      balance: 10000,
      frozenBalance: 0,
      currency: 'BDT',
      currencySymbol: '৳',
    });
    expect(res.body).toContain('"sumBalance":10000.50,"balance":10000.00,"frozenBalance":0.00,');
  });

  it('describes the balances as numbers in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/docs/json')).json();
    const value = (path: string) =>
      doc.paths[path].get.responses['200'].content['application/json'].schema.properties.value;
    const wallet = value('/wps/v2/wallets/balance');
    expect(wallet.properties.sumBalance.type).toBe('number');
    expect(wallet.properties.balance.items.properties.availBalance.type).toBe('number');
    const funds = value('/wps/member/info/funds/consolidated');
    expect(funds.properties.sumBalance.type).toBe('number');
    expect(funds.properties.balance.type).toBe('number');
    expect(funds.required).toEqual(expect.arrayContaining(['sumBalance', 'currencySymbol', 'divtypeinfo']));
  });
});

describe('wallet transfer (FUNDTRANS3)', () => {
  const transfer = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', headers, payload });

  it('moves money MAIN -> vendor -> MAIN exactly, and recalls every sub-wallet', async () => {
    const m = await member(100_000n);
    const a = await transfer(m.headers, {
      from: 'MAIN',
      to: 'SUBA',
      amount: '300.25',
      requestId: 'req-000001',
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().value.amount).toBe('300.25');
    const again = await transfer(m.headers, {
      from: 'MAIN',
      to: 'SUBA',
      amount: '300.25',
      requestId: 'req-000001',
    });
    expect(again.statusCode).toBe(200);
    const b = await transfer(m.headers, { from: 'main', to: 'SUBB', amount: 99.75 });
    expect(b.statusCode, b.body).toBe(200);
    const rows = parseBalances(b.body).value.wallets.balance;
    expect(
      rows.map((r: { accountType: string; availBalance: string }) => [r.accountType, r.availBalance]),
    ).toEqual([
      ['MAIN', '600.00'],
      ['SUBA', '300.25'],
      ['SUBB', '99.75'],
    ]);
    expect(parseBalances(b.body).value.wallets.sumBalance).toBe('1000.00');
    const back = await transfer(m.headers, { from: 'SUBA', to: 'MAIN', amount: '0.25' });
    expect(parseBalances(back.body).value.wallets.balance[0].availBalance).toBe('600.25');
    const recall = await transfer(m.headers, { recallAll: true });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(recall.json().value.amount).toBe('399.75');
    expect(parseBalances(recall.body).value.wallets.balance[0].availBalance).toBe('1000.00');
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses overdrafts, unknown or seamless wallets, bad amounts and a reused request id', async () => {
    const m = await member(1_000n);
    const over = await transfer(m.headers, { from: 'MAIN', to: 'SUBA', amount: '10.01' });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('insufficient_balance');
    for (const to of ['SEAM', 'NOPE', 'MAIN']) {
      const r = await transfer(m.headers, { from: 'MAIN', to, amount: '1' });
      expect(r.json().errorCode, to).toBe('wallet_not_found');
    }
    const decimals = await transfer(m.headers, { from: 'MAIN', to: 'SUBA', amount: '1.001' });
    expect(decimals.json().errorCode).toBe('amount_invalid');
    const float = await transfer(m.headers, { from: 'MAIN', to: 'SUBA', amount: 0.1 + 0.2 });
    expect(float.statusCode).toBe(422);
    const zero = await transfer(m.headers, { from: 'MAIN', to: 'SUBA', amount: '0' });
    expect(zero.json().errorCode).toBe('amount_invalid');
    const missing = await transfer(m.headers, { from: 'MAIN' });
    expect(missing.json().errorCode).toBe('request_param_err');
    await transfer(m.headers, { from: 'MAIN', to: 'SUBA', amount: '1', requestId: 'req-reused-1' });
    const reused = await transfer(m.headers, {
      from: 'MAIN',
      to: 'SUBA',
      amount: '2',
      requestId: 'req-reused-1',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errorCode).toBe('idempotency_conflict');
    const bal = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: m.headers });
    expect(parseBalances(bal.body).value.sumBalance).toBe('10.00');
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses trial accounts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: DEMO.merchant },
      payload: { os: 'web', platform: 'W' },
    });
    const headers = { merchant: DEMO.merchant, authorization: res.json().value.token as string };
    const bal = await t.app.inject({ url: '/wps/v2/wallets/balance', headers });
    expect(parseBalances(bal.body).value).toMatchObject({ playMoney: true, sumBalance: '2000.00' });
    const r = await transfer(headers, { from: 'MAIN', to: 'SUBA', amount: '1' });
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('need_real_account');
  });
});
