import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { rows } from '../platform/sql.js';
import { createScheduler, cronEvery, type Scheduler } from './scheduler.js';

/**
 * The job engine (pg-boss) on the test's database, PostgreSQL or PGlite: a failing job is retried
 * with backoff and, after its last retry, leaves a dead letter; a queued job runs once; a lease is
 * held by one engine at a time and taken over when its holder stops; stop waits for a running job.
 */
let db: TestDatabase;
const engines: Scheduler[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ content: 'migrated' });
});
afterAll(async () => {
  for (const e of engines) await e.stop();
  await db.close();
});

function engine() {
  const e = createScheduler({ database: db, databaseUrl: db.url, pollingIntervalSeconds: 0.5 });
  engines.push(e);
  return e;
}

describe('the job engine', () => {
  it('turns whole minutes and hours into cron, and refuses anything else', () => {
    expect(cronEvery(60_000)).toBe('* * * * *');
    expect(cronEvery(5 * 60_000)).toBe('*/5 * * * *');
    expect(cronEvery(2 * 3600_000)).toBe('0 */2 * * *');
    expect(() => cronEvery(1500)).toThrow(/whole number/);
  });

  it('retries a failing job with backoff, then records a dead letter; a good job runs once', async () => {
    const e = engine();
    const attempts: number[] = [];
    const failing = e.define<{ n: number }>(
      'test.failing',
      async (ctx) => {
        attempts.push(ctx.attempt);
        throw new Error(`boom ${ctx.attempt}`);
      },
      { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: true },
    );
    const ran: number[] = [];
    const good = e.define<{ n: number }>('test.good', async (_ctx, data) => {
      ran.push(data.n);
    });
    await e.start();
    const id = await failing.send({ n: 7 });
    await good.send({ n: 1 });
    await vi.waitFor(
      async () => {
        const dead = await rows<{ job_id: string; attempts: number; error: string; data: unknown }>(
          db.db,
          sql`select job_id, attempts, error, data from job_dead_letter where name = 'test.failing'`,
        );
        expect(dead).toEqual([{ job_id: id, attempts: 2, error: 'boom 2', data: { n: 7 } }]);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(attempts).toEqual([1, 2]);
    expect(ran).toEqual([1]);
    const state = await e.state();
    expect(state.jobs.find((j) => j.name === 'test.failing')).toMatchObject({
      runs: 2,
      failures: 2,
      lastError: 'boom 2',
      cron: null,
      retryLimit: 1,
    });
    expect(state.jobs.find((j) => j.name === 'test.good')).toMatchObject({ runs: 1, failures: 0 });
    expect(state.deadLetters[0]).toMatchObject({ name: 'test.failing', jobId: id, attempts: 2 });
    await e.stop();
  });

  it('keeps a lease on one engine at a time; another takes it when the holder stops', async () => {
    const one = engine();
    const two = engine();
    const l1 = one.lease('test.lease');
    const l2 = two.lease('test.lease');
    // not started: a lone app leads its own loops
    expect([l1.held(), l1.shared()]).toEqual([true, false]);
    await one.start();
    await vi.waitFor(() => expect(l1.held()).toBe(true), { timeout: 5000, interval: 50 });
    await two.start();
    expect(l2.shared()).toBe(true);
    if (db.kind === 'postgres') {
      // PGlite is one connection (one session): there a single instance holds every lock anyway
      await vi.waitFor(() => expect(l2.held()).toBe(false), { timeout: 5000, interval: 50 });
      await one.stop();
      expect(l1.held()).toBe(false);
      await vi.waitFor(() => expect(l2.held()).toBe(true), { timeout: 5000, interval: 50 });
    }
    await one.stop();
    await two.stop();
  });

  it('runs a job queued while the engine is still starting (an operator’s run right after a boot)', async () => {
    const e = engine();
    for (let i = 0; i < 5; i++) e.define(`test.other${i}`, async () => undefined);
    const ran: string[] = [];
    // registered last: its queue is the last one the start creates
    e.every('test.early', 60 * 60_000, async () => void ran.push('early'));
    const start = e.start();
    // the engine reports started as soon as pg-boss is up, while it still creates the queues
    while (!e.started()) await new Promise((r) => setImmediate(r));
    const id = await e.send('test.early');
    expect(id).not.toBeNull();
    await start;
    await vi.waitFor(() => expect(ran).toEqual(['early']), { timeout: 15_000, interval: 100 });
    await e.stop();
  });

  it('runs a periodic job at once although a run of it cut short by a killed process is still active', async () => {
    const e = engine();
    const ran: string[] = [];
    e.every('test.killed', 60 * 60_000, async () => void ran.push('run'));
    await e.start();
    // what a process killed mid-run leaves: its run active in pg-boss (until it expires), its
    // advisory lock gone with its connection
    await rows(
      db.db,
      sql`insert into pgboss.job (name, state, started_on, policy)
          select name, 'active', now(), policy from pgboss.queue where name = 'test.killed'`,
    );
    expect(await e.send('test.killed')).not.toBeNull();
    await vi.waitFor(() => expect(ran).toEqual(['run']), { timeout: 15_000, interval: 100 });
    await e.stop();
  });

  it(
    'runs many periodic jobs due at once without starving the pool their work draws on',
    { timeout: 30_000 },
    async () => {
      // a pool of four, eight jobs due together: each run holds a connection for its lock and needs
      // another for its work; the app's requests share the pool
      const small = await createTestDatabase({ content: 'migrated', poolMax: 4 });
      const e = createScheduler({ database: small, databaseUrl: small.url, periodicConcurrency: 3 });
      let inFlight = 0;
      let most = 0;
      const names = Array.from({ length: 8 }, (_, i) => `test.busy${i}`);
      for (const n of names)
        e.every(n, 60_000, async () => {
          most = Math.max(most, ++inFlight);
          await small.db.execute(sql`select pg_sleep(0.05)`);
          inFlight--;
        });
      const [ran, request] = await Promise.all([
        Promise.all(names.map((n) => e.runNow(n))),
        rows<{ ok: number }>(small.db, sql`select 1 as ok`),
      ]);
      expect(ran).toEqual(names.map(() => true));
      expect(request).toEqual([{ ok: 1 }]);
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(3);
      await e.stop();
      await small.close();
    },
  );

  it('waits for a running job when it stops (the boot recovery run)', async () => {
    const e = engine();
    let release!: () => void;
    let finished = false;
    e.every('test.slow', 60_000, async () => {
      await new Promise<void>((r) => (release = r));
      finished = true;
    });
    const run = e.runNow('test.slow');
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    const stopped = e.stop().then(() => finished);
    release();
    expect(await stopped).toBe(true);
    expect(await run).toBe(true);
  });
});
