import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { createEventBus } from '../platform/events.js';
import { systemClock } from '../platform/module.js';
import { createTestDatabase, DEMO, type TestDatabase } from '../test/harness.js';
import { fund, merchantIdOf, newMember } from '../test/factories.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { checkLedgerInvariants } from '../modules/ledger/index.js';
import { rows } from '../platform/sql.js';
import { vendorWalletServiceFor } from '../modules/vendor-wallet/index.js';
import { createGameSessionService } from './game-session.service.js';
import { gameOfKind } from '../test/games.js';

/**
 * The game server is killed with SIGKILL while many spins are in flight (outcome written, debit or
 * credit on its way) and started again on the same database. Its recovery (run at boot) finishes
 * every round: settled (debit + credit) or rolled back (refunded, or a tombstone when the debit never
 * arrived), never half-applied; the balance is what the settled rounds say; the invariants hold.
 */
const START = 1_000_000n;
const workers = 8;
// the restarted server finishes what the killed one left open at once; the first one must not take
// its own slow rounds under load for abandoned ones (the job engine runs recovery as it starts, the
// periodic schedule's first tick, besides the boot's own run)
const env = { GAME_RECOVERY_AGE_MS: '500' };
const firstEnv = { GAME_RECOVERY_AGE_MS: '600000' };

let child: ServerProcess | undefined;
let setup: TestDatabase | undefined;
afterAll(async () => {
  await child?.stop('SIGKILL');
  await setup?.close();
});

describe('the game server killed mid-round', () => {
  it('leaves every round settled or rolled back, never half-applied', { timeout: 400_000 }, async () => {
    // a clone of the run's migrated, seeded template (PostgreSQL database or PGlite directory)
    setup = await createTestDatabase({ content: 'seeded' });
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
    if (setup.dataDir) await setup.disconnect(); // PGlite: one process at a time owns the directory

    // the first start takes a free port itself; the restart keeps it, as clients know it
    child = await startServerProcess({ database: setup, env: firstEnv });
    const { port, base } = child;

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
    let answered = 0;
    let reached = () => {};
    const fortyAnswered = new Promise<void>((r) => (reached = r));
    const load = Array.from({ length: workers }, async () => {
      while (!stopLoad) {
        const s: Sent = { requestId: `k${randomBytes(8).toString('hex')}` };
        sent.push(s);
        try {
          await roll(s);
          if (s.answer && ++answered >= 40) reached();
        } catch {
          return; // connection cut by the kill
        }
      }
    });
    // (or until the load gives up; the checks below then fail)
    await Promise.race([fortyAnswered, Promise.all(load)]);
    await child.stop('SIGKILL');
    stopLoad = true;
    await Promise.all(load);
    const acked = sent.filter((s) => s.answer);

    // restart: recovery runs at boot; wait for it to finish, then stop cleanly
    child = await startServerProcess({ database: setup, port, env });
    // PGlite: the child owns the directory, so the rounds cannot be watched from here; its shutdown
    // waits for the boot's recovery run (main.ts stops the job engine before closing the server)
    if (!setup.dataDir) {
      const open = async () => {
        const [r] = await rows<{ n: number }>(
          setup!.db,
          sql`select count(*)::int as n from gs_round
              where member_id = ${m.id} and status not in ('settled', 'rolled_back')`,
        );
        return Number(r!.n);
      };
      await vi.waitFor(async () => expect(await open()).toBe(0), { timeout: 60_000, interval: 100 });
    }
    await child.stop('SIGTERM');
    child = undefined;

    const check: Database = setup.dataDir ? await openDatabase({ dataDir: setup.dataDir }) : setup;
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
      if (check !== setup) await check.close();
    }
  });
});
