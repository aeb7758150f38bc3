import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { PNG_BYTES } from './deposit.test-support.js';
import {
  addChannel,
  expectLedgerInvariants,
  mainBalance,
  merchantIdOf,
  newMember,
  TEST_PASSWORD,
  loginToken,
  createMerchant,
  createOperator,
  operatorLogin as login,
} from '../../test/factories.js';
import type { ChannelRow } from './deposit.repo.js';

let t: TestApp;
let merchantId: number;
let bank: ChannelRow;
let feeBank: ChannelRow;
let ownerToken: string;
let viewerToken: string;
let otherOpToken: string;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  bank = await addChannel(t.database.db, merchantId, { name: 'Test bank' });
  feeBank = await addChannel(t.database.db, merchantId, { name: 'Fee bank', feeFixed: 5_00n, feeBps: 100 });
  ownerToken = await login(t.app, DEMO.merchant, 'admin', 'Admin@12345');
  await createOperator(t.database.db, merchantId, 'viewer1', 'viewer');
  viewerToken = await login(t.app, DEMO.merchant, 'viewer1');
  const other = (await createMerchant(t.database.db, { code: 'otherbrand', modules: false })).id;
  await createOperator(t.database.db, other, 'boss', 'owner');
  otherOpToken = await login(t.app, 'otherbrand', 'boss');
});
afterAll(() => t.close());

async function player() {
  const m = await newMember(t.database.db, merchantId);
  const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
  return { id: m.id, token };
}

const member = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { merchant: DEMO.merchant, ...(token ? { authorization: token } : {}) },
    ...(payload ? { payload } : {}),
  });

const operator = (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });

async function submit(token: string, body: Record<string, unknown>) {
  return member(token, 'POST', '/wps/relay/MCSFE_submitDeposit', body);
}

async function pendingDeposit(amount = '500', channel = bank) {
  const p = await player();
  const res = await submit(p.token, { channelId: channel.id, amount, reference: 'TRX-1' });
  expect(res.statusCode, res.body).toBe(200);
  return { ...p, orderNo: res.json().value.orderNo as string };
}

async function trialToken() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    headers: { merchant: DEMO.merchant },
    payload: { os: 'web', platform: 'W' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
}

async function inbox(token: string) {
  const res = await member(token, 'GET', '/wps/relay/CSP_getInbox');
  expect(res.statusCode).toBe(200);
  return res.json().value.list as { kind: string; data: Record<string, unknown> }[];
}

describe('deposit settings', () => {
  it('lists the enabled channels with bank details, limits and fees; never secrets', async () => {
    const off = await addChannel(t.database.db, merchantId, { name: 'Closed bank', enabled: false });
    const p = await player();
    const res = await member(p.token, 'GET', '/wps/relay/MCSFE_getDepositSettings');
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ allowDeposit: 'Y', totalDepositSuccessCount: 0, currency: 'BDT' });
    const ids = v.depositInfo.map((c: { id: number }) => c.id);
    expect(ids).toContain(bank.id);
    expect(ids).not.toContain(off.id);
    expect(v.depositInfo.find((c: { id: number }) => c.id === feeBank.id)).toEqual({
      id: feeBank.id,
      kind: 'bank',
      name: 'Fee bank',
      minAmount: '100.00',
      maxAmount: '10000.00',
      feeFixed: '5.00',
      feeRate: 100,
      bankName: 'Test Bank',
      accountName: 'Test Account',
      accountNumber: '000111222333',
    });
    // the demo seed's online channel is listed without its gateway settings
    expect(res.body).not.toMatch(/secret|gatewayUrl|mchId/i);
  });

  it('refuses anonymous callers and trial accounts', async () => {
    expect((await member(undefined, 'GET', '/wps/relay/MCSFE_getDepositSettings')).statusCode).toBe(401);
    const trial = await trialToken();
    for (const [method, url, body] of [
      ['GET', '/wps/relay/MCSFE_getDepositSettings', undefined],
      ['POST', '/wps/relay/MCSFE_submitDeposit', { channelId: bank.id, amount: '500', reference: 'x' }],
      ['GET', '/wps/relay/MCSFE_getDepositHistory', undefined],
    ] as const) {
      const res = await member(trial, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errorCode).toBe('need_real_account');
      const anon = await member(undefined, method, url, body);
      expect(anon.statusCode, url).toBe(401);
    }
  });
});

describe('bank transfer: submit and review', () => {
  it('approve credits the wallet once, with the fee charged to the member', async () => {
    const { id, token, orderNo } = await pendingDeposit('1000', feeBank);
    expect(await mainBalance(t.database.db, id)).toBe(0n);
    const approve = await operator(ownerToken, 'POST', `/admin/api/deposits/${orderNo}/approve`, {
      remark: 'seen on statement',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    // fee = 5.00 + 1% of 1000 = 15.00
    expect(approve.json().value).toMatchObject({
      orderNo,
      status: 'SUCCESS',
      amount: '1000.00',
      fee: '15.00',
      creditAmount: '985.00',
      remark: 'seen on statement',
      reviewedBy: 'admin',
      memberId: id,
    });
    expect(await mainBalance(t.database.db, id)).toBe(985_00n);
    const again = await operator(ownerToken, 'POST', `/admin/api/deposits/${orderNo}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('deposit_not_pending');
    const reject = await operator(ownerToken, 'POST', `/admin/api/deposits/${orderNo}/reject`, {});
    expect(reject.json().errorCode).toBe('deposit_not_pending');
    expect(await mainBalance(t.database.db, id)).toBe(985_00n);

    const [fee] = await rows<{ n: string }>(
      t.database.db,
      sql`select sum(l.amount)::text as n from ledger_line l join ledger_account a on a.id = l.account_id
          join ledger_entry e on e.id = l.entry_id where e.idem_key = ${`deposit:${orderNo}`} and a.code = 'fee'`,
    );
    expect(fee!.n).toBe('1500');

    const messages = await inbox(token);
    expect(messages[0]).toMatchObject({
      kind: 'deposit_approved',
      data: { orderNo, amount: '1000.00', creditAmount: '985.00', remark: 'seen on statement' },
    });
    const settings = await member(token, 'GET', '/wps/relay/MCSFE_getDepositSettings');
    expect(settings.json().value.totalDepositSuccessCount).toBe(1);
    const history = await member(token, 'GET', '/wps/relay/MCSFE_getDepositHistory');
    expect(history.json().value).toMatchObject({ totalCount: 1, pageNo: 1 });
    expect(history.json().value.list[0]).toMatchObject({ orderNo, status: 'SUCCESS', reference: 'TRX-1' });
    expect(history.json().value.list[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const audit = await operator(ownerToken, 'GET', '/admin/api/audit-log?action=deposit.approve');
    expect(audit.json().value.list.some((a: { entityId: string }) => a.entityId === orderNo)).toBe(true);
    await expectLedgerInvariants(t.database.db);
  });

  it('reject leaves the balance alone and tells the member why', async () => {
    const { id, token, orderNo } = await pendingDeposit('300');
    const res = await operator(ownerToken, 'POST', `/admin/api/deposits/${orderNo}/reject`, {
      remark: 'no such transfer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'REJECTED', remark: 'no such transfer' });
    expect(await mainBalance(t.database.db, id)).toBe(0n);
    expect((await inbox(token))[0]).toMatchObject({
      kind: 'deposit_rejected',
      data: { orderNo, remark: 'no such transfer' },
    });
    const approve = await operator(ownerToken, 'POST', `/admin/api/deposits/${orderNo}/approve`, {});
    expect(approve.json().errorCode).toBe('deposit_not_pending');
    expect(await mainBalance(t.database.db, id)).toBe(0n);
    await expectLedgerInvariants(t.database.db);
  });

  it('approve racing reject: exactly one wins and the balance matches the winner', async () => {
    for (let i = 0; i < 5; i++) {
      const { id, orderNo } = await pendingDeposit('200');
      const [a, r] = await Promise.all([
        operator(ownerToken, 'POST', `/admin/api/deposits/${orderNo}/approve`, {}),
        operator(ownerToken, 'POST', `/admin/api/deposits/${orderNo}/reject`, {}),
      ]);
      expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
      const approved = a.statusCode === 200;
      expect(await mainBalance(t.database.db, id)).toBe(approved ? 200_00n : 0n);
      const [n] = await rows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ledger_entry where idem_key = ${`deposit:${orderNo}`}`,
      );
      expect(n!.n).toBe(approved ? 1 : 0);
    }
    await expectLedgerInvariants(t.database.db);
  });

  it('two approvals at once credit once', async () => {
    const { id, orderNo } = await pendingDeposit('250');
    const results = await Promise.all(
      [1, 2, 3].map(() => operator(ownerToken, 'POST', `/admin/api/deposits/${orderNo}/approve`, {})),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await mainBalance(t.database.db, id)).toBe(250_00n);
    await expectLedgerInvariants(t.database.db);
  });

  it('checks the amount against the channel: format, decimals, minimum, maximum, channel', async () => {
    const p = await player();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ channelId: bank.id, amount: '99.99', reference: 'r' }, 422, 'deposit_amount_too_small'],
      [{ channelId: bank.id, amount: '10000.01', reference: 'r' }, 422, 'deposit_amount_too_large'],
      [{ channelId: bank.id, amount: '100.001', reference: 'r' }, 422, 'amount_invalid'],
      [{ channelId: bank.id, amount: '0', reference: 'r' }, 422, 'amount_invalid'],
      [{ channelId: bank.id, amount: '-5', reference: 'r' }, 422, 'request_param_err'],
      [{ channelId: bank.id, amount: 'abc', reference: 'r' }, 422, 'request_param_err'],
      [{ channelId: bank.id, amount: '500' }, 422, 'request_param_err'],
      [{ channelId: bank.id, amount: '500', reference: '' }, 422, 'request_param_err'],
      [{ channelId: 999999, amount: '500', reference: 'r' }, 404, 'deposit_channel_unavailable'],
    ];
    for (const [body, status, code] of cases) {
      const res = await submit(p.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().errorCode, JSON.stringify(body)).toBe(code);
    }
    const small = await submit(p.token, { channelId: bank.id, amount: '1', reference: 'r' });
    expect(small.json().value).toEqual({ minAmount: '100.00', maxAmount: '10000.00' });
    const off = await addChannel(t.database.db, merchantId, { enabled: false });
    expect(
      (await submit(p.token, { channelId: off.id, amount: '500', reference: 'r' })).json().errorCode,
    ).toBe('deposit_channel_unavailable');
    const online = await addChannel(t.database.db, merchantId, {
      kind: 'online',
      gatewayUrl: 'http://127.0.0.1:9',
      gatewayMchId: 'x',
      gatewaySecret: 'secret-secret',
    });
    expect(
      (await submit(p.token, { channelId: online.id, amount: '500', reference: 'r' })).json().errorCode,
    ).toBe('deposit_channel_unavailable');
    const history = await member(p.token, 'GET', '/wps/relay/MCSFE_getDepositHistory');
    expect(history.json().value.totalCount).toBe(0);
  });

  it('stores a PNG or JPEG receipt checked by content; refuses anything else without writing', async () => {
    const p = await player();
    const ok = await submit(p.token, {
      channelId: bank.id,
      amount: '150',
      reference: 'with receipt',
      receipt: `data:image/jpeg;base64,${PNG_BYTES.toString('base64')}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const orderNo = ok.json().value.orderNo as string;
    const list = await operator(ownerToken, 'GET', `/admin/api/deposits?orderNo=${orderNo}`);
    expect(list.json().value.list[0]).toMatchObject({
      orderNo,
      hasReceipt: true,
      username: expect.any(String),
    });
    const receipt = await operator(ownerToken, 'GET', `/admin/api/deposits/${orderNo}/receipt`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().value).toEqual({ contentType: 'image/png', data: PNG_BYTES.toString('base64') });

    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');
    const bad = await submit(p.token, { channelId: bank.id, amount: '150', reference: 'x', receipt: gif });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errorCode).toBe('deposit_receipt_invalid');
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    const tooBig = await submit(p.token, { channelId: bank.id, amount: '150', reference: 'x', receipt: big });
    expect(tooBig.statusCode).toBe(422);
    const history = await member(p.token, 'GET', '/wps/relay/MCSFE_getDepositHistory?status=PENDING');
    expect(history.json().value.totalCount).toBe(1);
  });

  it('a receipt of almost 5 MB fits through the body limit', async () => {
    const p = await player();
    const image = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024 - PNG_BYTES.length - 10)]);
    const res = await submit(p.token, {
      channelId: bank.id,
      amount: '150',
      reference: 'big',
      receipt: image.toString('base64'),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });

  it('history pages and filters by status', async () => {
    const p = await player();
    for (const amount of ['101', '102', '103']) {
      expect((await submit(p.token, { channelId: bank.id, amount, reference: 'h' })).statusCode).toBe(200);
    }
    const page1 = await member(p.token, 'GET', '/wps/relay/MCSFE_getDepositHistory?pageSize=2');
    expect(page1.json().value).toMatchObject({ totalCount: 3, totalPages: 2, pageSize: 2 });
    expect(page1.json().value.list.map((o: { amount: string }) => o.amount)).toEqual(['103.00', '102.00']);
    const first = page1.json().value.list[0].orderNo;
    await operator(ownerToken, 'POST', `/admin/api/deposits/${first}/reject`, {});
    const rejected = await member(p.token, 'GET', '/wps/relay/MCSFE_getDepositHistory?status=REJECTED');
    expect(rejected.json().value.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([first]);
    const bad = await member(p.token, 'GET', '/wps/relay/MCSFE_getDepositHistory?status=NOPE');
    expect(bad.statusCode).toBe(422);
    // one order through its number; another member's order is not found
    const one = await member(p.token, 'GET', `/wps/relay/MCSFE_getDepositOrder?orderNo=${first}`);
    expect(one.json().value).toMatchObject({ orderNo: first, status: 'REJECTED' });
    const q = await player();
    const foreign = await member(q.token, 'GET', `/wps/relay/MCSFE_getDepositOrder?orderNo=${first}`);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('operator review: roles and merchants', () => {
  it('refuses anonymous callers and member tokens on every operator call', async () => {
    const { token, orderNo } = await pendingDeposit('120');
    for (const [method, url] of [
      ['GET', '/admin/api/deposits'],
      ['GET', '/admin/api/deposit-channels'],
      ['POST', `/admin/api/deposits/${orderNo}/approve`],
      ['POST', `/admin/api/deposits/${orderNo}/reject`],
      ['GET', `/admin/api/deposits/${orderNo}/receipt`],
    ] as const) {
      expect(
        (await operator(undefined, method, url, method === 'POST' ? {} : undefined)).statusCode,
        url,
      ).toBe(401);
      expect((await operator(token, method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(
        401,
      );
    }
  });

  it('a viewer reads but cannot approve or reject', async () => {
    const { id, orderNo } = await pendingDeposit('130');
    const list = await operator(viewerToken, 'GET', '/admin/api/deposits?status=PENDING');
    expect(list.statusCode).toBe(200);
    expect(list.json().value.list.some((o: { orderNo: string }) => o.orderNo === orderNo)).toBe(true);
    for (const verb of ['approve', 'reject']) {
      const res = await operator(viewerToken, 'POST', `/admin/api/deposits/${orderNo}/${verb}`, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('forbidden');
    }
    expect(await mainBalance(t.database.db, id)).toBe(0n);
  });

  it("another merchant's operator neither sees nor reviews the deposit", async () => {
    const { id, orderNo } = await pendingDeposit('140');
    const list = await operator(otherOpToken, 'GET', '/admin/api/deposits');
    expect(list.statusCode).toBe(200);
    expect(list.json().value.totalCount).toBe(0);
    for (const verb of ['approve', 'reject']) {
      const res = await operator(otherOpToken, 'POST', `/admin/api/deposits/${orderNo}/${verb}`, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('deposit_not_found');
    }
    expect((await operator(otherOpToken, 'GET', `/admin/api/deposits/${orderNo}/receipt`)).statusCode).toBe(
      404,
    );
    expect((await operator(otherOpToken, 'GET', '/admin/api/deposit-channels')).json().value).toEqual([]);
    expect(await mainBalance(t.database.db, id)).toBe(0n);
    const still = await operator(ownerToken, 'GET', `/admin/api/deposits?orderNo=${orderNo}`);
    expect(still.json().value.list[0].status).toBe('PENDING');
  });

  it('filters the operator list', async () => {
    const { orderNo } = await pendingDeposit('160');
    const byStatus = await operator(
      ownerToken,
      'GET',
      '/admin/api/deposits?status=PENDING&kind=bank&pageSize=100',
    );
    expect(byStatus.json().value.list.every((o: { status: string }) => o.status === 'PENDING')).toBe(true);
    const byChannel = await operator(ownerToken, 'GET', `/admin/api/deposits?channelId=${feeBank.id}`);
    expect(byChannel.json().value.list.every((o: { channelId: number }) => o.channelId === feeBank.id)).toBe(
      true,
    );
    const future = await operator(ownerToken, 'GET', '/admin/api/deposits?from=2999-01-01');
    expect(future.json().value.totalCount).toBe(0);
    const one = await operator(ownerToken, 'GET', `/admin/api/deposits?orderNo=${orderNo}`);
    expect(one.json().value.totalCount).toBe(1);
    const bad = await operator(ownerToken, 'GET', '/admin/api/deposits?status=DONE');
    expect(bad.statusCode).toBe(422);
  });
});

describe('deposit channels (operator)', () => {
  it('creates and updates channels, audited; secrets are write-only', async () => {
    const created = await operator(ownerToken, 'POST', '/admin/api/deposit-channels', {
      kind: 'online',
      name: 'Pay Co',
      gatewayUrl: 'http://127.0.0.1:9/',
      gatewayMchId: 'shop-1',
      gatewaySecret: 'very-secret-value-123',
      minAmount: '50',
      maxAmount: '2000.50',
      feeRate: 250,
    });
    expect(created.statusCode, created.body).toBe(200);
    const v = created.json().value;
    expect(v).toMatchObject({
      kind: 'online',
      name: 'Pay Co',
      minAmount: '50.00',
      maxAmount: '2000.50',
      feeFixed: '0.00',
      feeRate: 250,
      enabled: true,
      gatewayMchId: 'shop-1',
      hasGatewaySecret: true,
      bankName: null,
    });
    expect(created.body).not.toContain('very-secret-value-123');

    const updated = await operator(ownerToken, 'PUT', `/admin/api/deposit-channels/${v.id}`, {
      name: 'Pay Co 2',
      enabled: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().value).toMatchObject({ name: 'Pay Co 2', enabled: false, hasGatewaySecret: true });
    const [stored] = await rows<{ gateway_secret: string }>(
      t.database.db,
      sql`select gateway_secret from deposit_channel where id = ${v.id}`,
    );
    expect(stored!.gateway_secret).toBe('very-secret-value-123');

    const list = await operator(viewerToken, 'GET', '/admin/api/deposit-channels');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('very-secret-value-123');
    expect(list.json().value.find((c: { id: number }) => c.id === v.id)).toMatchObject({ name: 'Pay Co 2' });

    const audit = await operator(ownerToken, 'GET', '/admin/api/audit-log?action=deposit_channel.update');
    expect(audit.json().value.list[0]).toMatchObject({ entityId: String(v.id) });
    expect(JSON.stringify(audit.json().value)).not.toContain('very-secret-value-123');
  });

  it('refuses incomplete or inconsistent channels, viewers and other merchants', async () => {
    const cases: Record<string, unknown>[] = [
      {
        kind: 'online',
        name: 'x',
        gatewayUrl: 'http://a.example',
        gatewayMchId: 'm',
        minAmount: '1',
        maxAmount: '2',
      },
      { kind: 'bank', name: 'x', bankName: 'B', accountName: 'A', minAmount: '1', maxAmount: '2' },
      {
        kind: 'bank',
        name: 'x',
        bankName: 'B',
        accountName: 'A',
        accountNumber: '1234',
        minAmount: '5',
        maxAmount: '2',
      },
      {
        kind: 'bank',
        name: 'x',
        bankName: 'B',
        accountName: 'A',
        accountNumber: '1234',
        minAmount: '5',
        maxAmount: '20',
        feeFixed: '5',
      },
      { kind: 'bank', name: 'x', minAmount: '1.001', maxAmount: '2' },
      { kind: 'cash', name: 'x', minAmount: '1', maxAmount: '2' },
    ];
    for (const body of cases) {
      const res = await operator(ownerToken, 'POST', '/admin/api/deposit-channels', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const good = {
      kind: 'bank',
      name: 'ok',
      bankName: 'B',
      accountName: 'A',
      accountNumber: '1234',
      minAmount: '5',
      maxAmount: '20',
    };
    expect((await operator(viewerToken, 'POST', '/admin/api/deposit-channels', good)).statusCode).toBe(403);
    expect((await operator(undefined, 'POST', '/admin/api/deposit-channels', good)).statusCode).toBe(401);
    expect(
      (await operator(viewerToken, 'PUT', `/admin/api/deposit-channels/${bank.id}`, { name: 'hijack' }))
        .statusCode,
    ).toBe(403);
    const foreign = await operator(otherOpToken, 'PUT', `/admin/api/deposit-channels/${bank.id}`, {
      name: 'hijack',
    });
    expect(foreign.statusCode).toBe(404);
    const toOnline = await operator(ownerToken, 'PUT', `/admin/api/deposit-channels/${bank.id}`, {
      kind: 'online',
    });
    expect(toOnline.statusCode).toBe(422);
    const [row] = await rows<{ name: string; kind: string }>(
      t.database.db,
      sql`select name, kind from deposit_channel where id = ${bank.id}`,
    );
    expect(row).toEqual({ name: 'Test bank', kind: 'bank' });
  });
});
