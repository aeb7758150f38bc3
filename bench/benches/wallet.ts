/**
 * Seamless-wallet throughput against PostgreSQL: vendor debit + credit callbacks over HTTP through
 * the whole app (signature check, merchant resolution, validation, the player's row lock, idempotency
 * look-up, balanced ledger entry, vendor transaction record, commit), measured side by side with
 * `pgbench -N` (simple update) on the same PostgreSQL server at the same client count. The ratio is
 * wallet operations per second / pgbench transactions per second.
 *
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); both runs use
 * throwaway databases on it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.js';
import { createTestDatabase } from '../../apps/server/src/test/harness.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { seedIfEmpty } from '../../apps/server/src/db/seed/index.js';
import { buildApp } from '../../apps/server/src/app.js';
import { createEventBus } from '../../apps/server/src/platform/events.js';
import { systemClock } from '../../apps/server/src/platform/module.js';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.js';
import {
  addVendor,
  fund,
  merchantIdOf,
  newMember,
} from '../../apps/server/src/modules/ledger/ledger.test-support.js';
import { createVendorWalletService } from '../../apps/server/src/modules/vendor-wallet/vendor-wallet.service.js';
import { benchLine } from '../lib.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PLAYERS = CLIENTS * 4;
const VENDOR = 'BENCHV';

export async function run(seconds: number) {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const serverUrl = process.env.DATABASE_URL;
  const database = await createTestDatabase({ poolMax: CLIENTS });
  await migrate(database);
  await seedIfEmpty(database);
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

  // the load generator runs in a worker thread, so it does not share the app's event loop
  process.env.BENCH_WALLET = JSON.stringify({ secret, players });
  const here = path.dirname(fileURLToPath(import.meta.url));
  const requests = [
    {
      method: 'POST',
      path: `/vendor/${VENDOR}/wallet/debit`,
      setupRequest: path.join(here, 'wallet-debit.cjs'),
    },
    {
      method: 'POST',
      path: `/vendor/${VENDOR}/wallet/credit`,
      setupRequest: path.join(here, 'wallet-credit.cjs'),
    },
  ];
  const go = (duration: number) =>
    autocannon({
      url: base,
      connections: CLIENTS,
      duration,
      pipelining: 1,
      workers: 1,
      requests: requests as unknown as autocannon.Request[],
    } as autocannon.Options);
  await go(2);
  const ours = await go(seconds);
  if (ours.non2xx > 0 || ours.errors > 0)
    throw new Error(`wallet bench: ${ours.non2xx} non-2xx, ${ours.errors} errors`);
  await app.close();
  await database.close();

  // the reference: pgbench -N (simple update) with as many clients, on a throwaway database
  const dbName = `bp_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  let tps = 0;
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url.toString()], { stdio: 'ignore' });
    const out = execFileSync(
      'pgbench',
      ['-N', '-c', String(CLIENTS), '-j', '2', '-T', String(seconds), url.toString()],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  const opsPerSec = ours.requests.average;
  return benchLine('wallet', {
    ratio: (opsPerSec / tps).toFixed(3),
    ours: `${opsPerSec.toFixed(0)}ops/s`,
    reference: `${tps.toFixed(0)}tps`,
    clients: CLIENTS,
    p50_ms: ours.latency.p50,
    p99_ms: ours.latency.p99,
  });
}
