import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/errors.js';
import { createEventBus } from '../../platform/events.js';
import { systemClock } from '../../platform/module.js';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { createMerchantService } from '../merchant/index.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { vendorWalletServiceFor, type VendorWalletService } from '../vendor-wallet/index.js';
import { checkLedgerInvariants } from './ledger.invariants.js';
import { createLedgerService, type LedgerService } from './ledger.service.js';
import { addVendor, merchantIdOf, newMember } from '../../test/factories.js';

/**
 * Random sequences of deposits, holds (withdrawals), captures, releases, transfers between members,
 * vendor debits, credits, rollbacks and replays of any of them, run against the real services on a
 * real database and against a small in-memory model. After every step each member's balance and
 * holds match the model and the ledger invariants hold.
 */
const VENDOR = 'PROPV';
const N = 3;

type Op =
  | { k: 'fund'; i: number; amt: number }
  | { k: 'hold'; i: number; key: number; amt: number }
  | { k: 'capture'; key: number }
  | { k: 'release'; key: number }
  | { k: 'transfer'; i: number; j: number; amt: number; key: number }
  | { k: 'debit'; i: number; txn: number; round: number; amt: number }
  | { k: 'credit'; i: number; txn: number; round: number; amt: number }
  | { k: 'rollback'; i: number; txn: number; ref: number };

const amt = fc.integer({ min: 0, max: 5_000 });
const who = fc.integer({ min: 0, max: N - 1 });
const small = fc.integer({ min: 0, max: 4 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant('fund' as const), i: who, amt: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ k: fc.constant('hold' as const), i: who, key: small, amt: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ k: fc.constant('capture' as const), key: small }),
  fc.record({ k: fc.constant('release' as const), key: small }),
  fc.record({
    k: fc.constant('transfer' as const),
    i: who,
    j: who,
    amt: fc.integer({ min: 1, max: 5_000 }),
    key: small,
  }),
  fc.record({
    k: fc.constant('debit' as const),
    i: who,
    txn: small,
    round: fc.integer({ min: 0, max: 2 }),
    amt,
  }),
  fc.record({
    k: fc.constant('credit' as const),
    i: who,
    txn: small,
    round: fc.integer({ min: 0, max: 2 }),
    amt,
  }),
  fc.record({ k: fc.constant('rollback' as const), i: who, txn: small, ref: small }),
);

interface Debit {
  member: number;
  round: number;
  amt: number;
  ok: boolean;
  rolledBack: boolean;
}

class Model {
  balance = Array<number>(N).fill(0);
  held = Array<number>(N).fill(0);
  holds = new Map<number, { i: number; amt: number; status: 'open' | 'captured' | 'released' }>();
  transfers = new Map<number, { i: number; j: number; amt: number }>();
  debits = new Map<number, Debit>();
  credits = new Map<number, { member: number; round: number; amt: number }>();
  rollbacks = new Map<number, { member: number; ref: number }>();
  avail = (i: number) => this.balance[i]! - this.held[i]!;

  /** Applies an op; answers the error code the system must answer (undefined = success). */
  apply(op: Op): string | undefined {
    switch (op.k) {
      case 'fund':
        this.balance[op.i]! += op.amt;
        return;
      case 'hold': {
        const h = this.holds.get(op.key);
        if (h) return h.i === op.i && h.amt === op.amt ? undefined : 'idempotency_conflict';
        if (this.avail(op.i) < op.amt) return 'insufficient_balance';
        this.holds.set(op.key, { i: op.i, amt: op.amt, status: 'open' });
        this.held[op.i]! += op.amt;
        return;
      }
      case 'capture': {
        const h = this.holds.get(op.key);
        if (!h) return 'not_found';
        if (h.status === 'captured') return;
        if (h.status === 'released') return 'hold_closed';
        h.status = 'captured';
        this.held[h.i]! -= h.amt;
        this.balance[h.i]! -= h.amt;
        return;
      }
      case 'release': {
        const h = this.holds.get(op.key);
        if (!h) return 'not_found';
        if (h.status === 'released') return;
        if (h.status === 'captured') return 'hold_closed';
        h.status = 'released';
        this.held[h.i]! -= h.amt;
        return;
      }
      case 'transfer': {
        if (op.i === op.j) return 'skip';
        const t = this.transfers.get(op.key);
        if (t) return t.i === op.i && t.j === op.j && t.amt === op.amt ? undefined : 'idempotency_conflict';
        if (this.avail(op.i) < op.amt) return 'insufficient_balance';
        this.transfers.set(op.key, { i: op.i, j: op.j, amt: op.amt });
        this.balance[op.i]! -= op.amt;
        this.balance[op.j]! += op.amt;
        return;
      }
      case 'debit': {
        const d = this.debits.get(op.txn);
        if (d) {
          if (d.member !== op.i || d.amt !== op.amt || d.round !== op.round) return 'vendor_txn_conflict';
          return d.ok ? undefined : d.rolledBack ? 'vendor_txn_cancelled' : 'insufficient_balance';
        }
        const tomb = [...this.rollbacks.values()].some((r) => r.ref === op.txn);
        if (tomb) {
          this.debits.set(op.txn, {
            member: op.i,
            round: op.round,
            amt: op.amt,
            ok: false,
            rolledBack: true,
          });
          return 'vendor_txn_cancelled';
        }
        if (this.avail(op.i) < op.amt) {
          this.debits.set(op.txn, {
            member: op.i,
            round: op.round,
            amt: op.amt,
            ok: false,
            rolledBack: false,
          });
          return 'insufficient_balance';
        }
        this.debits.set(op.txn, { member: op.i, round: op.round, amt: op.amt, ok: true, rolledBack: false });
        this.balance[op.i]! -= op.amt;
        return;
      }
      case 'credit': {
        const c = this.credits.get(op.txn);
        if (c)
          return c.member === op.i && c.amt === op.amt && c.round === op.round
            ? undefined
            : 'vendor_txn_conflict';
        const bets = [...this.debits.values()].filter(
          (d) => d.ok && d.member === op.i && d.round === op.round,
        );
        if (bets.length === 0) return 'vendor_txn_not_found';
        if (bets.every((b) => b.rolledBack)) return 'vendor_txn_cancelled';
        this.credits.set(op.txn, { member: op.i, round: op.round, amt: op.amt });
        this.balance[op.i]! += op.amt;
        return;
      }
      case 'rollback': {
        const r = this.rollbacks.get(op.txn);
        if (r) return r.member === op.i && r.ref === op.ref ? undefined : 'vendor_txn_conflict';
        const bet = this.debits.get(op.ref);
        if (bet && bet.member !== op.i) return 'vendor_txn_conflict';
        if (bet && bet.ok && !bet.rolledBack && bet.amt > 0) {
          const won = [...this.credits.values()].some(
            (c) => c.member === op.i && c.round === bet.round && c.amt > 0,
          );
          if (won) return 'vendor_round_settled';
          bet.rolledBack = true;
          this.balance[op.i]! += bet.amt;
        }
        this.rollbacks.set(op.txn, { member: op.i, ref: op.ref });
        return;
      }
    }
  }
}

let t: TestApp;
let merchant: MerchantContext;
let ledger: LedgerService;
let vendor: VendorWalletService;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  const merchantId = await merchantIdOf(t.database.db);
  await addVendor(t.database.db, merchantId, VENDOR);
  merchant = (await createMerchantService({ db: t.database.db }).findByCode(DEMO.merchant))!;
  ledger = createLedgerService({ db: t.database.db });
  vendor = vendorWalletServiceFor({ db: t.database.db, clock: systemClock, events: createEventBus() });
});
afterAll(() => t.close());

async function perform(op: Op, ids: number[], tokens: string[], prefix: string): Promise<string | undefined> {
  const m = merchant.id;
  const cur = { playerId: '', currency: 'BDT' };
  const money = (n: number) => (n / 100).toFixed(2);
  try {
    switch (op.k) {
      case 'fund':
        await ledger.transaction((tx) =>
          ledger.post(tx, {
            merchantId: m,
            key: `${prefix}:fund:${Math.random()}`,
            type: 'deposit',
            memberId: ids[op.i]!,
            lines: [
              { account: { house: 'deposit', spread: ids[op.i]! }, amount: BigInt(-op.amt) },
              { account: { memberId: ids[op.i]!, code: 'main' }, amount: BigInt(op.amt) },
            ],
          }),
        );
        return;
      case 'hold':
        await ledger.transaction((tx) =>
          ledger.hold(tx, {
            merchantId: m,
            key: `${prefix}:h${op.key}`,
            account: { memberId: ids[op.i]!, code: 'main' },
            amount: BigInt(op.amt),
          }),
        );
        return;
      case 'capture':
        await ledger.transaction((tx) =>
          ledger.captureHold(tx, {
            merchantId: m,
            key: `${prefix}:cap${op.key}`,
            type: 'withdraw',
            holdKey: `${prefix}:h${op.key}`,
            to: { house: 'withdraw' },
          }),
        );
        return;
      case 'release':
        await ledger.transaction((tx) =>
          ledger.releaseHold(tx, { merchantId: m, holdKey: `${prefix}:h${op.key}` }),
        );
        return;
      case 'transfer':
        if (op.i === op.j) return 'skip';
        await ledger.transaction((tx) =>
          ledger.post(tx, {
            merchantId: m,
            key: `${prefix}:t${op.key}`,
            type: 'transfer',
            memberId: ids[op.i]!,
            lines: [
              { account: { memberId: ids[op.i]!, code: 'main' }, amount: BigInt(-op.amt) },
              { account: { memberId: ids[op.j]!, code: 'main' }, amount: BigInt(op.amt) },
            ],
          }),
        );
        return;
      case 'debit':
        await vendor.debit(merchant, VENDOR, {
          ...cur,
          playerId: String(ids[op.i]),
          token: tokens[op.i]!,
          txnId: `${prefix}-d${op.txn}`,
          roundId: `${prefix}-r${op.round}`,
          amount: money(op.amt),
        });
        return;
      case 'credit':
        await vendor.credit(merchant, VENDOR, {
          ...cur,
          playerId: String(ids[op.i]),
          txnId: `${prefix}-c${op.txn}`,
          roundId: `${prefix}-r${op.round}`,
          amount: money(op.amt),
        });
        return;
      case 'rollback':
        await vendor.rollback(merchant, VENDOR, {
          ...cur,
          playerId: String(ids[op.i]),
          txnId: `${prefix}-rb${op.txn}`,
          refTxnId: `${prefix}-d${op.ref}`,
        });
        return;
    }
  } catch (err) {
    if (isAppError(err)) return err.code;
    throw err;
  }
}

describe('ledger against a model', () => {
  it(
    'keeps balances, holds and invariants exact over random operation sequences',
    { timeout: 300_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb, { minLength: 5, maxLength: 25 }),
          fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
          async (ops, replays) => {
            const prefix = `p${++run}`;
            const ids: number[] = [];
            const tokens: string[] = [];
            for (let i = 0; i < N; i++) {
              const mem = await newMember(t.database.db, merchant.id);
              ids.push(mem.id);
              tokens.push(
                (
                  await vendor.openSession(t.database.db, {
                    merchantId: merchant.id,
                    memberId: mem.id,
                    vendorCode: VENDOR,
                  })
                ).token,
              );
            }
            // replays: an earlier operation repeated later (after other movements), as a retrying caller would
            const all = [...ops];
            for (const [which, where] of replays) {
              const at = 1 + (where % all.length);
              const op = all[which % at]!;
              if (op.k !== 'fund') all.splice(at, 0, op);
            }
            const model = new Model();
            for (const op of all) {
              const want = model.apply(op);
              const got = await perform(op, ids, tokens, prefix);
              expect(got, JSON.stringify(op)).toBe(want);
              const accounts = await Promise.all(ids.map((id) => ledger.memberAccounts(t.database.db, id)));
              accounts.forEach((list, i) => {
                const main = list.find((a) => a.code === 'main');
                expect(
                  Number(main?.balance ?? 0n),
                  `balance of member ${i} after ${JSON.stringify(op)}`,
                ).toBe(model.balance[i]);
                expect(Number(main?.held ?? 0n), `held of member ${i}`).toBe(model.held[i]);
              });
            }
            expect(await checkLedgerInvariants(t.database.db, merchant.id)).toEqual([]);
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});
