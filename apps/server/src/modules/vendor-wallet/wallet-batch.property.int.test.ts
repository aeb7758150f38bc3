import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../platform/events.js';
import { systemClock } from '../../platform/module.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { checkLedgerInvariants, createLedgerService } from '../ledger/index.js';
import { rows } from '../../platform/sql.js';
import { createVendorWalletService } from './vendor-wallet.service.js';
import type { WalletOp, WalletOpResult } from './wallet-batcher.js';
import { addVendor, fund, mainBalance, merchantIdOf, newMember } from '../../test/factories.js';

/**
 * One statement of `vendor_wallet_apply` with many callbacks must answer and book exactly what the
 * same callbacks answer and book one by one, in the same order: the fast path (set-based, migration
 * 0018) takes the plain debits and credits, the loop the rest (replays, conflicts, refusals,
 * rollbacks, a player's second callback in the batch), and mixing them must not change anything.
 * Each run plays a random batch on one set of players and, one callback at a time, on a twin set.
 */
const VENDOR = 'BATCHV';
const N = 3;

type Op =
  | { k: 'debit'; i: number; txn: number; round: number; amt: number; badToken: boolean }
  | { k: 'credit'; i: number; txn: number; round: number; amt: number; ref: number | null }
  | { k: 'rollback'; i: number; txn: number; ref: number };

const who = fc.integer({ min: 0, max: N - 1 });
const txn = fc.integer({ min: 0, max: 5 });
const round = fc.integer({ min: 0, max: 2 });
const amt = fc.integer({ min: 0, max: 400 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      k: fc.constant('debit' as const),
      i: who,
      txn,
      round,
      amt,
      badToken: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('credit' as const),
      i: who,
      txn,
      round,
      amt,
      ref: fc.option(txn, { nil: null }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ k: fc.constant('rollback' as const), i: who, txn, ref: txn }), weight: 1 },
);

let t: TestApp;
let merchantId: number;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  await addVendor(t.database.db, merchantId, VENDOR);
});
afterAll(() => t.close());

interface Players {
  ids: number[];
  tokenHashes: string[];
}

async function players(): Promise<Players> {
  const vendor = createVendorWalletService({
    db: t.database.db,
    ledger: createLedgerService({ db: t.database.db }),
    clock: systemClock,
    events: createEventBus(),
  });
  const ids: number[] = [];
  const tokenHashes: string[] = [];
  for (let i = 0; i < N; i++) {
    const m = await newMember(t.database.db, merchantId);
    await fund(t.database.db, merchantId, m.id, 500n);
    const { token } = await vendor.openSession(t.database.db, {
      merchantId,
      memberId: m.id,
      vendorCode: VENDOR,
    });
    ids.push(m.id);
    tokenHashes.push(createHash('sha256').update(token).digest('hex'));
  }
  return { ids, tokenHashes };
}

/** The wallet operation of `op` for these players; ids are scoped by `prefix` so twins never collide. */
function walletOp(op: Op, p: Players, prefix: string, now: string): WalletOp {
  const base = { merchantId, vendor: VENDOR, memberId: p.ids[op.i]!, now };
  switch (op.k) {
    case 'debit':
      return {
        ...base,
        op: 'debit',
        txnId: `${prefix}d${op.txn}`,
        roundId: `${prefix}r${op.round}`,
        amount: String(op.amt),
        tokenHash: op.badToken ? '00'.repeat(32) : p.tokenHashes[op.i]!,
      };
    case 'credit':
      return {
        ...base,
        op: 'credit',
        txnId: `${prefix}c${op.txn}`,
        roundId: `${prefix}r${op.round}`,
        refTxnId: op.ref === null ? null : `${prefix}d${op.ref}`,
        amount: String(op.amt),
      };
    case 'rollback':
      return { ...base, op: 'rollback', txnId: `${prefix}b${op.txn}`, refTxnId: `${prefix}d${op.ref}` };
  }
}

async function apply(ops: WalletOp[], houseBucket: number): Promise<WalletOpResult[]> {
  const payload = JSON.stringify(ops.map((o) => ({ ...o, houseBucket })));
  const [row] = await rows<{ r: WalletOpResult[] | string }>(
    t.database.db,
    sql`select vendor_wallet_apply(${payload}::jsonb) as r`,
  );
  const r = row!.r;
  return typeof r === 'string' ? (JSON.parse(r) as WalletOpResult[]) : r;
}

const answer = (r: WalletOpResult) => ({
  code: r.code,
  balance: r.balance,
  replayed: r.replayed ?? false,
  changed: r.changed ?? false,
});

describe('a batch of wallet callbacks', () => {
  it('answers and books exactly what the same callbacks do one by one', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const now = new Date().toISOString();
        const batched = await players();
        const single = await players();
        const a = `b${++run}-`;
        const b = `s${run}-`;
        const together = await apply(
          ops.map((op) => walletOp(op, batched, a, now)),
          1,
        );
        const oneByOne: WalletOpResult[] = [];
        for (const op of ops) oneByOne.push(...(await apply([walletOp(op, single, b, now)], 2)));
        expect(together.map(answer)).toEqual(oneByOne.map(answer));
        for (let i = 0; i < N; i++) {
          expect(await mainBalance(t.database.db, batched.ids[i]!)).toBe(
            await mainBalance(t.database.db, single.ids[i]!),
          );
        }
      }),
      { numRuns: 30 },
    );
    expect(await checkLedgerInvariants(t.database.db, merchantId)).toEqual([]);
  });
});
