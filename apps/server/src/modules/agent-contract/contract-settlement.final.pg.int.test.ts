import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestDatabase } from '../../test/harness.js';
import {
  addVendor,
  expectLedgerInvariants,
  fund,
  mainBalance,
  merchantIdOf,
  newAgent,
  newMember,
  openVendorSession,
  settleWin,
} from '../../test/factories.js';
import { rows } from '../../platform/sql.js';
import { createLedgerService } from '../ledger/index.js';
import { createContractSettlement, seedContract } from './index.js';

/**
 * A calendar period is settled only once its figures are final: every wallet transaction that began
 * before the period's end has ended and the roll-up has counted what it wrote. Here a bet is still
 * in flight (its transaction open, on a connection of its own) when the scheduled run comes, and a
 * round played after it has committed: a run must not pay on the figures without them (it would pay
 * the contract once, too little, for good). PostgreSQL only: PGlite has one connection, nothing is
 * ever in flight beside a run.
 */
const LATE = 'CFINALA';
const INFLIGHT = 'CFINALB';
let t: TestApp;
let merchantId: number;
let other: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  await addVendor(t.database.db, merchantId, LATE);
  await addVendor(t.database.db, merchantId, INFLIGHT);
  other = new pg.Client({ connectionString: (t.database as TestDatabase).url });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

const db = () => t.database.db;

async function player(parentId: number) {
  const p = await newMember(db(), merchantId, { parentId, password: null });
  await fund(db(), merchantId, p.id, 1_000_000n);
  return p;
}

describe('contract settlement of a period whose figures are not final', () => {
  it('waits for the bets in flight at the period’s end, then pays on all of them once', async () => {
    const settlement = createContractSettlement({ db: db(), ledger: createLedgerService({ db: db() }) });
    const a = await newAgent(db(), merchantId, { password: null });
    const contractId = await db().transaction((tx) =>
      seedContract(
        tx,
        { id: merchantId, currencyDecimals: 2 },
        { uplineId: null, downlineId: a.id, status: 'active', at: new Date(Date.now() - 60_000) },
        { kind: 'dailySalary', tiers: [{ validBet: '0', activeMembers: 0, rate: '1' }] },
      ),
    );
    const [p1, p2, p3] = [await player(a.id), await player(a.id), await player(a.id)];
    await settleWin(t.app, db(), {
      merchantId,
      memberId: p1.id,
      vendor: LATE,
      gameCode: 'g',
      bet: '100',
      win: '0',
    });

    // p2's round is in its wallet transaction (bet and win applied, not committed yet)
    const session = await openVendorSession(db(), merchantId, p2.id, INFLIGHT);
    const op = {
      merchantId,
      vendor: INFLIGHT,
      memberId: p2.id,
      now: new Date().toISOString(),
      houseBucket: 0,
    };
    const round = `r-${randomBytes(6).toString('hex')}`;
    await other.query('begin');
    const [applied] = (
      await other.query<{ r: { code: string | null }[] }>('select vendor_wallet_apply($1::jsonb) as r', [
        JSON.stringify([
          {
            ...op,
            op: 'debit',
            txnId: `d-${round}`,
            roundId: round,
            amount: '5000',
            tokenHash: createHash('sha256').update(session.token).digest('hex'),
          },
          { ...op, op: 'credit', txnId: `c-${round}`, roundId: round, amount: '0' },
        ]),
      ])
    ).rows;
    expect(applied!.r.map((x) => x.code)).toEqual([null, null]);
    // and p3 played after it began, committed
    await settleWin(t.app, db(), {
      merchantId,
      memberId: p3.id,
      vendor: LATE,
      gameCode: 'g',
      bet: '200',
      win: '0',
    });

    const tomorrow = new Date(Date.now() + 86_400_000);
    const payouts = () =>
      rows<{ amount: string; paid: string }>(
        db(),
        sql`select amount::text, paid::text from contract_payout where contract_id = ${contractId}`,
      );
    await settlement.settleDue(tomorrow);
    // nothing yet: the day's figures are not final while p2's transaction is open
    expect(await payouts()).toEqual([]);

    await other.query('commit');
    await settlement.settleDue(tomorrow);
    // 1 % of 100.00 + 50.00 + 200.00
    expect(await payouts()).toEqual([{ amount: '350', paid: '350' }]);
    await settlement.settleDue(tomorrow);
    expect(await mainBalance(db(), a.id)).toBe(350n);
    await expectLedgerInvariants(db());
  });
});
