import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface VendorSessionRow {
  id: bigint;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  game_code: string | null;
  mode: 'real' | 'trial';
  expires_at: Date | string;
}

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

  async member(db: Executor, merchantId: number, memberId: number) {
    const [r] = await rows<{ id: number; type: number; status: string }>(
      db,
      sql`select id, type, status from member where merchant_id = ${merchantId} and id = ${memberId}`,
    );
    return r;
  },

  /**
   * The playable balance (minor units): MAIN less its holds, plus the bonus account while the member
   * has an open bonus (member_bonus_state, as the wallet function reads it).
   */
  async playable(db: Executor, memberId: number): Promise<bigint> {
    const [r] = await rows<{ b: string }>(
      db,
      sql`select coalesce(sum(case when a.code = 'main' then a.balance - a.held else a.balance end), 0)::text as b
          from ledger_account a
          where a.member_id = ${memberId}
            and (a.code = 'main' or (a.code = 'bonus'
              and exists (select 1 from member_bonus_state s where s.member_id = ${memberId})))`,
    );
    return BigInt(r?.b ?? '0');
  },
};
