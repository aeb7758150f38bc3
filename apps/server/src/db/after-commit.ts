/**
 * Work that must wait for a transaction's commit (domain events: a listener that reads the database
 * has to see the change, and a rolled-back change must tell nobody). `trackCommits` is applied once to
 * the database handle; `afterCommit(tx, fn)` then queues `fn` on the transaction that `tx` belongs to.
 */
import type { Executor } from './client.js';

type Hooks = (() => void)[];
const open = new WeakMap<object, Hooks>();

interface Transactional {
  transaction<T>(fn: (tx: never) => Promise<T>, config?: unknown): Promise<T>;
}

/**
 * Runs `fn` once `ex` commits: a savepoint's hooks join its parent's when it is released and are dropped
 * when it rolls back. Outside a transaction the write is already in, so `fn` runs at once.
 */
export function afterCommit(ex: Executor, fn: () => void): void {
  const hooks = open.get(ex);
  if (hooks) hooks.push(fn);
  else if ('rollback' in ex) throw new Error('afterCommit: a transaction not opened through trackCommits');
  else fn();
}

/** Makes `db.transaction` (and every nested `tx.transaction`) collect and run after-commit hooks. */
export function trackCommits<D>(db: D): D {
  wrap(db as Transactional, undefined);
  return db;
}

function wrap(target: Transactional, parent: Hooks | undefined) {
  const original = target.transaction.bind(target);
  target.transaction = async <T>(fn: (tx: never) => Promise<T>, config?: unknown): Promise<T> => {
    const hooks: Hooks = [];
    const result = await original(async (tx: never) => {
      open.set(tx, hooks);
      wrap(tx as Transactional, hooks);
      return fn(tx);
    }, config);
    if (parent) parent.push(...hooks);
    else runAll(hooks);
    return result;
  };
}

/** Every hook runs even when one throws; the first error then reaches the caller, as a direct call would. */
function runAll(hooks: Hooks) {
  let failed: { err: unknown } | undefined;
  for (const h of hooks) {
    try {
      h();
    } catch (err) {
      failed ??= { err };
    }
  }
  if (failed) throw failed.err;
}
