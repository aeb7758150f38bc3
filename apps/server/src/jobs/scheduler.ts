import { createHash } from 'node:crypto';
import type { Database } from '../db/client.js';

export interface JobContext {
  /** the time this run is for */
  now: Date;
}

interface Job {
  name: string;
  everyMs: number;
  run: (ctx: JobContext) => Promise<void>;
}

/** Advisory-lock key of a job: only one instance runs it at a time. */
const lockKey = (name: string) => createHash('sha256').update(`job:${name}`).digest().readBigInt64BE(0);

/**
 * The in-process scheduler (DESIGN "Jobs"). A job runs every `everyMs` on the instance that wins its
 * Postgres advisory lock; the others skip that tick. Jobs must be idempotent (their ledger entries
 * carry keys from the job and period), so a crash and a re-run pay nobody twice. Tests call
 * `runNow(name)` instead of waiting.
 */
export function createScheduler({
  database,
  now = () => new Date(),
  onError,
}: {
  database: Database;
  now?: () => Date;
  onError?: (job: string, err: unknown) => void;
}) {
  const jobs = new Map<string, Job>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let started = false;
  let stopping = false;

  async function runLocked(job: Job): Promise<boolean> {
    const key = lockKey(job.name).toString();
    return database.withConnection(async (query) => {
      const [got] = await query(`select pg_try_advisory_lock(${key}) as ok`);
      if (!got?.ok) return false;
      try {
        await job.run({ now: now() });
      } finally {
        await query(`select pg_advisory_unlock(${key})`);
      }
      return true;
    });
  }

  function tick(job: Job) {
    if (stopping) return;
    const p = runLocked(job)
      .then(() => undefined)
      .catch((err) => onError?.(job.name, err))
      .finally(() => running.delete(p));
    running.add(p);
  }

  return {
    every(name: string, everyMs: number, run: Job['run']) {
      if (jobs.has(name)) throw new Error(`job ${name} registered twice`);
      const job = { name, everyMs, run };
      jobs.set(name, job);
      if (started) timers.push(setInterval(() => tick(job), everyMs).unref());
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) timers.push(setInterval(() => tick(job), job.everyMs).unref());
    },
    /** Runs a job now (tests, operators); answers false when another instance holds it. */
    async runNow(name: string): Promise<boolean> {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      return runLocked(job);
    },
    names: () => [...jobs.keys()],
    /** Stops the timers and waits for running jobs to finish their step (graceful shutdown). */
    async stop() {
      stopping = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
