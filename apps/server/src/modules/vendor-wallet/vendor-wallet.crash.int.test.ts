import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { seedIfEmpty } from '../../seed/index.js';
import { createEventBus } from '../../platform/events.js';
import { systemClock } from '../../platform/module.js';
import { createTestDatabase, DEMO } from '../../test/harness.js';
import { checkLedgerInvariants } from '../ledger/ledger.invariants.js';
import { rows } from '../../platform/sql.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { addVendor, fund, merchantIdOf, newMember } from '../ledger/ledger.test-support.js';
import { signBody } from '../../platform/vendor-signature.js';
import { createVendorWalletService } from './vendor-wallet.service.js';

/**
 * The server process is killed with SIGKILL in the middle of a vendor-callback load and started
 * again on the same database. Every debit the vendor saw acknowledged is in the ledger exactly once;
 * an unacknowledged one is either wholly applied or not at all; the vendor's retries after the
 * restart settle every one of them exactly once; the invariants hold.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VENDOR = 'CRASHV';
const START = 1_000_000n; // 10,000.00
const workers = 8;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let pgUrl: string | undefined;
let pgDb: (Database & { url?: string }) | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  await pgDb?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    GATEWAY_PORT: '0',
    SEED_DEMO: 'false',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : { DATA_DIR: dataDir }),
  };
  if (!pgUrl) delete env.DATABASE_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return proc;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('crash in the middle of vendor callbacks', () => {
  it(
    'keeps every acknowledged debit exactly once and nothing half-applied',
    { timeout: 300_000 },
    async () => {
      // the database: a throwaway PostgreSQL database, or an embedded PGlite directory
      let setup: Database;
      if (process.env.DATABASE_URL) {
        pgDb = await createTestDatabase();
        pgUrl = pgDb.url;
        setup = pgDb;
      } else {
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-crash-'));
        setup = await openDatabase({ dataDir });
      }
      await migrate(setup);
      await seedIfEmpty(setup);
      const merchantId = await merchantIdOf(setup.db);
      const secret = await addVendor(setup.db, merchantId, VENDOR);
      const m = await newMember(setup.db, merchantId);
      await fund(setup.db, merchantId, m.id, START);
      const vendor = createVendorWalletService({
        db: setup.db,
        ledger: createLedgerService({ db: setup.db }),
        clock: systemClock,
        events: createEventBus(),
      });
      const { token } = await vendor.openSession(setup.db, {
        merchantId,
        memberId: m.id,
        vendorCode: VENDOR,
      });
      if (!pgUrl) await setup.close(); // PGlite: one process at a time owns the directory

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      child = await startServer(port);

      type Sent = { txnId: string; amount: bigint; acked: boolean };
      const sent: Sent[] = [];
      const debit = async (txnId: string, amount: bigint) => {
        const raw = JSON.stringify({
          playerId: String(m.id),
          currency: 'BDT',
          token,
          txnId,
          roundId: `round-${txnId}`,
          amount: `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`,
        });
        const res = await fetch(`${base}/vendor/${VENDOR}/wallet/debit`, {
          method: 'POST',
          headers: {
            merchant: DEMO.merchant,
            'content-type': 'application/json',
            'x-signature': signBody(secret, raw),
          },
          body: raw,
          signal: AbortSignal.timeout(10_000),
        });
        return res.status === 200 && ((await res.json()) as { success: boolean }).success;
      };

      let stop = false;
      let n = 0;
      const load = Array.from({ length: workers }, async () => {
        while (!stop) {
          const s: Sent = { txnId: `k${++n}`, amount: BigInt(100 + (n % 7) * 13), acked: false };
          sent.push(s);
          try {
            s.acked = await debit(s.txnId, s.amount);
          } catch {
            return; // connection cut by the kill
          }
        }
      });
      // let the load run, then kill the server without warning
      while (sent.filter((s) => s.acked).length < 60) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGKILL');
      stop = true;
      await Promise.all(load);
      await new Promise<void>((r) =>
        child!.exitCode !== null || child!.signalCode ? r() : child!.once('exit', () => r()),
      );

      const acked = sent.filter((s) => s.acked);
      const unknown = sent.filter((s) => !s.acked);
      expect(acked.length).toBeGreaterThanOrEqual(60);

      // restart on the same database; the vendor retries everything it has no answer for
      child = await startServer(port);
      const retried = await Promise.all(unknown.map((s) => debit(s.txnId, s.amount)));
      expect(retried.every(Boolean)).toBe(true);
      // and a retry of an acknowledged one changes nothing
      expect(await debit(acked[0]!.txnId, acked[0]!.amount)).toBe(true);
      child.kill('SIGTERM');
      await new Promise<void>((r) => child!.once('exit', () => r()));
      child = undefined;

      const check = pgUrl ? pgDb! : await openDatabase({ dataDir });
      try {
        const applied = await rows<{
          txn_id: string;
          amount: bigint;
          entry_id: bigint | null;
          status: string;
        }>(
          check.db,
          sql`select txn_id, amount, entry_id, status from vendor_txn where member_id = ${m.id} and op = 'debit'`,
        );
        const byId = new Map(applied.map((r) => [r.txn_id, r]));
        // every debit the vendor sent is in exactly once (the unique index makes twice impossible)
        expect(applied.length).toBe(sent.length);
        for (const s of sent) {
          const r = byId.get(s.txnId);
          expect(r?.status, s.txnId).toBe('ok');
          expect(BigInt(r!.amount)).toBe(s.amount);
          expect(r!.entry_id).not.toBeNull();
        }
        const [bal] = await rows<{ balance: bigint }>(
          check.db,
          sql`select balance from ledger_account where member_id = ${m.id} and code = 'main'`,
        );
        const total = sent.reduce((a, s) => a + s.amount, 0n);
        expect(BigInt(bal!.balance)).toBe(START - total);
        expect(await checkLedgerInvariants(check.db)).toEqual([]);
      } finally {
        if (!pgUrl) await check.close();
      }
    },
  );
});
