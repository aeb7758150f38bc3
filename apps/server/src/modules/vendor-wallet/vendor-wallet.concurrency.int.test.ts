import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/errors.js';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { createLedgerService } from '../ledger/index.js';
import { signBody } from '../../platform/vendor-signature.js';
import { vendorWalletServiceFor } from './register.js';
import { systemClock } from '../../platform/module.js';
import { createEventBus } from '../../platform/events.js';
import {
  addVendor,
  expectLedgerInvariants,
  fund,
  mainBalance,
  merchantIdOf,
  newMember,
} from '../../test/factories.js';

/**
 * Hundreds of simultaneous debits, replays of them and withdrawal holds on ONE wallet, over real
 * HTTP and parallel database connections (on PostgreSQL; PGlite serialises them). Exactly the
 * affordable ones succeed, every replay answers what its original answered, nothing 5xx, no
 * deadlock reaches a caller, the invariants hold.
 */
const VENDOR = 'CONCV';
let t: TestApp;
let base: string;
let merchantId: number;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ poolMax: 20 });
  merchantId = await merchantIdOf(t.database.db);
  secret = await addVendor(t.database.db, merchantId, VENDOR);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('one wallet under concurrent load', () => {
  it('applies exactly the affordable debits and holds', { timeout: 180_000 }, async () => {
    const m = await newMember(t.database.db, merchantId);
    await fund(t.database.db, merchantId, m.id, 6_000n);
    const { token } = await vendorWalletServiceFor({
      db: t.database.db,
      events: createEventBus(),
      clock: systemClock,
    }).openSession(t.database.db, { merchantId, memberId: m.id, vendorCode: VENDOR });
    const debit = async (n: number) => {
      const raw = JSON.stringify({
        playerId: String(m.id),
        currency: 'BDT',
        token,
        txnId: `c-${n}`,
        roundId: `r-${n}`,
        amount: '1.00',
      });
      const res = await fetch(`${base}/vendor/${VENDOR}/wallet/debit`, {
        method: 'POST',
        headers: {
          merchant: DEMO.merchant,
          'content-type': 'application/json',
          'x-signature': signBody(secret, raw),
        },
        body: raw,
      });
      const body = (await res.json()) as { success: boolean; errorCode?: string };
      return { n, status: res.status, ok: body.success, code: body.errorCode };
    };
    const ledger = createLedgerService({ db: t.database.db });
    const hold = async (n: number) => {
      try {
        await ledger.transaction((tx) =>
          ledger.hold(tx, {
            merchantId,
            key: `w-${m.id}-${n}`,
            account: { memberId: m.id, code: 'main' },
            amount: 500n,
          }),
        );
        return { n, ok: true, code: undefined };
      } catch (err) {
        if (isAppError(err)) return { n, ok: false, code: err.code };
        throw err;
      }
    };

    const work: Promise<{ n: number; ok: boolean; code?: string; status?: number }>[] = [];
    for (let n = 0; n < 150; n++) {
      work.push(debit(n));
      if (n % 3 === 0) work.push(debit(n)); // a replay racing its original
      if (n % 15 === 0) work.push(hold(n));
    }
    const results = await Promise.all(work);

    expect(results.filter((r) => r.status !== undefined && r.status >= 500)).toEqual([]);
    const refused = results.filter((r) => !r.ok);
    expect(new Set(refused.map((r) => r.code))).toEqual(new Set(['insufficient_balance']));

    const debitsById = new Map<number, boolean[]>();
    for (const r of results.filter((r) => r.status !== undefined)) {
      debitsById.set(r.n, [...(debitsById.get(r.n) ?? []), r.ok]);
    }
    // a replay answers exactly what its original answered
    for (const [n, outcomes] of debitsById) expect(new Set(outcomes).size, `txn c-${n}`).toBe(1);
    const debited = [...debitsById.values()].filter((o) => o[0]).length;
    const held = results.filter((r) => r.status === undefined && r.ok).length;
    // demand (150.00 + 50.00) far exceeds the 60.00: everything affordable went, nothing more
    expect(100 * debited + 500 * held).toBe(6_000);
    expect(await mainBalance(t.database.db, m.id)).toBe(BigInt(6_000 - 100 * debited));
    await expectLedgerInvariants(t.database.db);
  });
});
