import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../ledger/ledger.repo.js';

export interface VendorSessionRow {
  id: bigint;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  game_code: string | null;
  mode: 'real' | 'trial';
  expires_at: Date | string;
}

export interface VendorTxnRow {
  id: bigint;
  txn_id: string;
  op: 'debit' | 'credit' | 'rollback';
  member_id: number;
  round_id: string;
  ref_txn_id: string | null;
  amount: bigint;
  status: 'ok' | 'failed' | 'tombstone';
  error_code: string | null;
  entry_id: bigint | null;
  rolled_back: boolean;
}

export interface NewVendorTxn {
  merchantId: number;
  vendorCode: string;
  txnId: string;
  op: VendorTxnRow['op'];
  memberId: number;
  roundId: string;
  refTxnId: string | null;
  gameCode: string | null;
  amount: bigint;
  status: VendorTxnRow['status'];
  errorCode: string | null;
  entryId: bigint | null;
  balanceAfter: bigint | null;
}

const cols = sql`id, txn_id, op, member_id, round_id, ref_txn_id, amount, status, error_code, entry_id, rolled_back`;

export const vendorWalletRepo = {
  async insertSession(
    db: Executor,
    s: {
      merchantId: number;
      memberId: number;
      vendorCode: string;
      tokenHash: Buffer;
      gameCode: string | null;
      mode: 'real' | 'trial';
      expiresAt: Date;
    },
  ) {
    await db.execute(
      sql`insert into vendor_session (merchant_id, member_id, vendor_code, token_hash, game_code, mode, expires_at)
          values (${s.merchantId}, ${s.memberId}, ${s.vendorCode}, ${s.tokenHash}, ${s.gameCode}, ${s.mode},
                  ${s.expiresAt.toISOString()}::timestamptz)`,
    );
  },

  async findSession(db: Executor, tokenHash: Buffer) {
    const [r] = await rows<VendorSessionRow>(
      db,
      sql`select id, merchant_id, member_id, vendor_code, game_code, mode, expires_at from vendor_session
          where token_hash = ${tokenHash}`,
    );
    return r;
  },

  async extendSession(db: Executor, id: bigint, expiresAt: Date) {
    await db.execute(
      sql`update vendor_session set expires_at = greatest(expires_at, ${expiresAt.toISOString()}::timestamptz)
          where id = ${id.toString()}::bigint`,
    );
  },

  async findTxn(db: Executor, merchantId: number, vendorCode: string, txnId: string, op: VendorTxnRow['op']) {
    const [r] = await rows<VendorTxnRow>(
      db,
      sql`select ${cols} from vendor_txn where merchant_id = ${merchantId} and vendor_code = ${vendorCode}
          and txn_id = ${txnId} and op = ${op}`,
    );
    return r;
  },

  /** The transaction with this id and op, and whether a rollback already named it (one round trip). */
  async findWithTombstone(
    db: Executor,
    merchantId: number,
    vendorCode: string,
    txnId: string,
    op: VendorTxnRow['op'],
  ) {
    const list = await rows<VendorTxnRow>(
      db,
      sql`select ${cols} from vendor_txn where merchant_id = ${merchantId} and vendor_code = ${vendorCode}
          and ((txn_id = ${txnId} and op = ${op}) or (op = 'rollback' and ref_txn_id = ${txnId}))`,
    );
    return {
      stored: list.find((r) => r.txn_id === txnId && r.op === op),
      tombstone: list.some((r) => r.op === 'rollback' && r.ref_txn_id === txnId),
    };
  },

  async findTombstone(db: Executor, merchantId: number, vendorCode: string, debitTxnId: string) {
    const [r] = await rows<VendorTxnRow>(
      db,
      sql`select ${cols} from vendor_txn where merchant_id = ${merchantId} and vendor_code = ${vendorCode}
          and op = 'rollback' and ref_txn_id = ${debitTxnId} limit 1`,
    );
    return r;
  },

  roundTxns(db: Executor, merchantId: number, vendorCode: string, memberId: number, roundId: string) {
    return rows<VendorTxnRow>(
      db,
      sql`select ${cols} from vendor_txn where merchant_id = ${merchantId} and vendor_code = ${vendorCode}
          and member_id = ${memberId} and round_id = ${roundId} and status = 'ok'`,
    );
  },

  async insertTxn(db: Executor, t: NewVendorTxn) {
    await db.execute(
      sql`insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, game_code,
            amount, status, error_code, entry_id, balance_after)
          values (${t.merchantId}, ${t.vendorCode}, ${t.txnId}, ${t.op}, ${t.memberId}, ${t.roundId}, ${t.refTxnId},
            ${t.gameCode}, ${t.amount.toString()}::bigint, ${t.status}, ${t.errorCode},
            ${t.entryId === null ? null : t.entryId.toString()}::bigint,
            ${t.balanceAfter === null ? null : t.balanceAfter.toString()}::bigint)`,
    );
  },

  async markRolledBack(db: Executor, id: bigint) {
    await db.execute(sql`update vendor_txn set rolled_back = true where id = ${id.toString()}::bigint`);
  },

  async member(db: Executor, merchantId: number, memberId: number) {
    const [r] = await rows<{ id: number; type: number; status: string }>(
      db,
      sql`select id, type, status from member where merchant_id = ${merchantId} and id = ${memberId}`,
    );
    return r;
  },
};
