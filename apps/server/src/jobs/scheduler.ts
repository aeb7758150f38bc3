import { createHash } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import pLimit from 'p-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rows } from '../platform/sql.js';

/**
 * The job engine (DESIGN "Jobs", issue 14): background and scheduled work runs exactly once across
 * every instance on **pg-boss**, a maintained PostgreSQL-backed queue, on PostgreSQL and on the
 * embedded PGlite alike (PGlite through pg-boss's `db` adapter: its one connection serialises
 * pg-boss's statements with the app's own, and pg-boss sends its multi-statement transactions as one
 * text, so nothing interleaves).
 *
 * - Periodic jobs (`every`) are pg-boss cron schedules on a `short` queue: one run queued at most,
 *   whichever instance's worker fetches it (SKIP LOCKED), and the cron's own send is a singleton per
 *   minute however many instances keep the schedule. Runs never overlap: each holds the job's
 *   advisory lock (a run that finds it taken counts as done). Not `stately` (one active at most): a
 *   run cut short by a killed process stays active in pg-boss until it expires (15 minutes), and
 *   would hold every later run back until then; its lock went with the process's connection.
 * - One-off jobs (`define` + `send`, the settlement runs of later issues) on a `standard` queue.
 * - A failed run is retried with exponential backoff (`retryLimit`, `retryDelaySeconds`); after the
 *   last retry a dead letter is written to `job_dead_letter`, which operators read with the run
 *   counts of `job_state` (`GET /admin/api/jobs`).
 * - `lease(name)` is leadership rather than a queue job (the crash game's continuous loop): a
 *   session advisory lock held on one connection; another instance takes it within a second or two
 *   of the holder's connection closing (a killed process's connection closes with it).
 * - `runNow(name)` runs a job at once on this instance (tests, the boot's recovery); a periodic job
 *   runs under its advisory lock so it never overlaps a queued run of itself; `stop` waits for it.
 *
 * Until `start()` (tests build apps without starting them) nothing polls and every lease answers
 * `held()` true: a lone app drives its own loops as before.
 */

export interface JobContext {
  /** the time this run is for */
  now: Date;
  /** the attempt, 1 for the first run */
  attempt: number;
}

export interface RetryPolicy {
  /** retries after the first attempt (default 3) */
  retryLimit?: number;
  /** delay before the first retry; doubled each retry when `retryBackoff` (default 10 s) */
  retryDelaySeconds?: number;
  /** exponential backoff (default true) */
  retryBackoff?: boolean;
}

export interface SendOptions {
  /** run no earlier than this */
  startAfter?: Date;
  /** at most one queued job with this key (a settlement run per period) */
  singletonKey?: string;
}

/** A one-off job kind: `send` queues a run with its data; it runs once, on some instance. */
export interface JobHandle<T> {
  readonly name: string;
  send(data: T, opts?: SendOptions): Promise<string | null>;
}

export interface Lease {
  readonly name: string;
  /** Whether this instance leads now (always true before the engine starts). */
  held(): boolean;
  /** Whether instances compete for it (the engine has started); false in a lone app (tests). */
  shared(): boolean;
}

export interface JobInfo {
  name: string;
  /** cron of a periodic job, null for one-off jobs */
  cron: string | null;
  retryLimit: number;
  runs: number;
  failures: number;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastSucceededAt: string | null;
  lastError: string | null;
  lastInstance: string | null;
  /** runs waiting in the queue (created or waiting for a retry); null before the engine starts */
  queued: number | null;
}

export interface DeadLetter {
  id: number;
  name: string;
  jobId: string | null;
  data: unknown;
  attempts: number;
  error: string;
  instance: string | null;
  failedAt: string;
}

interface Job {
  name: string;
  cron: string | null;
  retry: Required<RetryPolicy>;
  run: (ctx: JobContext, data: unknown) => Promise<void>;
}

const DEFAULT_RETRY: Required<RetryPolicy> = { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true };
/** An operator's check of the engine: queued with `POST /admin/api/jobs/jobs.probe/run`, it only records its run. */
export const PROBE_JOB = 'jobs.probe';
const MAX_ERROR = 2000;
const INSTANCE = `${os.hostname()}:${process.pid}`;

/** Advisory-lock key of a job or lease. */
const lockKey = (name: string) => createHash('sha256').update(`job:${name}`).digest().readBigInt64BE(0);
/** Advisory-lock key of a lease (tests look its holder up in pg_locks). */
export const leaseLockKey = (name: string) => lockKey(`lease:${name}`);

/** A whole number of minutes as cron (the engine's schedules have minute resolution). */
export function cronEvery(everyMs: number): string {
  const minutes = everyMs / 60_000;
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60)
    return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  if (Number.isInteger(minutes / 60) && minutes / 60 >= 1 && minutes / 60 < 24)
    return `0 */${minutes / 60} * * *`;
  throw new Error(`job interval ${everyMs} ms: a whole number of minutes (1-59) or hours (1-23)`);
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR);

export function createScheduler({
  database,
  databaseUrl,
  poolMax = 2,
  periodicConcurrency = 3,
  pollingIntervalSeconds = 2,
  now = () => new Date(),
  onError,
}: {
  database: Database;
  /** PostgreSQL: the engine's own pool connects here (`poolMax` connections); unset on PGlite */
  databaseUrl?: string;
  poolMax?: number;
  /**
   * Periodic runs at once on this instance. Each holds a pool connection for its lock while its
   * work takes others: with every periodic job due at the same minute, unlimited runs took all of
   * the app's pool and waited on it for ever (requests with them).
   */
  periodicConcurrency?: number;
  pollingIntervalSeconds?: number;
  now?: () => Date;
  onError?: (job: string, err: unknown) => void;
}) {
  const jobs = new Map<string, Job>();
  const leases = new Map<string, { name: string; held: boolean }>();
  const running = new Set<Promise<unknown>>();
  const periodicSlot = pLimit(periodicConcurrency);
  const stopper = new AbortController();
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let stopped = false;

  function track<T>(p: Promise<T>): Promise<T> {
    running.add(p);
    void p.catch(() => undefined).finally(() => running.delete(p));
    return p;
  }

  function register(name: string, cron: string | null, run: Job['run'], retry: RetryPolicy = {}) {
    if (jobs.has(name)) throw new Error(`job ${name} registered twice`);
    if (starting) throw new Error(`job ${name} registered after the engine started`);
    jobs.set(name, { name, cron, run, retry: { ...DEFAULT_RETRY, ...retry } });
  }

  async function record(name: string, phase: 'start' | 'ok' | 'failed', error?: string) {
    const at = now().toISOString();
    if (phase === 'start') {
      await rows(
        database.db,
        sql`insert into job_state (name, last_started_at, last_instance) values (${name}, ${at}, ${INSTANCE})
            on conflict (name) do update set last_started_at = excluded.last_started_at,
              last_instance = excluded.last_instance`,
      );
    } else {
      await rows(
        database.db,
        sql`update job_state set runs = runs + 1, last_finished_at = ${at},
              failures = failures + ${phase === 'failed' ? 1 : 0},
              last_succeeded_at = case when ${phase === 'ok'} then ${at}::timestamptz else last_succeeded_at end,
              last_error = ${error ?? null}
            where name = ${name}`,
      );
    }
  }

  /** One attempt of a job, recorded in job_state. */
  async function once(job: Job, data: unknown, attemptNo: number) {
    await record(job.name, 'start');
    try {
      await job.run({ now: now(), attempt: attemptNo }, data);
    } catch (err) {
      await record(job.name, 'failed', message(err)).catch(() => undefined);
      throw err;
    }
    await record(job.name, 'ok');
  }

  /**
   * One attempt. A periodic job runs under its advisory lock (a runNow never overlaps its queued run;
   * false when the other holds it: that period's work is being done). Each queued run of a one-off
   * job is its own piece of work, run once by pg-boss: no lock, so parallel runs all happen.
   */
  async function attempt(job: Job, data: unknown, attemptNo: number): Promise<boolean> {
    if (!job.cron) {
      await once(job, data, attemptNo);
      return true;
    }
    const key = lockKey(job.name).toString();
    return periodicSlot(() =>
      database.withConnection(async (query) => {
        const [got] = await query(`select pg_try_advisory_lock(${key}) as ok`);
        if (!got?.ok) return false;
        try {
          await once(job, data, attemptNo);
        } finally {
          await query(`select pg_advisory_unlock(${key})`);
        }
        return true;
      }),
    );
  }

  async function deadLetter(job: Job, id: string, data: unknown, attempts: number, err: unknown) {
    await rows(
      database.db,
      sql`insert into job_dead_letter (name, job_id, data, attempts, error, instance)
          values (${job.name}, ${id}, ${JSON.stringify(data ?? null)}::jsonb, ${attempts}, ${message(err)}, ${INSTANCE})`,
    );
  }

  async function handle(job: Job, [item]: PgBoss.JobWithMetadata<unknown>[]) {
    if (!item) return;
    const data = (item.data as { data?: unknown } | null)?.data;
    try {
      // a periodic run the lock refused (its runNow at this moment) counts as done
      await attempt(job, data, item.retryCount + 1);
    } catch (err) {
      onError?.(job.name, err);
      if (item.retryCount >= item.retryLimit) {
        await deadLetter(job, item.id, data, item.retryCount + 1, err).catch((e: unknown) =>
          onError?.(job.name, e),
        );
      }
      throw err;
    }
  }

  function bossDb(): PgBoss.ConstructorOptions {
    if (databaseUrl) return { connectionString: databaseUrl, max: poolMax, application_name: 'bp-jobs' };
    // PGlite: one connection shared with the app (parameterised statements one by one, plain text as is)
    return {
      db: {
        executeSql: async (text: string, values?: unknown[]) =>
          values?.length
            ? { rows: await database.prepared('', text, values) }
            : { rows: await database.withConnection((q) => q(text)) },
      },
    };
  }

  async function ensureQueue(b: PgBoss, job: Job) {
    const options: PgBoss.Queue = {
      name: job.name,
      policy: job.cron ? 'short' : 'standard',
      retryLimit: job.retry.retryLimit,
      retryDelay: job.retry.retryDelaySeconds,
      retryBackoff: job.retry.retryBackoff,
    };
    // another instance may be creating it at this moment: its create fails here, and until it
    // commits the queue is not found either; a few tries later it exists and is brought up to date
    await whileAnotherCreates(async () => {
      if (!(await b.getQueue(job.name))) await b.createQueue(job.name, options).catch(() => undefined);
      await b.updateQueue(job.name, options);
    });
  }

  /**
   * Retries a step that fails while another instance starting at the same moment has not yet
   * committed a queue (pg-boss: "Queue ... not found", which its schedule() also answers for a
   * foreign-key failure), for up to about 15 s: on a loaded machine two instances' first starts on a
   * new database once took longer than the 3 s allowed before, and a schedule was not retried at all.
   */
  async function whileAnotherCreates(step: () => Promise<unknown>) {
    for (let attempt = 1; ; attempt++) {
      try {
        await step();
        return;
      } catch (err) {
        if (attempt >= 20) throw err;
        await sleep(Math.min(100 * attempt, 1000));
      }
    }
  }

  async function startEngine() {
    const b = new PgBoss({ ...bossDb(), schema: 'pgboss', supervise: true, schedule: true });
    b.on('error', (err) => onError?.('pg-boss', err));
    await b.start();
    boss = b;
    for (const job of jobs.values()) {
      await ensureQueue(b, job);
      await b.work(job.name, { pollingIntervalSeconds, includeMetadata: true, batchSize: 1 }, (items) =>
        track(handle(job, items)),
      );
      if (job.cron) await whileAnotherCreates(() => b.schedule(job.name, job.cron!, {}, { tz: 'UTC' }));
      else await b.unschedule(job.name).catch(() => undefined);
    }
    for (const l of leases.values()) void track(holdLease(l));
  }

  /** Keeps trying for the lease's lock; holding it, checks the connection until stop or loss. */
  async function holdLease(l: { name: string; held: boolean }) {
    const key = leaseLockKey(l.name).toString();
    l.held = false;
    while (!stopped) {
      try {
        await database.withConnection(async (query) => {
          const [got] = await query(`select pg_try_advisory_lock(${key}) as ok`);
          if (!got?.ok) return;
          l.held = true;
          try {
            while (!stopped) {
              await sleep(1000, undefined, { signal: stopper.signal }).catch(() => undefined);
              if (!stopped) await query('select 1');
            }
          } finally {
            l.held = false;
            await query(`select pg_advisory_unlock(${key})`).catch(() => undefined);
          }
        });
      } catch (err) {
        l.held = false;
        onError?.(`lease ${l.name}`, err);
      }
      if (!stopped) await sleep(1000, undefined, { signal: stopper.signal }).catch(() => undefined);
    }
  }

  register(PROBE_JOB, null, async () => undefined, { retryLimit: 0 });

  async function send(name: string, data?: unknown, opts: SendOptions = {}): Promise<string | null> {
    if (!jobs.has(name)) throw new Error(`no job ${name}`);
    // pg-boss drops a job sent to a queue it has not created yet (null): wait for the start to finish
    await starting;
    if (!boss) throw new Error('the job engine has not started');
    return boss.send(name, { data: data ?? null }, { ...opts });
  }

  return {
    /** The engine this runs on (for operators). */
    engine: 'pg-boss' as const,
    /** A periodic job: every `everyMs` (whole minutes or hours), once across all instances. */
    every(name: string, everyMs: number, run: (ctx: JobContext) => Promise<void>, retry?: RetryPolicy) {
      register(name, cronEvery(everyMs), (ctx) => run(ctx), retry);
    },
    /** A one-off job kind; `send` on the handle queues a run with its data. */
    define<T>(
      name: string,
      run: (ctx: JobContext, data: T) => Promise<void>,
      retry?: RetryPolicy,
    ): JobHandle<T> {
      register(name, null, (ctx, data) => run(ctx, data as T), retry);
      return { name, send: (data: T, opts?: SendOptions) => send(name, data, opts) };
    },
    /** Queues one run of a job (periodic or one-off); it runs once, on whichever instance fetches it. */
    send,
    /** Leadership for a continuous loop: held by one instance at a time once the engine has started. */
    lease(name: string): Lease {
      let l = leases.get(name);
      if (!l) {
        l = { name, held: true };
        leases.set(name, l);
        if (boss && !stopped) void track(holdLease(l));
      }
      const state = l;
      return { name, held: () => state.held, shared: () => !!boss && !stopped };
    },
    /** Starts the engine: queues, workers, schedules and leases. */
    start(): Promise<void> {
      starting ??= track(startEngine());
      return starting;
    },
    /** Runs a job now on this instance (tests, operators, the boot); false when a run of it holds the lock. */
    runNow(name: string, data?: unknown): Promise<boolean> {
      const job = jobs.get(name);
      if (!job) return Promise.reject(new Error(`no job ${name}`));
      // after stop nothing new starts (stop has waited for what was running)
      if (stopped) return Promise.resolve(false);
      return track(attempt(job, data, 1));
    },
    names: () => [...jobs.keys()],
    /** Whether this instance's engine has started (polls queues, keeps schedules and leases). */
    started: () => !!boss && !stopped,
    has: (name: string) => jobs.has(name),
    /** Each job's schedule, run counts and last error, and the latest dead letters. */
    async state(
      deadLetterLimit = 50,
    ): Promise<{ engine: 'pg-boss'; started: boolean; jobs: JobInfo[]; deadLetters: DeadLetter[] }> {
      const st = await rows<Record<string, unknown>>(database.db, sql`select * from job_state`);
      const byName = new Map(st.map((r) => [String(r.name), r]));
      const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
      const list: JobInfo[] = [];
      for (const job of jobs.values()) {
        const r = byName.get(job.name);
        list.push({
          name: job.name,
          cron: job.cron,
          retryLimit: job.retry.retryLimit,
          runs: Number(r?.runs ?? 0),
          failures: Number(r?.failures ?? 0),
          lastStartedAt: iso(r?.last_started_at),
          lastFinishedAt: iso(r?.last_finished_at),
          lastSucceededAt: iso(r?.last_succeeded_at),
          lastError: (r?.last_error as string | null) ?? null,
          lastInstance: (r?.last_instance as string | null) ?? null,
          queued: boss ? await boss.getQueueSize(job.name, { before: 'active' }) : null,
        });
      }
      const dead = await rows<Record<string, unknown>>(
        database.db,
        sql`select * from job_dead_letter order by id desc limit ${deadLetterLimit}`,
      );
      return {
        engine: 'pg-boss',
        started: !!boss,
        jobs: list,
        deadLetters: dead.map((d) => ({
          id: Number(d.id),
          name: String(d.name),
          jobId: (d.job_id as string | null) ?? null,
          data: d.data ?? null,
          attempts: Number(d.attempts),
          error: String(d.error),
          instance: (d.instance as string | null) ?? null,
          failedAt: iso(d.failed_at)!,
        })),
      };
    },
    /** Stops workers, schedules' polling and leases, and waits for running jobs (the boot's recovery too). */
    async stop() {
      if (stopped) return;
      stopped = true;
      stopper.abort();
      await starting?.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
      await Promise.allSettled([...running]);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
