import { sql, type SQL } from 'drizzle-orm';
import type { TBetStatus, TGameType } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface BetFilter {
  merchantId: number;
  memberId: number;
  from: Date;
  to: Date;
  vendor?: string;
  gameType?: TGameType;
  status?: TBetStatus;
}

export interface BetRoundRow {
  vendor_code: string;
  round_id: string;
  game_code: string | null;
  bet: bigint | string;
  win: bigint | string;
  status: TBetStatus;
  bet_time: Date | string;
  settle_time: Date | string | null;
  names: Record<string, string> | null;
  game_type: TGameType | null;
  vendor_names: Record<string, string> | null;
  display_name: string | null;
}

/**
 * A player's rounds from the seamless-wallet journal: one row per (vendor, round) with at least one
 * applied debit, dated by its first movement. Stake is net of rollbacks; a round whose every debit was
 * rolled back is cancelled, one with a credit settled, else unsettled.
 */
function rounds(f: BetFilter, oneRound?: { vendor: string; roundId: string }): SQL {
  return sql`with r as (
      select t.vendor_code, t.round_id, max(t.game_code) as game_code,
             coalesce(sum(t.amount) filter (where t.op = 'debit' and not t.rolled_back), 0)::bigint as bet,
             coalesce(sum(t.amount) filter (where t.op = 'credit'), 0)::bigint as win,
             case when count(*) filter (where t.op = 'debit' and not t.rolled_back) = 0 then 'cancelled'
                  when count(*) filter (where t.op = 'credit') > 0 then 'settled'
                  else 'unsettled' end as status,
             min(t.created_at) as bet_time,
             max(t.created_at) filter (where t.op = 'credit') as settle_time
        from vendor_txn t
       where t.member_id = ${f.memberId} and t.merchant_id = ${f.merchantId} and t.status = 'ok'
         ${oneRound ? sql`and t.vendor_code = ${oneRound.vendor} and t.round_id = ${oneRound.roundId}` : sql`and t.created_at >= ${f.from.toISOString()}::timestamptz and t.created_at < ${f.to.toISOString()}::timestamptz`}
         ${f.vendor ? sql`and t.vendor_code = ${f.vendor}` : sql``}
       group by t.vendor_code, t.round_id
      having count(*) filter (where t.op = 'debit') > 0
    )
    select r.*, g.names, g.game_type, v.names as vendor_names, mv.display_name
      from r
      left join game g on g.vendor_code = r.vendor_code and g.game_code = r.game_code
      left join game_vendor v on v.code = r.vendor_code
      left join merchant_vendor mv on mv.merchant_id = ${f.merchantId} and mv.vendor_code = r.vendor_code
     where true
       ${f.gameType ? sql`and g.game_type = ${f.gameType}` : sql``}
       ${f.status ? sql`and r.status = ${f.status}` : sql``}`;
}

export const bettingRecordRepo = {
  page(db: Executor, f: BetFilter, limit: number, offset: number) {
    return rows<BetRoundRow>(
      db,
      sql`${rounds(f)} order by r.bet_time desc, r.round_id desc limit ${limit} offset ${offset}`,
    );
  },

  async summary(db: Executor, f: BetFilter) {
    const [r] = await rows<{ n: number; bet: bigint | string; win: bigint | string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(x.bet), 0)::bigint as bet, coalesce(sum(x.win), 0)::bigint as win
          from (${rounds(f)}) x`,
    );
    return { rounds: r?.n ?? 0, bet: BigInt(r?.bet ?? 0), win: BigInt(r?.win ?? 0) };
  },

  async round(db: Executor, f: Pick<BetFilter, 'merchantId' | 'memberId'>, vendor: string, roundId: string) {
    const [r] = await rows<BetRoundRow>(
      db,
      rounds({ ...f, from: new Date(0), to: new Date(0) }, { vendor, roundId }),
    );
    return r;
  },

  transactions(db: Executor, merchantId: number, memberId: number, vendor: string, roundId: string) {
    return rows<{
      op: 'debit' | 'credit' | 'rollback';
      txn_id: string;
      amount: bigint | string;
      status: string;
      rolled_back: boolean;
      created_at: Date | string;
    }>(
      db,
      sql`select op, txn_id, amount, status, rolled_back, created_at from vendor_txn
          where merchant_id = ${merchantId} and vendor_code = ${vendor} and member_id = ${memberId}
            and round_id = ${roundId}
          order by id`,
    );
  },
};
