import { pgErrorCode } from '../../platform/errors.js';

/** One seamless-wallet write as the database function `vendor_wallet_apply` takes it. */
export interface WalletOp {
  op: 'debit' | 'credit' | 'rollback';
  merchantId: number;
  vendor: string;
  memberId: number;
  txnId: string;
  roundId?: string | null;
  refTxnId?: string | null;
  gameCode?: string | null;
  /** minor units */
  amount?: string;
  /** hex SHA-256 of the vendor session token (debit) */
  tokenHash?: string;
  /** ISO time the session expiry is judged against */
  now: string;
}

export interface WalletOpResult {
  /** null: applied (or replayed); otherwise the error code the vendor gets */
  code: string | null;
  /** available balance after, minor units */
  balance: string;
  replayed?: boolean;
  changed?: boolean;
}

/** Runs `select vendor_wallet_apply($1::jsonb)` with this payload; answers the function's value. */
export type WalletApply = (payload: string) => Promise<WalletOpResult[] | string>;

interface Pending {
  op: WalletOp;
  resolve: (r: WalletOpResult) => void;
  reject: (e: unknown) => void;
}

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Group commit for vendor callbacks. Up to `maxInFlight` statements run at once; callbacks that
 * arrive meanwhile queue and go together in the next statement (one transaction, one commit), so
 * batching grows with load and costs nothing when it is quiet. A statement beyond the first only
 * starts once `minExtraBatch` callbacks wait: with every free slot taken at once, 16 busy callers
 * made batches of 2-3 callbacks, whose fixed cost (commit, locks, statement start-up: about as much
 * as a dozen operations) doubled the database's CPU per operation. A batch that fails as a whole is
 * split and each operation runs alone, so one bad operation never fails its neighbours.
 */
export function createWalletBatcher({
  apply: applyPayload,
  maxInFlight,
  houseBuckets,
  maxBatch = 200,
  minExtraBatch = 8,
}: {
  apply: WalletApply;
  maxInFlight: number;
  /** house bucket rows per (merchant, vendor); each statement in flight books to a bucket of its own */
  houseBuckets: number;
  maxBatch?: number;
  /**
   * a statement beyond the first starts only with this many callbacks queued: a statement's commit
   * and start-up cost the database about as much as a dozen operations, so under load fewer,
   * fuller statements go further, while a lone callback still goes at once
   */
  minExtraBatch?: number;
}) {
  const queue: Pending[] = [];
  const slots = Math.min(maxInFlight, houseBuckets);
  const free = Array.from({ length: slots }, (_, i) => i);
  // instances of the app start at different buckets, so they rarely share one either
  const offset = Math.floor(Math.random() * houseBuckets);

  async function apply(ops: WalletOp[], slot: number): Promise<WalletOpResult[]> {
    const houseBucket = (offset + slot) % houseBuckets;
    const payload = JSON.stringify(ops.map((op) => ({ ...op, houseBucket })));
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await applyPayload(payload);
        return typeof r === 'string' ? (JSON.parse(r) as WalletOpResult[]) : r;
      } catch (err) {
        if (!RETRYABLE.has(pgErrorCode(err) ?? '') || attempt >= 3) throw err;
      }
    }
  }

  async function run(items: Pending[], slot: number) {
    try {
      const results = await apply(
        items.map((i) => i.op),
        slot,
      );
      items.forEach((item, k) => item.resolve(results[k]!));
    } catch (err) {
      if (items.length === 1) {
        items[0]!.reject(err);
        return;
      }
      // one at a time on this slot: find the operation that failed, answer the others
      for (const item of items) await run([item], slot);
    }
  }

  function pump() {
    while (free.length > 0 && queue.length > 0) {
      if (free.length < slots && queue.length < minExtraBatch) return;
      const items = queue.splice(0, maxBatch);
      const slot = free.pop()!;
      void run(items, slot).finally(() => {
        free.push(slot);
        pump();
      });
    }
  }

  return {
    submit(op: WalletOp): Promise<WalletOpResult> {
      return new Promise((resolve, reject) => {
        queue.push({ op, resolve, reject });
        pump();
      });
    },
  };
}
export type WalletBatcher = ReturnType<typeof createWalletBatcher>;
