import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedIfEmpty } from '../seed/index.js';
import { createEventBus } from '../platform/events.js';
import { systemClock } from '../platform/module.js';
import { createTestDatabase, DEMO } from '../test/harness.js';
import { checkLedgerInvariants } from '../modules/ledger/ledger.invariants.js';
import { rows } from '../platform/sql.js';
import { fund, merchantIdOf, newMember } from '../modules/ledger/ledger.test-support.js';
import { vendorWalletServiceFor } from '../modules/vendor-wallet/register.js';
import { createGameSessionService } from './game-session.service.js';
import { gameOfKind } from './game-server.test-support.js';

/**
 * The game server is killed with SIGKILL while many spins are in flight (outcome written, debit or
 * credit on its way) and started again on the same database. Its recovery (run at boot) finishes
 * every round: settled (debit + credit) or rolled back (refunded, or a tombstone when the debit never
 * arrived), never half-applied; the balance is what the settled rounds say; the invariants hold.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START = 1_000_000n;
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
    GAME_CLIENT_DIST: '',
    GATEWAY_PORT: '0',
    SEED_DEMO: 'false',
    // the restarted server finishes what the killed one left open at once
    GAME_RECOVERY_AGE_MS: '500',
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
  const deadline = Date.now() + 120_000;
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

const stop = (p: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((r) => {
    if (p.exitCode !== null || p.signalCode) return r();
    p.once('exit', () => r());
    p.kill(signal);
  });

describe('the game server killed mid-round', () => {
  it('leaves every round settled or rolled back, never half-applied', { timeout: 400_000 }, async () => {
    let setup: Database;
    if (process.env.DATABASE_URL) {
      pgDb = await createTestDatabase();
      pgUrl = pgDb.url;
      setup = pgDb;
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-gs-crash-'));
      setup = await openDatabase({ dataDir });
    }
    await migrate(setup);
    await seedIfEmpty(setup);
    const merchantId = await merchantIdOf(setup.db);
    const m = await newMember(setup.db, merchantId);
    await fund(setup.db, merchantId, m.id, START);
    const game = await gameOfKind(setup.db, 'dice');
    // what a launch does: a vendor session and a game session (made here: PGlite has one owner at a time)
    const events = createEventBus();
    const vendor = await vendorWalletServiceFor({ db: setup.db, events, clock: systemClock }).openSession(
      setup.db,
      {
        merchantId,
        memberId: m.id,
        vendorCode: game.vendor,
        gameCode: game.gameCode,
      },
    );
    const sessions = createGameSessionService({ db: setup.db, clock: systemClock });
    const launchToken = await sessions.issueLaunch(setup.db, {
      merchant_id: merchantId,
      member_id: m.id,
      node_id: game.nodeId,
      vendor_code: game.vendor,
      game_code: game.gameCode,
      kind: 'dice',
      mode: 'real',
      language: 'en',
      vendor_token: vendor.token,
    });
    const { sessionToken } = await sessions.exchange({ id: merchantId, currencyDecimals: 2 }, launchToken);
    if (!pgUrl) await setup.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await startServer(port);

    type Sent = { requestId: string; answer?: { roundId: string; bet: string; win: string } };
    const sent: Sent[] = [];
    const roll = async (s: Sent) => {
      const res = await fetch(`${base}/gs/api/dice/roll`, {
        method: 'POST',
        headers: {
          merchant: DEMO.merchant,
          'content-type': 'application/json',
          'x-game-session': sessionToken,
        },
        body: JSON.stringify({ bet: '3.00', target: '49.50', over: true, requestId: s.requestId }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as { success: boolean; value: Sent['answer'] };
      if (res.status === 200 && body.success) s.answer = body.value;
    };
    let stopLoad = false;
    const load = Array.from({ length: workers }, async () => {
      while (!stopLoad) {
        const s: Sent = { requestId: `k${randomBytes(8).toString('hex')}` };
        sent.push(s);
        try {
          await roll(s);
        } catch {
          return; // connection cut by the kill
        }
      }
    });
    while (sent.filter((s) => s.answer).length < 40) await new Promise((r) => setTimeout(r, 20));
    await stop(child, 'SIGKILL');
    stopLoad = true;
    await Promise.all(load);
    const acked = sent.filter((s) => s.answer);

    // restart: recovery runs at boot; give it a moment, then stop cleanly
    child = await startServer(port);
    await new Promise((r) => setTimeout(r, 5000));
    await stop(child, 'SIGTERM');
    child = undefined;

    const check = pgUrl ? pgDb! : await openDatabase({ dataDir });
    try {
      const rounds = await rows<{
        id: string;
        status: string;
        stake: bigint;
        win: bigint;
        request_id: string;
      }>(check.db, sql`select id, status, stake, win, request_id from gs_round where member_id = ${m.id}`);
      const txns = await rows<{
        txn_id: string;
        op: string;
        amount: bigint;
        status: string;
        rolled_back: boolean;
      }>(
        check.db,
        sql`select txn_id, op, amount, status, rolled_back from vendor_txn where member_id = ${m.id}`,
      );
      const txn = (id: string, op: string) => txns.find((x) => x.txn_id === id && x.op === op);
      // the kill caught rounds in flight: written, with or without their wallet calls
      expect(rounds.length).toBeGreaterThan(acked.length);
      const recovered = rounds.filter((r) => !acked.some((s) => s.requestId === r.request_id));
      console.info(
        `killed with ${acked.length} spins answered; ${recovered.length} open rounds finished by recovery: ` +
          `${recovered.filter((r) => r.status === 'settled').length} settled, ` +
          `${recovered.filter((r) => r.status === 'rolled_back').length} rolled back`,
      );
      const statuses = new Set(rounds.map((r) => r.status));
      expect([...statuses].every((s) => s === 'settled' || s === 'rolled_back')).toBe(true);
      let expected = START;
      for (const r of rounds) {
        const debit = txn(`${r.id}:bet`, 'debit');
        const credit = txn(`${r.id}:win`, 'credit');
        if (r.status === 'settled') {
          expect(debit).toMatchObject({ status: 'ok', rolled_back: false });
          expect(BigInt(debit!.amount)).toBe(BigInt(r.stake));
          expect(credit?.status).toBe('ok');
          expect(BigInt(credit!.amount)).toBe(BigInt(r.win));
          expected += BigInt(r.win) - BigInt(r.stake);
        } else {
          // refunded, or never taken (a tombstone keeps a late debit out)
          expect(credit).toBeUndefined();
          const rb = txn(`${r.id}:rb`, 'rollback');
          expect(rb).toBeDefined();
          if (debit && debit.status === 'ok') expect(debit.rolled_back).toBe(true);
        }
      }
      // every spin the player saw answered is settled with the outcome it was shown
      const byRequest = new Map(rounds.map((r) => [r.request_id, r]));
      for (const s of acked) {
        const r = byRequest.get(s.requestId)!;
        expect(r.status).toBe('settled');
        expect(r.id).toBe(s.answer!.roundId);
      }
      const [bal] = await rows<{ balance: bigint }>(
        check.db,
        sql`select balance from ledger_account where member_id = ${m.id} and code = 'main'`,
      );
      expect(BigInt(bal!.balance)).toBe(expected);
      expect(await checkLedgerInvariants(check.db)).toEqual([]);
    } finally {
      if (!pgUrl) await check.close();
    }
  });
});
