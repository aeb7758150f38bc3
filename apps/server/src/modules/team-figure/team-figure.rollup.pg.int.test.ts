import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  fund,
  merchantIdOf,
  newAgent,
  newMember,
  openVendorSession,
  vendorCallback,
} from '../../test/factories.js';
import { rows } from '../../platform/sql.js';
import { rollUp, rollUpNow, teamFigures } from './index.js';

/**
 * The roll-up's watermark behind a transaction still in flight. PostgreSQL only (excluded on PGlite
 * by the file name): PGlite runs one connection at a time, so no transaction can hold ids open while
 * another commits later ones.
 */
const VENDOR = 'TFHELD';

let t: TestApp;
let merchantId: number;
let agent: { id: number };
let player: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  merchantId = await merchantIdOf(db);
  await addVendor(db, merchantId, VENDOR);
  agent = await newAgent(db, merchantId);
  const m = await newMember(db, merchantId, { parentId: agent.id, password: null });
  await fund(db, merchantId, m.id, 100_000_000n);
  player = { id: m.id, token: (await openVendorSession(db, merchantId, m.id, VENDOR)).token };
});
afterAll(() => t?.close());

const call = async (op: 'debit' | 'credit', body: Record<string, unknown>) =>
  vendorCallback(t.app, t.database.db, { merchantId, vendor: VENDOR, op, body });
const id = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;

async function teamTotal() {
  const { total } = await teamFigures(t.database.db, {
    merchantId,
    agentId: agent.id,
    from: new Date(Date.now() - 30 * 86_400_000),
    to: new Date(Date.now() + 86_400_000),
  });
  return total;
}

describe('team-figure roll-up on PostgreSQL', () => {
  it('waits for a transaction still in flight below ids already committed', async () => {
    const round = id('held');
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const ready = new Promise<void>((r) => (inserted = r));
    const holder = t.database.withConnection(async (q) => {
      await q('begin');
      await q(`insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, amount, status)
               values (${merchantId}, '${VENDOR}', '${round}-d', 'debit', ${player.id}, '${round}', 70000, 'ok'),
                      (${merchantId}, '${VENDOR}', '${round}-c', 'credit', ${player.id}, '${round}', 0, 'ok')`);
      inserted();
      await held;
      await q('commit');
    });
    await ready;
    // later ids commit while the held ones are in flight
    const r2 = id('r');
    const p = { playerId: String(player.id), roundId: r2 };
    await call('debit', { ...p, token: player.token, txnId: id('d'), amount: '3.00' });
    await call('credit', { ...p, txnId: id('c'), amount: '1.00' });
    await rollUp(t.database.db);
    const [heldId] = await rows<{ id: string }>(
      t.database.db,
      sql`select min(id)::text as id from vendor_txn where vendor_code = ${VENDOR} and txn_id = ${`${round}-d`}`,
    );
    // the held rows are not visible yet, and the round committed after them waits behind the gap
    expect(heldId?.id ?? null).toBeNull();
    const before = await teamTotal();
    expect(before.validBet).toBe(0n);
    release();
    await holder;
    await rollUpNow(t.database.db);
    const after = await teamTotal();
    // both rounds counted once: the held one (700.00) and the later one (3.00)
    expect(after.validBet).toBe(70_300n);
    expect(after.win).toBe(100n);
  });
});
