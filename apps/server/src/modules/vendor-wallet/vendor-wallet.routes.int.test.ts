import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { signBody } from '../../platform/vendor-signature.js';
import { vendorWalletServiceFor } from './register.js';
import { createVendorWalletService } from './vendor-wallet.service.js';
import { createLedgerService } from '../ledger/index.js';
import { testClock } from '../../test/clock.js';
import { createEventBus } from '../../platform/events.js';
import {
  addVendor,
  expectLedgerInvariants,
  fund,
  mainBalance,
  merchantIdOf,
  newMember,
} from '../../test/factories.js';

let t: TestApp;
let merchantId: number;
let secret: string;
const VENDOR = 'TESTV';
/** The app's clock: a session's expiry is reached by moving it, not by waiting. */
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  merchantId = await merchantIdOf(t.database.db);
  secret = await addVendor(t.database.db, merchantId, VENDOR);
});
afterAll(() => t.close());

function call(
  op: string,
  body: Record<string, unknown>,
  opts: { secret?: string; vendor?: string; sig?: string } = {},
) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/vendor/${opts.vendor ?? VENDOR}/wallet/${op}`,
    headers: {
      merchant: DEMO.merchant,
      'content-type': 'application/json',
      'x-signature': opts.sig ?? signBody(opts.secret ?? secret, raw),
    },
    payload: raw,
  });
}

let seq = 0;
const id = (p: string) => `${p}-${++seq}-${Date.now()}`;

async function player(balanceMinor: bigint, opts: { ttlMs?: number } = {}) {
  const m = await newMember(t.database.db, merchantId);
  if (balanceMinor > 0n) await fund(t.database.db, merchantId, m.id, balanceMinor);
  const s = await vendorWalletServiceFor({
    db: t.database.db,
    events: eventsOf(),
    clock,
  }).openSession(t.database.db, { merchantId, memberId: m.id, vendorCode: VENDOR, ttlMs: opts.ttlMs });
  return { id: m.id, playerId: String(m.id), token: s.token };
}
// sessions are plain rows: any service instance over the same database can open them
const events = createEventBus();
const eventsOf = () => events;

const base = (p: { playerId: string }) => ({ playerId: p.playerId, currency: 'BDT' });

describe('seamless wallet: signature and sessions', () => {
  it('answers the balance for a live session', async () => {
    const p = await player(12345n);
    const res = await call('balance', { ...base(p), token: p.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { balance: '123.45', currency: 'BDT' } });
  });

  it('refuses a bad signature, an unknown vendor and a foreign token', async () => {
    const p = await player(100n);
    const bad = await call('balance', { ...base(p), token: p.token }, { secret: 'another-secret-value' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().errorCode).toBe('vendor_signature_invalid');
    const garbage = await call('balance', { ...base(p), token: p.token }, { sig: 'nothex' });
    expect(garbage.json().errorCode).toBe('vendor_signature_invalid');
    const unknown = await call('balance', { ...base(p), token: p.token }, { vendor: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('vendor_unknown');
    const other = await player(0n);
    const foreign = await call('balance', { ...base(p), token: other.token });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().errorCode).toBe('vendor_token_invalid');
  });

  it('validates the body after the signature, and refuses a wrong currency', async () => {
    const p = await player(100n);
    const res = await call('debit', {
      ...base(p),
      token: p.token,
      txnId: 'x',
      roundId: 'r',
      amount: '1.234',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('amount_invalid');
    const cur = await call('balance', { playerId: p.playerId, currency: 'USD', token: p.token });
    expect(cur.json().errorCode).toBe('vendor_currency_mismatch');
    const missing = await call('debit', { ...base(p), token: p.token });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errorCode).toBe('request_param_err');
  });
});

describe('seamless wallet: debit, credit, rollback', () => {
  it('debits once: a replay answers the first result, other data for the same id is a conflict', async () => {
    const p = await player(10_000n);
    const body = { ...base(p), token: p.token, txnId: id('d'), roundId: id('r'), amount: '25.50' };
    const first = await call('debit', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ balance: '74.50' });
    const again = await call('debit', body);
    expect(again.json().value).toMatchObject({ balance: '74.50', replayed: true });
    const conflict = await call('debit', { ...body, amount: '30.00' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ errorCode: 'vendor_txn_conflict', value: { balance: '74.50' } });
    expect(await mainBalance(t.database.db, p.id)).toBe(7450n);
    await expectLedgerInvariants(t.database.db);
  });

  it('insufficient funds answers the balance, debits nothing, and stays failed on replay', async () => {
    const p = await player(1_000n);
    const body = { ...base(p), token: p.token, txnId: id('d'), roundId: id('r'), amount: '10.01' };
    const res = await call('debit', body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'insufficient_balance', value: { balance: '10.00' } });
    await fund(t.database.db, merchantId, p.id, 5_000n);
    const replay = await call('debit', body);
    expect(replay.json()).toMatchObject({ errorCode: 'insufficient_balance', value: { balance: '60.00' } });
    expect(await mainBalance(t.database.db, p.id)).toBe(6_000n);
    await expectLedgerInvariants(t.database.db);
  });

  it('credits a round after the session expired, several times, but not without a bet', async () => {
    const p = await player(5_000n, { ttlMs: 1_500 });
    const roundId = id('r');
    const bet = await call('debit', { ...base(p), token: p.token, txnId: id('d'), roundId, amount: 20 });
    expect(bet.json().value.balance).toBe('30.00');
    clock.advance(1_600);
    const expired = await call('debit', { ...base(p), token: p.token, txnId: id('d'), roundId, amount: 1 });
    expect(expired.json().errorCode).toBe('vendor_token_invalid');
    const win = await call('credit', { ...base(p), txnId: id('c'), roundId, amount: '40.00' });
    expect(win.statusCode, win.body).toBe(200);
    expect(win.json().value.balance).toBe('70.00');
    const bonus = await call('credit', { ...base(p), txnId: id('c'), roundId, amount: '0.75' });
    expect(bonus.json().value.balance).toBe('70.75');
    const orphan = await call('credit', { ...base(p), txnId: id('c'), roundId: id('nobet'), amount: '1.00' });
    expect(orphan.statusCode).toBe(404);
    expect(orphan.json()).toMatchObject({ errorCode: 'vendor_txn_not_found', value: { balance: '70.75' } });
    await expectLedgerInvariants(t.database.db);
  });

  it("keeps on each credit the id of its round's first accepted bet (the figures' roll-up reads it)", async () => {
    const p = await player(3_000n);
    const roundId = id('r');
    // refused (more than the balance): not the round's first accepted bet
    const refused = await call('debit', {
      ...base(p),
      token: p.token,
      txnId: id('d'),
      roundId,
      amount: '50.00',
    });
    expect(refused.statusCode).toBe(409);
    const first = id('d');
    const second = id('d');
    await call('debit', { ...base(p), token: p.token, txnId: first, roundId, amount: '10.00' });
    await call('debit', { ...base(p), token: p.token, txnId: second, roundId, amount: '5.00' });
    // a loss (0: the one-by-one path), a win naming the second bet, and a win (the batch's fast path)
    await call('credit', { ...base(p), txnId: id('c'), roundId, amount: '0' });
    await call('credit', { ...base(p), txnId: id('c'), roundId, amount: '1.00', refTxnId: second });
    await call('credit', { ...base(p), txnId: id('c'), roundId, amount: '2.00' });
    const rows = (await t.database.db.execute(
      sql`select op, status, first_bet_id::text as first_bet_id, id::text as row_id, txn_id from vendor_txn
          where member_id = ${p.id} order by id`,
    )) as unknown as {
      rows: { op: string; status: string; first_bet_id: string | null; row_id: string; txn_id: string }[];
    };
    const firstId = rows.rows.find((r) => r.txn_id === first)!.row_id;
    expect(rows.rows.map((r) => [r.op, r.status, r.first_bet_id])).toEqual([
      ['debit', 'failed', null],
      ['debit', 'ok', null],
      ['debit', 'ok', null],
      ['credit', 'ok', firstId],
      ['credit', 'ok', firstId],
      ['credit', 'ok', firstId],
    ]);
    await expectLedgerInvariants(t.database.db);
  });

  it('rolls back an open debit once; not after a win', async () => {
    const p = await player(10_000n);
    const roundId = id('r');
    const debitId = id('d');
    await call('debit', { ...base(p), token: p.token, txnId: debitId, roundId, amount: '60.00' });
    const rb = { ...base(p), txnId: id('rb'), refTxnId: debitId };
    const first = await call('rollback', rb);
    expect(first.json().value.balance).toBe('100.00');
    const again = await call('rollback', rb);
    expect(again.json().value).toMatchObject({ balance: '100.00', replayed: true });
    const other = await call('rollback', { ...rb, txnId: id('rb') });
    expect(other.json().value.balance).toBe('100.00');
    const lateWin = await call('credit', { ...base(p), txnId: id('c'), roundId, amount: '5.00' });
    expect(lateWin.json().errorCode).toBe('vendor_txn_cancelled');

    const round2 = id('r');
    const d2 = id('d');
    await call('debit', { ...base(p), token: p.token, txnId: d2, roundId: round2, amount: '10.00' });
    await call('credit', { ...base(p), txnId: id('c'), roundId: round2, amount: '15.00' });
    const late = await call('rollback', { ...base(p), txnId: id('rb'), refTxnId: d2 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'vendor_round_settled', value: { balance: '105.00' } });
    await expectLedgerInvariants(t.database.db);
  });

  it('a rollback that arrives before its debit leaves a tombstone: the debit is refused', async () => {
    const p = await player(10_000n);
    const debitId = id('d');
    const rb = await call('rollback', { ...base(p), txnId: id('rb'), refTxnId: debitId, roundId: 'r1' });
    expect(rb.statusCode, rb.body).toBe(200);
    expect(rb.json().value.balance).toBe('100.00');
    const debit = await call('debit', {
      ...base(p),
      token: p.token,
      txnId: debitId,
      roundId: 'r1',
      amount: '10.00',
    });
    expect(debit.statusCode).toBe(409);
    expect(debit.json()).toMatchObject({ errorCode: 'vendor_txn_cancelled', value: { balance: '100.00' } });
    expect(await mainBalance(t.database.db, p.id)).toBe(10_000n);
    await expectLedgerInvariants(t.database.db);
  });

  it('a blocked player cannot bet but is still paid', async () => {
    const p = await player(10_000n);
    const roundId = id('r');
    await call('debit', { ...base(p), token: p.token, txnId: id('d'), roundId, amount: '10.00' });
    await t.database.exec(`update member set status = 'blocked' where id = ${p.id}`);
    const bet = await call('debit', { ...base(p), token: p.token, txnId: id('d'), roundId, amount: '1.00' });
    expect(bet.statusCode).toBe(403);
    expect(bet.json().errorCode).toBe('vendor_player_blocked');
    const win = await call('credit', { ...base(p), txnId: id('c'), roundId, amount: '12.00' });
    expect(win.json().value.balance).toBe('102.00');
    await expectLedgerInvariants(t.database.db);
  });

  it("speaks the vendor's own error codes where it configured them", async () => {
    const code = 'MAPV';
    const s = await addVendor(t.database.db, merchantId, code, {
      errorCodes: { insufficient_balance: 'RS_ERROR_NOT_ENOUGH_MONEY' },
    });
    const m = await newMember(t.database.db, merchantId);
    const ledger = createLedgerService({ db: t.database.db });
    const svc = createVendorWalletService({ db: t.database.db, ledger, clock, events });
    const { token } = await svc.openSession(t.database.db, { merchantId, memberId: m.id, vendorCode: code });
    const res = await call(
      'debit',
      { playerId: String(m.id), currency: 'BDT', token, txnId: 'm1', roundId: 'r', amount: '1.00' },
      { vendor: code, secret: s },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 'RS_ERROR_NOT_ENOUGH_MONEY',
      value: { balance: '0.00' },
    });
  });
});
