/**
 * Seamless-wallet throughput against PostgreSQL: vendor debit + credit callbacks over HTTP through
 * the whole app (signature check, merchant resolution, validation, the player's row lock, idempotency
 * look-up, balanced ledger entry, vendor transaction record, commit), measured side by side with
 * `pgbench -N` (simple update) on the same PostgreSQL server at the same client count. The ratio is
 * wallet operations per second / pgbench transactions per second.
 *
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); both runs use
 * throwaway databases on it. The load generator is a process of its own (wallet-load.cjs), as pgbench
 * is. The two sides run in alternating slices of about two seconds, so that whatever else the shared
 * machine does meets both alike. When PostgreSQL runs on this machine, the line also gives the CPU time per operation of each
 * side (ours: server + its PostgreSQL backends + load generator; pgbench: its backends + pgbench),
 * a figure a busy shared machine disturbs much less than the rates.
 */
import { execFileSync, execFile, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.js';
import { createTestDatabase } from '../../apps/server/src/test/harness.js';
import { buildApp } from '../../apps/server/src/app.js';
import { createEventBus } from '../../apps/server/src/platform/events.js';
import { systemClock } from '../../apps/server/src/platform/module.js';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.js';
import { createVendorWalletService } from '../../apps/server/src/modules/vendor-wallet/vendor-wallet.service.js';
import { benchLine } from '../lib.js';
import { addVendor, fund, merchantIdOf, newMember } from '../../apps/server/src/test/factories.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PLAYERS = CLIENTS * 4;
const VENDOR = 'BENCHV';

/** Each side runs in slices of about this many seconds, alternating with the other. */
const SLICE_SECONDS = 2;

/** What the load generator (wallet-load.cjs) answers. */
interface LoadResult {
  requests: { total: number; average: number };
  /** how long the load ran */
  seconds: number;
  /** of every request, milliseconds */
  latencies: number[];
  non2xx: number;
  errors: number;
}

export async function run(seconds: number) {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const serverUrl = process.env.DATABASE_URL;
  const database = await createTestDatabase({ poolMax: CLIENTS, content: 'seeded' });
  const merchantId = await merchantIdOf(database.db);
  const secret = await addVendor(database.db, merchantId, VENDOR);
  const vendor = createVendorWalletService({
    db: database.db,
    ledger: createLedgerService({ db: database.db }),
    clock: systemClock,
    events: createEventBus(),
  });
  const players: { id: string; token: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const m = await newMember(database.db, merchantId);
    await fund(database.db, merchantId, m.id, 100_000_000n);
    const { token } = await vendor.openSession(database.db, {
      merchantId,
      memberId: m.id,
      vendorCode: VENDOR,
    });
    players.push({ id: String(m.id), token });
  }

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    DB_POOL_MAX: String(CLIENTS),
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const here = path.dirname(fileURLToPath(import.meta.url));
  // one load generator for the whole run, so that every slice meets it warm
  const child = fork(path.join(here, 'wallet-load.cjs'), {
    env: { ...process.env, BENCH_WALLET: JSON.stringify({ secret, players }) },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const load = (duration: number) =>
    new Promise<{ result: LoadResult; cpuUs: number }>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`wallet load generator exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (m: { err: string | null; result: LoadResult; cpuUs: number }) => {
        child.off('exit', onExit);
        if (m.err) reject(new Error(m.err));
        else resolve(m);
      });
      child.send({
        url: base,
        connections: CLIENTS,
        duration,
        debitPath: `/vendor/${VENDOR}/wallet/debit`,
        creditPath: `/vendor/${VENDOR}/wallet/credit`,
      });
    });
  await load(2);

  // the reference: pgbench -N (simple update) with as many clients, on a throwaway database
  const dbName = `bp_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const pgbench = (duration: number) =>
    new Promise<string>((resolve, reject) =>
      execFile(
        'pgbench',
        ['-N', '-c', String(CLIENTS), '-j', '2', '-T', String(duration), url.toString()],
        { encoding: 'utf8' },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );

  // both sides in alternating slices, so that a change in what else the machine runs meets both
  const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS));
  const sliceSeconds = seconds / slices;
  const latencies: number[] = [];
  let ops = 0;
  let oursSeconds = 0;
  let serverCpu = 0;
  let pgCpu: number | null = 0;
  let loadCpu = 0;
  let refTxns = 0;
  let refSeconds = 0;
  let refCpu: number | null = 0;
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url.toString()], { stdio: 'ignore' });
    for (let i = 0; i < slices; i++) {
      const pgSampler = sampleBackends(admin, new URL(database.url!).pathname.slice(1));
      await pgSampler.started;
      const server0 = process.cpuUsage();
      const { result, cpuUs } = await load(sliceSeconds);
      const server = process.cpuUsage(server0);
      const backends = await pgSampler.stop();
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`wallet bench: ${result.non2xx} non-2xx, ${result.errors} errors`);
      ops += result.requests.total;
      oursSeconds += result.seconds;
      latencies.push(...result.latencies);
      serverCpu += server.user + server.system;
      loadCpu += cpuUs;
      pgCpu = pgCpu === null || backends === null ? null : pgCpu + backends;

      const children0 = childrenCpuUs();
      const run = pgbench(sliceSeconds);
      // pgbench's backends end with it: their CPU time is sampled while it runs (the last ~0.2 s is lost)
      const sampler = sampleBackends(admin, dbName);
      await run.catch(() => {});
      const refBackends = await sampler.stop();
      const out = await run;
      const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
      const txns = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0);
      refTxns += txns;
      if (tps > 0) refSeconds += txns / tps;
      refCpu =
        refCpu === null || refBackends === null ? null : refCpu + refBackends + childrenCpuUs() - children0;
    }
  } finally {
    if (child.connected) child.send('exit');
    await exited;
    await app.close();
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  const opsPerSec = ops / oursSeconds;
  const tps = refTxns / refSeconds;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;

  const perOp = (us: number, n: number) => (us / n).toFixed(0);
  const cpu: Record<string, string> =
    pgCpu === null || refCpu === null || refTxns === 0
      ? {}
      : {
          // server+postgres+load generator, microseconds of CPU per wallet operation
          cpu_us_op: `${perOp(serverCpu, ops)}+${perOp(pgCpu, ops)}+${perOp(loadCpu, ops)}`,
          ref_cpu_us_tx: perOp(refCpu, refTxns),
        };
  return benchLine('wallet', {
    ratio: (opsPerSec / tps).toFixed(3),
    ours: `${opsPerSec.toFixed(0)}ops/s`,
    reference: `${tps.toFixed(0)}tps`,
    clients: CLIENTS,
    p50_ms: pct(50).toFixed(2),
    p99_ms: pct(99).toFixed(2),
    ...cpu,
  });
}

/**
 * CPU time the backends of one database spend from now until stop(), sampled every 0.2 s: pool
 * connections may close or open meanwhile (a closed one loses at most its last 0.2 s); null when
 * /proc does not show them (PostgreSQL on another machine). The samples are asked over one
 * connection that stays open: a new one every 0.2 s would fork a backend each time and load the
 * machine the two sides share.
 */
function sampleBackends(admin: pg.Client, dbName: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let running = true;
  const sample = async (initial: boolean) => {
    for (const [pid, us] of cpuByPid(await backendPids(admin, dbName))) {
      if (!first.has(pid)) first.set(pid, initial ? us : 0);
      last.set(pid, us);
    }
  };
  const started = sample(true);
  const loop = (async () => {
    await started;
    while (running) {
      await new Promise((r) => setTimeout(r, 200));
      await sample(false);
    }
  })();
  return {
    started,
    async stop(): Promise<number | null> {
      running = false;
      await loop;
      await sample(false);
      if (last.size === 0) return null;
      return [...last].reduce((t, [pid, us]) => t + us - first.get(pid)!, 0);
    },
  };
}

/** Backend processes of one database. */
async function backendPids(admin: pg.Client, dbName: string): Promise<number[]> {
  const r = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  return r.rows.map((x) => x.pid);
}

const TICK_US = 10_000; // USER_HZ 100

/** CPU time (user + system, microseconds) of each of these processes that /proc shows (none: remote server). */
function cpuByPid(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * TICK_US);
    } catch {
      // gone, or not on this machine
    }
  }
  return out;
}

/** CPU time of this process's finished children (pgbench), microseconds. */
function childrenCpuUs(): number {
  try {
    const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[13]) + Number(f[14])) * TICK_US;
  } catch {
    return 0;
  }
}
