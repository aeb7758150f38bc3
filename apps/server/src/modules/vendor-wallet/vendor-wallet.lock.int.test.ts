import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../platform/events.js';
import { systemClock } from '../../platform/module.js';
import { rows } from '../../platform/sql.js';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { addVendor, expectLedgerInvariants, fund, merchantIdOf, newMember } from '../../test/factories.js';
import { createLedgerService } from '../ledger/index.js';
import { createVendorWalletService } from './vendor-wallet.service.js';
import type { WalletOpResult } from './wallet-batcher.js';

/**
 * The wallet's lock statement finds the rows it locks by their keys (migration 0093): a batch reads
 * its house row through the house index, not every house row of every merchant and vendor (64
 * buckets each), which made each callback's cost grow with the operator's catalogue. Counted with
 * the index's statistics on a database of one connection, so the counts are this batch's own.
 */
const VENDOR = 'LOCKV';
/** Other vendors of the merchant, each with a house row in every bucket (64). */
const OTHER_VENDORS = 40;

let database: TestDatabase;
let merchantId: number;
const players: { id: number; tokenHash: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ content: 'seeded', poolMax: 1 });
  merchantId = await merchantIdOf(database.db);
  await addVendor(database.db, merchantId, VENDOR);
  const vendor = createVendorWalletService({
    db: database.db,
    ledger: createLedgerService({ db: database.db }),
    clock: systemClock,
    events: createEventBus(),
  });
  for (let i = 0; i < 4; i++) {
    const m = await newMember(database.db, merchantId, { password: null });
    await fund(database.db, merchantId, m.id, 10_000n);
    const { token } = await vendor.openSession(database.db, {
      merchantId,
      memberId: m.id,
      vendorCode: VENDOR,
    });
    players.push({ id: m.id, tokenHash: createHash('sha256').update(token).digest('hex') });
  }
  await database.db.execute(
    sql`insert into ledger_account (merchant_id, code, bucket)
        select ${merchantId}, 'game:OTHER' || v, b from generate_series(1, ${OTHER_VENDORS}::integer) v, generate_series(0, 63) b`,
  );
});
afterAll(() => database.close());

let round = 0;
async function debits(): Promise<WalletOpResult[]> {
  round++;
  const payload = JSON.stringify(
    players.map((p, i) => ({
      op: 'debit',
      merchantId,
      vendor: VENDOR,
      memberId: p.id,
      txnId: `d${round}-${i}`,
      roundId: `r${round}-${i}`,
      amount: '100',
      tokenHash: p.tokenHash,
      now: new Date().toISOString(),
      houseBucket: 5,
    })),
  );
  const [row] = await rows<{ r: WalletOpResult[] | string }>(
    database.db,
    sql`select vendor_wallet_apply(${payload}::jsonb) as r`,
  );
  const r = row!.r;
  return typeof r === 'string' ? (JSON.parse(r) as WalletOpResult[]) : r;
}

/** Index entries read through the house index so far, as the statistics show them (flushed first). */
async function houseIndexReads(): Promise<number> {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [r] = await rows<{ n: string }>(
    database.db,
    sql`select idx_tup_read::text as n from pg_stat_user_indexes where indexrelname = 'ledger_account_house_uq'`,
  );
  return Number(r!.n);
}

describe('vendor_wallet_apply lock statement', () => {
  it('reads the batch house row by its key, not every house row', async () => {
    // the first batch creates the bucket's house row
    expect((await debits()).map((r) => r.code)).toEqual([null, null, null, null]);
    const before = await houseIndexReads();
    const answers = await debits();
    const read = (await houseIndexReads()) - before;
    expect(answers.map((r) => [r.code, r.changed])).toEqual(players.map(() => [null, true]));
    expect(answers.map((r) => r.balance)).toEqual(players.map(() => '9800'));
    // a handful of keyed look-ups (lock and fast path), against thousands for a pass over the index
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(50);
    await expectLedgerInvariants(database.db);
  });
});
