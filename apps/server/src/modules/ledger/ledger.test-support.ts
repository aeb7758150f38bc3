import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { systemClock } from '../../platform/module.js';
import { createMemberService, type MemberRow } from '../member/member.service.js';
import { DEMO } from '../../test/harness.js';
import { createLedgerService } from './ledger.service.js';
import { checkLedgerInvariants } from './ledger.invariants.js';
import { rows } from '../../platform/sql.js';

/** Factories for tests that move money: members, funding, vendors, and the invariant check. */

export async function merchantIdOf(db: Db, code: string = DEMO.merchant): Promise<number> {
  const [r] = await rows<{ id: number }>(db, sql`select id from merchant where code = ${code}`);
  return r!.id;
}

export const TEST_PASSWORD = 'Passw0rd!x';

export async function newMember(
  db: Db,
  merchantId: number,
  opts: { username?: string; type?: number; parentId?: number | null; paymentPassword?: string } = {},
): Promise<MemberRow> {
  const members = createMemberService({ db, clock: systemClock });
  return db.transaction((tx) =>
    members.createMember(tx, {
      merchantId,
      username: opts.username ?? `u${randomBytes(5).toString('hex')}`,
      password: TEST_PASSWORD,
      type: opts.type ?? 0,
      parentId: opts.parentId ?? null,
      paymentPassword: opts.paymentPassword ?? null,
    }),
  );
}

/** Credits a member's MAIN from the house adjustment account (an operator top-up). */
export async function fund(db: Db, merchantId: number, memberId: number, minor: bigint) {
  const ledger = createLedgerService({ db });
  await ledger.transaction((tx) =>
    ledger.post(tx, {
      merchantId,
      key: `test_fund:${randomBytes(8).toString('hex')}`,
      type: 'adjustment',
      memberId,
      lines: [
        { account: { house: 'adjustment' }, amount: -minor },
        { account: { memberId, code: 'main' }, amount: minor },
      ],
    }),
  );
}

export async function addVendor(
  db: Db,
  merchantId: number,
  code: string,
  opts: { secret?: string; walletMode?: 'seamless' | 'transfer'; errorCodes?: Record<string, string> } = {},
) {
  const secret = opts.secret ?? `secret-${code}-${randomBytes(8).toString('hex')}`;
  await db.execute(
    sql`insert into merchant_vendor (merchant_id, vendor_code, display_name, wallet_mode, api_secret, error_codes)
        values (${merchantId}, ${code}, ${code}, ${opts.walletMode ?? 'seamless'}, ${secret},
                ${JSON.stringify(opts.errorCodes ?? {})}::jsonb)`,
  );
  return secret;
}

export async function expectLedgerInvariants(db: Db) {
  expect(await checkLedgerInvariants(db)).toEqual([]);
}

export async function mainBalance(db: Db, memberId: number): Promise<bigint> {
  const [r] = await rows<{ balance: bigint }>(
    db,
    sql`select balance from ledger_account where member_id = ${memberId} and code = 'main'`,
  );
  return r ? BigInt(r.balance) : 0n;
}
