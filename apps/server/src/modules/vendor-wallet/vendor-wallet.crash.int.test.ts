import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { createEventBus } from '../../platform/events.js';
import { systemClock } from '../../platform/module.js';
import { createTestDatabase, DEMO, type TestDatabase } from '../../test/harness.js';
import { addVendor, fund, merchantIdOf, newMember } from '../../test/factories.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { checkLedgerInvariants, createLedgerService } from '../ledger/index.js';
import { rows } from '../../platform/sql.js';
import { signBody } from '../../platform/vendor-signature.js';
import { createVendorWalletService } from './vendor-wallet.service.js';

/**
 * The server process is killed with SIGKILL in the middle of a vendor-callback load and started
 * again on the same database. Every debit the vendor saw acknowledged is in the ledger exactly once;
 * an unacknowledged one is either wholly applied or not at all; the vendor's retries after the
 * restart settle every one of them exactly once; the invariants hold.
 */
const VENDOR = 'CRASHV';
const START = 1_000_000n; // 10,000.00
const workers = 8;

let child: ServerProcess | undefined;
let setup: TestDatabase | undefined;
afterAll(async () => {
  await child?.stop('SIGKILL');
  await setup?.close();
});

describe('crash in the middle of vendor callbacks', () => {
  it(
    'keeps every acknowledged debit exactly once and nothing half-applied',
    { timeout: 300_000 },
    async () => {
      // a clone of the run's migrated, seeded template (PostgreSQL database or PGlite directory)
      setup = await createTestDatabase({ content: 'seeded' });
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
      if (setup.dataDir) await setup.disconnect(); // PGlite: one process at a time owns the directory

      // the first start takes a free port itself; the restart keeps it, as clients know it
      child = await startServerProcess({ database: setup });
      const { port, base } = child;

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
      let ackedCount = 0;
      let reached = () => {};
      const sixtyAcked = new Promise<void>((r) => (reached = r));
      const load = Array.from({ length: workers }, async () => {
        while (!stop) {
          const s: Sent = { txnId: `k${++n}`, amount: BigInt(100 + (n % 7) * 13), acked: false };
          sent.push(s);
          try {
            s.acked = await debit(s.txnId, s.amount);
            if (s.acked && ++ackedCount >= 60) reached();
          } catch {
            return; // connection cut by the kill
          }
        }
      });
      // let the load run, then kill the server without warning
      // (or until the load gives up, which the count below then shows)
      await Promise.race([sixtyAcked, Promise.all(load)]);
      await child.stop('SIGKILL');
      stop = true;
      await Promise.all(load);

      const acked = sent.filter((s) => s.acked);
      const unknown = sent.filter((s) => !s.acked);
      expect(acked.length).toBeGreaterThanOrEqual(60);

      // restart on the same database; the vendor retries everything it has no answer for
      child = await startServerProcess({ database: setup, port });
      const retried = await Promise.all(unknown.map((s) => debit(s.txnId, s.amount)));
      expect(retried.every(Boolean)).toBe(true);
      // and a retry of an acknowledged one changes nothing
      expect(await debit(acked[0]!.txnId, acked[0]!.amount)).toBe(true);
      await child.stop('SIGTERM');
      child = undefined;

      const check: Database = setup.dataDir ? await openDatabase({ dataDir: setup.dataDir }) : setup;
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
        if (check !== setup) await check.close();
      }
    },
  );
});
