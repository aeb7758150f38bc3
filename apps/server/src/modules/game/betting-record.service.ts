import {
  fromMinor,
  type TBettingRecordDetail,
  type TBettingRecordPage,
  type TBettingRecordRow,
  type ZBettingRecordDetailQuery,
  type ZBettingRecordQuery,
} from '@bp/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import { reportRange } from '../account-record/index.js';
import { nameIn } from '../../platform/names.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { bettingRecordRepo, type BetRoundRow } from './betting-record.repo.js';

type Query = z.output<typeof ZBettingRecordQuery>;
type DetailQuery = z.output<typeof ZBettingRecordDetailQuery>;

/** What the built-in game server recorded for a wallet round (null for other vendors' rounds). */
export type BuiltInRound = (
  merchantId: number,
  memberId: number,
  vendor: string,
  roundId: string,
) => Promise<TBettingRecordDetail['round']>;

/**
 * The player's betting record (personalHistoryCopy): every vendor's rounds as the seamless wallet saw
 * them, in the merchant's calendar (the account record's presets and from/to), with round details.
 * Free-trial rounds never reach the wallet, so they are not here.
 */
export function createBettingRecordService({
  db,
  clock,
  builtInRound,
}: {
  db: Db;
  clock: Clock;
  builtInRound: BuiltInRound;
}) {
  function toRow(m: MerchantContext, r: BetRoundRow, lang: string): TBettingRecordRow {
    const bet = BigInt(r.bet);
    const win = BigInt(r.win);
    const money = (v: bigint) => fromMinor(v, m.currencyDecimals);
    return {
      vendor: r.vendor_code,
      vendorName: r.vendor_names ? nameIn(r.vendor_names, lang) : (r.display_name ?? r.vendor_code),
      roundId: r.round_id,
      gameCode: r.game_code,
      gameName: r.names ? nameIn(r.names, lang) : (r.game_code ?? r.vendor_code),
      gameType: r.game_type,
      betAmount: money(bet),
      winAmount: money(win),
      profit: money(win - bet),
      status: r.status,
      betTime: formatMerchantTime(r.bet_time, m.timeZone),
      settleTime: r.settle_time ? formatMerchantTime(r.settle_time, m.timeZone) : null,
    };
  }

  return {
    async page(actor: MemberActor, m: MerchantContext, q: Query, lang: string): Promise<TBettingRecordPage> {
      const range = reportRange(q, m.timeZone, clock.now());
      const f = {
        merchantId: m.id,
        memberId: actor.memberId,
        from: range.from,
        to: range.to,
        vendor: q.vendor,
        gameType: q.gameType,
        status: q.status,
      };
      const [list, sum] = await Promise.all([
        bettingRecordRepo.page(db, f, q.pageSize, (q.pageNo - 1) * q.pageSize),
        bettingRecordRepo.summary(db, f),
      ]);
      const money = (v: bigint) => fromMinor(v, m.currencyDecimals);
      return {
        list: list.map((r) => toRow(m, r, lang)),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: sum.rounds,
        totalPages: Math.ceil(sum.rounds / q.pageSize),
        summary: {
          betAmount: money(sum.bet),
          winAmount: money(sum.win),
          profit: money(sum.win - sum.bet),
          rounds: sum.rounds,
        },
        from: range.fromDay,
        to: range.toDay,
      };
    },

    /** One of the caller's own rounds; anyone else's is not found. */
    async detail(
      actor: MemberActor,
      m: MerchantContext,
      q: DetailQuery,
      lang: string,
    ): Promise<TBettingRecordDetail> {
      const f = { merchantId: m.id, memberId: actor.memberId };
      const r = await bettingRecordRepo.round(db, f, q.vendor, q.roundId);
      if (!r) throw new AppError('not_found');
      const txns = await bettingRecordRepo.transactions(db, m.id, actor.memberId, q.vendor, q.roundId);
      return {
        ...toRow(m, r, lang),
        transactions: txns.map((t) => ({
          op: t.op,
          txnId: t.txn_id,
          amount: fromMinor(BigInt(t.amount), m.currencyDecimals),
          status: t.rolled_back ? 'rolled_back' : t.status,
          time: formatMerchantTime(t.created_at, m.timeZone),
        })),
        round: await builtInRound(m.id, actor.memberId, q.vendor, q.roundId),
      };
    },
  };
}
export type BettingRecordService = ReturnType<typeof createBettingRecordService>;
