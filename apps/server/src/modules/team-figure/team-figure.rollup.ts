import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Executor } from '../../db/client.js';
import { FIGURE_SOURCES, teamFigureRollupRepo as repo, type FigureSource } from './team-figure.repo.js';
import { reachRepo } from './team-figure.reach.js';

/**
 * Journal ids per roll-up transaction, per source: bounds a step's time and memory when far behind
 * (after a stop, or the first run on a big journal). Large, because what a step costs beyond its rows
 * is per member and hour touched (each step adds to the same figure rows again): about two seconds
 * for a million vendor rows on a 2-core machine. Ledger entries are mostly bets and wins, which the
 * roll-up skips through an index of the money entries.
 */
export const ROLLUP_CHUNK: Record<FigureSource, number> = {
  vendor_txn: 2_000_000,
  ledger_entry: 5_000_000,
  member: 1_000_000,
};

export interface RollupStep {
  /** rows (lo, hi] were counted in this step */
  lo: bigint;
  hi: bigint;
  /** the highest id of the source when the step began */
  maxId: bigint;
}

/**
 * One step of the roll-up of a source, in one transaction: the figures of journal rows
 * (done_id, hi] are added and done_id moves to hi in the same commit, so a crash leaves either both
 * or neither, and a second roll-up running at the same time waits for the lock and then starts
 * after hi: nothing is ever counted twice.
 *
 * Why ids are not simply taken up to the highest one seen: a sequence hands out ids at insert time
 * but rows become visible at commit, so a transaction still in flight may commit an id below one
 * already visible. A gap in the ids is passed only when it cannot fill any more: when no other
 * transaction is in flight, or once every transaction that was in flight when the gap was seen
 * (pend_xids, noted with the highest id then, pend_max) has ended. Gaps left by aborted inserts
 * therefore cost one more step (a minute on the schedule), never a missed row.
 */
export async function rollUpStep(
  db: Db,
  source: FigureSource,
  chunk = ROLLUP_CHUNK[source],
): Promise<RollupStep> {
  return db.transaction(async (tx) => {
    await repo.lock(tx);
    await repo.tune(tx);
    const st = await repo.state(tx, source);
    const maxId = await repo.maxId(tx, source);
    if (maxId <= st.doneId) return { lo: st.doneId, hi: st.doneId, maxId };
    // read after the highest id: a transaction holding a lower id that has not committed yet is
    // in flight now, so it is in this list
    const inFlight = await repo.inFlight(tx);
    let finalUpTo: bigint;
    let pendResolved = false;
    if (inFlight.length === 0) {
      finalUpTo = maxId;
    } else {
      pendResolved = st.pendMax > st.doneId && !(await repo.anyRunning(tx, st.pendXids));
      finalUpTo = pendResolved ? st.pendMax : st.doneId;
    }
    const cap = st.doneId + BigInt(chunk);
    const end = cap < maxId ? cap : maxId;
    // the gap-free run after done_id only matters while it could reach further than what is final
    const contiguous = finalUpTo >= end ? finalUpTo : await repo.contiguousEnd(tx, source, st.doneId, chunk);
    let hi = finalUpTo > contiguous ? finalUpTo : contiguous;
    if (hi > end) hi = end;
    if (hi > st.doneId) await repo.apply(tx, source, st.doneId, hi);
    const next = { doneId: hi, pendMax: st.pendMax, pendXids: st.pendXids };
    if (hi >= maxId) {
      next.pendMax = 0n;
      next.pendXids = '';
    } else if (st.pendMax <= hi || pendResolved || st.pendXids === '') {
      // a new observation: what is in flight now must end before the ids up to maxId are final
      next.pendMax = maxId;
      next.pendXids = inFlight.join(',');
    }
    await repo.saveState(tx, source, next);
    return { lo: st.doneId, hi, maxId };
  });
}

/**
 * Rolls every source up as far as it can go now (the job's run). Answers, per source, how far the
 * figures are complete (every journal id up to it is counted).
 */
export async function rollUp(db: Db, maxSteps = 1000): Promise<Record<FigureSource, bigint>> {
  await rebuildStaleReach(db);
  const done = {} as Record<FigureSource, bigint>;
  for (const source of FIGURE_SOURCES) {
    let step = await rollUpStep(db, source);
    for (let i = 1; i < maxSteps && step.hi > step.lo && step.hi < step.maxId; i++) {
      step = await rollUpStep(db, source);
    }
    done[source] = step.hi;
  }
  return done;
}

/**
 * Brings the figures up to date with everything committed before the call (reports that must be
 * exact, the settlement engine before a period, tests): rolls up, and while a source waits for
 * transactions that were in flight, waits for them (a short poll) and goes on. Gives up after
 * `timeoutMs` with what it reached (the minute job finishes the rest).
 */
export async function rollUpNow(target: Db | { db: Db }, opts: { timeoutMs?: number } = {}) {
  const db = 'db' in target && !('execute' in target) ? target.db : (target as Db);
  const until = Date.now() + (opts.timeoutMs ?? 5000);
  const goal = {} as Record<FigureSource, bigint>;
  for (const s of FIGURE_SOURCES) goal[s] = await repo.maxId(db, s);
  for (;;) {
    const done = await rollUp(db);
    if (FIGURE_SOURCES.every((s) => done[s] >= goal[s]) || Date.now() > until) return done;
    await sleep(20);
  }
}

/**
 * How far the figures have counted a source: every journal id up to it is committed and counted, and
 * no id at or below it can appear any more (a roll-up of its own may follow this watermark).
 */
export async function rolledUpTo(db: Executor, source: FigureSource): Promise<bigint> {
  return (await repo.state(db, source)).doneId;
}

/** How far the app's clock may run ahead of the database's before it is taken for a moved one. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Whether the figures of periods ending at `end` are final, rolling up and waiting for them (a short
 * poll, up to `timeoutMs`): no client transaction of this database that began before `end` is still
 * open (the journals stamp rows with their transaction's start, by the database's clock, so it may
 * yet commit rows stamped before `end`), and the roll-up has counted every wallet row and money
 * entry stamped before `end` (it stops at a gap in the ids while a transaction that may fill it is
 * in flight). A period settled on figures that are not final would be paid too little, once and for
 * good.
 *
 * `now` is the app's clock: the database's must have passed `end` too (it may trail the app's by a
 * moment). An app clock far ahead of the database's (a test's, an e2e server's moved clock) would
 * make every transaction "begun before the end": then only those begun before this call count.
 */
export async function figuresFinal(
  db: Db,
  end: Date,
  opts: { timeoutMs?: number; now?: Date } = {},
): Promise<boolean> {
  const until = Date.now() + (opts.timeoutMs ?? 5000);
  const first = await repo.dbNow(db);
  const moved = (opts.now ?? new Date()).getTime() - first.getTime() > CLOCK_SKEW_MS;
  const cutoff = moved && first < end ? first : end;
  for (;;) {
    await rollUp(db);
    // in this order: a transaction seen ended here has committed before the count's snapshot
    if (
      (await repo.dbNow(db)) >= cutoff &&
      !(await repo.openSince(db, cutoff)) &&
      (await repo.countedBefore(db, cutoff))
    )
      return true;
    if (Date.now() >= until) return false;
    await sleep(50);
  }
}

/**
 * Builds the active-member reach rows of merchants that have none yet, or whose thresholds changed
 * since they were built (each merchant in one transaction, under the roll-up's lock, so that no step
 * moves them meanwhile). Until then readers count active members from the member rows.
 */
export async function rebuildStaleReach(db: Db) {
  for (const merchantId of await reachRepo.stale(db)) {
    await db.transaction(async (tx) => {
      await repo.lock(tx);
      if ((await reachRepo.stale(tx)).includes(merchantId)) await reachRepo.rebuild(tx, merchantId);
    });
  }
}
