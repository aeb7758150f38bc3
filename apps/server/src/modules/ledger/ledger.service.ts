import type { Db, Executor, Tx } from '../../db/client.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { ledgerRepo, type AccountRow, type LineRow } from './ledger.repo.js';

/** House rows per (merchant, code): bets of different players rarely wait on the same house row. */
export const HOUSE_BUCKETS = 16;

export type MemberAccountCode = 'main' | 'bonus' | `vendor:${string}`;
export type HouseAccountCode =
  | 'deposit'
  | 'withdraw'
  | 'bonus'
  | 'rebate'
  | 'salary'
  | 'dividend'
  | 'adjustment'
  | 'play'
  | 'fee'
  | 'transfer'
  | `game:${string}`;

export type AccountRef =
  | { memberId: number; code: MemberAccountCode }
  /** `spread` picks the bucket (usually the member id the movement is about) */
  | { house: HouseAccountCode; spread?: number };

export interface PostLine {
  account: AccountRef;
  /** > 0 the account grows, < 0 it shrinks */
  amount: bigint;
}

export interface PostInput {
  merchantId: number;
  /** unique per merchant, from the cause: the same key never applies twice */
  key: string;
  type: string;
  memberId?: number | null;
  refType?: string | null;
  refId?: string | null;
  memo?: Record<string, unknown> | null;
  /**
   * When the movement happened, if not now: a settlement run books a period's payout at its own run
   * time (the demo's history replays past runs). Nothing but the entry's time depends on it.
   */
  at?: Date;
  lines: PostLine[];
}

export interface PostResult {
  entryId: bigint;
  /** the key had been applied before; nothing changed now */
  replayed: boolean;
  lines: { accountId: bigint; amount: bigint; balanceAfter: bigint }[];
}

/** A cached account id whose creating transaction rolled back: the transaction is run again. */
class StaleAccountError extends Error {}

const RETRYABLE = new Set(['40P01', '40001']);

export function createLedgerService({ db }: { db: Db }) {
  // House account ids never change once committed; a stale entry (its creation rolled back) is
  // detected when locking and evicted.
  const houseIds = new Map<string, bigint>();

  async function resolve(tx: Executor, merchantId: number, ref: AccountRef): Promise<bigint> {
    if ('memberId' in ref) return ledgerRepo.ensureMemberAccount(tx, merchantId, ref.memberId, ref.code);
    const bucket = ref.spread === undefined ? 0 : Math.abs(ref.spread) % HOUSE_BUCKETS;
    const k = `${merchantId}:${ref.house}:${bucket}`;
    let id = houseIds.get(k);
    if (id === undefined) {
      id = await ledgerRepo.ensureHouseAccount(tx, merchantId, ref.house, bucket);
      houseIds.set(k, id);
    }
    return id;
  }

  async function lock(tx: Executor, accountIds: bigint[]): Promise<Map<bigint, AccountRow>> {
    const sorted = [...new Set(accountIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const locked = await ledgerRepo.lockAccounts(tx, sorted);
    if (locked.length !== sorted.length) {
      for (const [k, v] of houseIds) if (sorted.includes(v)) houseIds.delete(k);
      throw new StaleAccountError('ledger account vanished');
    }
    return new Map(locked.map((a) => [BigInt(a.id), a]));
  }

  const available = (a: AccountRow) => BigInt(a.balance) - BigInt(a.held);

  function checkShape(lines: { accountId: bigint; amount: bigint }[]) {
    if (lines.length < 2) throw new Error('a ledger entry needs at least two lines');
    let sum = 0n;
    const seen = new Set<bigint>();
    for (const l of lines) {
      if (l.amount === 0n) throw new Error('a ledger line cannot be zero');
      if (seen.has(l.accountId)) throw new Error('an account appears twice in one entry');
      seen.add(l.accountId);
      sum += l.amount;
    }
    if (sum !== 0n) throw new Error(`ledger entry does not balance (sum ${sum})`);
  }

  function sameLines(a: { accountId: bigint; amount: bigint }[], b: LineRow[]) {
    if (a.length !== b.length) return false;
    const want = new Map(a.map((l) => [l.accountId, l.amount]));
    return b.every((l) => want.get(BigInt(l.account_id)) === BigInt(l.amount));
  }

  const toResult = (entryId: bigint, replayed: boolean, lines: LineRow[]): PostResult => ({
    entryId,
    replayed,
    lines: lines.map((l) => ({
      accountId: BigInt(l.account_id),
      amount: BigInt(l.amount),
      balanceAfter: BigInt(l.balance_after),
    })),
  });

  async function postResolved(
    tx: Tx,
    input: Omit<PostInput, 'lines'>,
    lines: { accountId: bigint; amount: bigint; heldRelease?: bigint }[],
  ): Promise<PostResult> {
    checkShape(lines);
    // Locks before the entry takes its id, so entry ids follow the order in which the accounts
    // changed: an account's newest entry carries its balance_after (statements, invariants).
    const accounts = await lock(
      tx,
      lines.map((l) => l.accountId),
    );
    const entry = await ledgerRepo.insertEntry(tx, {
      merchantId: input.merchantId,
      key: input.key,
      type: input.type,
      memberId: input.memberId ?? null,
      refType: input.refType ?? null,
      refId: input.refId ?? null,
      memo: input.memo ?? null,
      at: input.at ?? null,
    });
    if (!entry) {
      // Applied before (possibly by a concurrent request that committed while this one waited on
      // the unique index): answer the first result; the same key for other money is a conflict.
      const first = await ledgerRepo.findEntryByKey(tx, input.merchantId, input.key);
      const firstLines = await ledgerRepo.linesOf(tx, BigInt(first!.id));
      if (!sameLines(lines, firstLines)) throw new AppError('idempotency_conflict');
      return toResult(BigInt(first!.id), true, firstLines);
    }
    for (const l of lines) {
      const a = accounts.get(l.accountId)!;
      if (a.member_id === null) continue;
      if (available(a) + l.amount + (l.heldRelease ?? 0n) < 0n) {
        throw new AppError('insufficient_balance', { detail: `account ${a.id}` });
      }
    }
    const written = await ledgerRepo.applyLines(tx, BigInt(entry.id), lines);
    return toResult(BigInt(entry.id), false, written);
  }

  const service = {
    /**
     * Runs `fn` in one transaction, again (up to three times) when PostgreSQL chose it as a deadlock
     * victim or a serialization failure, or when a cached account id turned out stale.
     */
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(fn);
        } catch (err) {
          const retry = err instanceof StaleAccountError || RETRYABLE.has(pgErrorCode(err) ?? '');
          if (!retry || attempt >= 3) throw err;
        }
      }
    },

    account: resolve,
    lock,
    available,

    /**
     * Writes one balanced entry and the balances it changes, inside the caller's transaction.
     * Member accounts may not go below their holds (insufficient_balance, nothing written).
     * The same key again answers the first result (`replayed`), or idempotency_conflict when the
     * lines differ.
     */
    async post(tx: Tx, input: PostInput): Promise<PostResult> {
      const lines = [];
      for (const l of input.lines) {
        lines.push({ accountId: await resolve(tx, input.merchantId, l.account), amount: l.amount });
      }
      return postResolved(tx, input, lines);
    },

    /** Reserves `amount` of a member account (a pending withdrawal). Idempotent by key. */
    async hold(
      tx: Tx,
      h: { merchantId: number; key: string; account: AccountRef; amount: bigint },
    ): Promise<{ holdId: bigint; replayed: boolean }> {
      if (h.amount <= 0n) throw new Error('a hold must be positive');
      const accountId = await resolve(tx, h.merchantId, h.account);
      // Lock before inserting the hold: the hold row's foreign key takes a KEY SHARE lock on the
      // account, and two transactions upgrading their KEY SHARE to FOR UPDATE deadlock each other.
      const a = (await lock(tx, [accountId])).get(accountId)!;
      const created = await ledgerRepo.insertHold(tx, { ...h, accountId });
      if (!created) {
        const first = (await ledgerRepo.findHold(tx, h.merchantId, h.key))!;
        if (BigInt(first.account_id) !== accountId || BigInt(first.amount) !== h.amount) {
          throw new AppError('idempotency_conflict');
        }
        return { holdId: BigInt(first.id), replayed: true };
      }
      if (available(a) < h.amount) {
        throw new AppError('insufficient_balance', { detail: `account ${a.id}` });
      }
      await ledgerRepo.addHeld(tx, accountId, h.amount);
      return { holdId: BigInt(created.id), replayed: false };
    },

    /** Turns an open hold into a real movement to `to` (payout). Replays answer the first capture. */
    async captureHold(
      tx: Tx,
      c: Omit<PostInput, 'lines'> & { holdKey: string; to: AccountRef },
    ): Promise<PostResult> {
      const hold = await ledgerRepo.findHold(tx, c.merchantId, c.holdKey, true);
      if (!hold) throw new AppError('not_found', { detail: `hold ${c.holdKey}` });
      if (hold.status === 'captured') {
        const lines = await ledgerRepo.linesOf(tx, BigInt(hold.entry_id!));
        return toResult(BigInt(hold.entry_id!), true, lines);
      }
      if (hold.status !== 'open') throw new AppError('hold_closed');
      const amount = BigInt(hold.amount);
      const to = await resolve(tx, c.merchantId, c.to);
      const result = await postResolved(tx, c, [
        { accountId: BigInt(hold.account_id), amount: -amount, heldRelease: amount },
        { accountId: to, amount },
      ]);
      await ledgerRepo.closeHold(tx, BigInt(hold.id), 'captured', result.entryId);
      return result;
    },

    /** Gives a held amount back (rejected withdrawal). Idempotent; a captured hold cannot be released. */
    async releaseHold(tx: Tx, r: { merchantId: number; holdKey: string }): Promise<{ released: boolean }> {
      const hold = await ledgerRepo.findHold(tx, r.merchantId, r.holdKey, true);
      if (!hold) throw new AppError('not_found', { detail: `hold ${r.holdKey}` });
      if (hold.status === 'released') return { released: false };
      if (hold.status === 'captured') throw new AppError('hold_closed');
      await lock(tx, [BigInt(hold.account_id)]);
      await ledgerRepo.addHeld(tx, BigInt(hold.account_id), -BigInt(hold.amount));
      await ledgerRepo.closeHold(tx, BigInt(hold.id), 'released', null);
      return { released: true };
    },

    /** Every account of a member (none until money first moved). */
    memberAccounts(ex: Executor, memberId: number) {
      return ledgerRepo.memberAccounts(ex, memberId);
    },
  };
  return service;
}
export type LedgerService = ReturnType<typeof createLedgerService>;
