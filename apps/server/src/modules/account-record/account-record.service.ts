import {
  BONUS_RECORD_TYPES,
  fromMinor,
  MAIN_WALLET,
  recordTypeOf,
  REPORT_MAX_DAYS,
  type TAccountRecordRow,
  type TDatePreset,
  type TProfit,
  type TRecordType,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import type { LedgerService } from '../ledger/index.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { accountRecordRepo, type RecordLineRow } from './account-record.repo.js';

const DAY_MS = 86_400_000;
/** Day offsets [first, last] from today (0) of each preset, inclusive. */
const PRESET_DAYS: Record<TDatePreset, [number, number]> = {
  today: [0, 0],
  yesterday: [-1, -1],
  last7days: [-6, 0],
  last30days: [-29, 0],
};

export interface ReportRange {
  from: Date;
  /** exclusive */
  to: Date;
  fromDay: string;
  toDay: string;
}

/**
 * Report period as UTC instants bounding whole merchant calendar days: explicit `from`/`to`
 * (yyyy-MM-dd, inclusive; one alone means that single day) win over the preset; neither means the
 * last 7 days. Refuses unreal dates, reversed ranges and ranges longer than REPORT_MAX_DAYS.
 */
export function reportRange(
  q: { preset?: TDatePreset; from?: string; to?: string },
  timeZone: string,
  now: Date,
): ReportRange {
  const today = formatMerchantTime(now, timeZone).slice(0, 10);
  const offsetOf = (day: string) => {
    const t = Date.parse(`${day}T00:00:00Z`);
    if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) {
      throw new AppError('report_range_invalid', { detail: `bad date ${day}` });
    }
    return Math.round((t - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  };
  let first: number;
  let last: number;
  if (q.from !== undefined || q.to !== undefined) {
    first = offsetOf(q.from ?? q.to!);
    last = offsetOf(q.to ?? q.from!);
    if (first > last || last - first + 1 > REPORT_MAX_DAYS) throw new AppError('report_range_invalid');
  } else {
    [first, last] = PRESET_DAYS[q.preset ?? 'last7days'];
  }
  const from = merchantDayStart(timeZone, now, first);
  const to = merchantDayStart(timeZone, now, last + 1);
  const dayOf = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
  return { from, to, fromDay: dayOf(first), toDay: dayOf(last) };
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
const userOf = (v: unknown) =>
  v && typeof v === 'object' ? str((v as Record<string, unknown>).username) : undefined;

/**
 * What a player reads beside an amount: the game (vendor, game, round) for bets, wins and refunds,
 * the other person for transfers between people, the order number for deposits and withdrawals.
 */
export function remarkOf(
  type: TRecordType,
  memo: Record<string, unknown> | null,
  refId: string | null,
  amount: bigint,
) {
  const m = memo ?? {};
  switch (type) {
    case 'bet':
    case 'win':
    case 'refund':
      return [str(m.vendor), str(m.game), m.round === undefined ? undefined : `#${str(m.round)}`]
        .filter(Boolean)
        .join(' ');
    case 'transfer':
      return (amount < 0n ? userOf(m.to) : userOf(m.from)) ?? '';
    case 'wallet_transfer':
      return m.from !== undefined && m.to !== undefined ? `${str(m.from)} → ${str(m.to)}` : '';
    case 'deposit':
    case 'withdraw':
      return str(m.orderNo) ?? str(m.orderId) ?? refId ?? '';
    default:
      return str(m.remark) ?? str(m.reason) ?? str(m.title) ?? refId ?? '';
  }
}

/** The member's own reports: account record, personal profit and loss, bonus details. */
export function createAccountRecordService({
  db,
  ledger,
  clock,
}: {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
}) {
  const money = (m: MerchantContext, v: bigint) => fromMinor(v, m.currencyDecimals);

  const accountIdsOf = async (memberId: number) =>
    (await ledger.memberAccounts(db, memberId)).map((a) => BigInt(a.id));

  function toRow(m: MerchantContext, r: RecordLineRow): TAccountRecordRow {
    const type = recordTypeOf(r.type);
    const amount = BigInt(r.amount);
    return {
      id: `${r.entry_id}-${r.account_id}`,
      time: formatMerchantTime(r.created_at, m.timeZone),
      type,
      entryType: r.type,
      amount: money(m, amount),
      balanceAfter: money(m, BigInt(r.balance_after)),
      wallet: r.code.startsWith('vendor:') ? r.code.slice('vendor:'.length) : MAIN_WALLET,
      remark: remarkOf(type, r.memo, r.ref_id, amount),
    };
  }

  async function page(
    actor: MemberActor,
    merchant: MerchantContext,
    q: { pageNo: number; pageSize: number; preset?: TDatePreset; from?: string; to?: string },
    types: readonly TRecordType[] | undefined,
  ) {
    const range = reportRange(q, merchant.timeZone, clock.now());
    const accountIds = await accountIdsOf(actor.memberId);
    const period = { from: range.fromDay, to: range.toDay };
    if (accountIds.length === 0) {
      return {
        list: [],
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: 0,
        totalPages: 0,
        period,
        sum: 0n,
      };
    }
    const f = { accountIds, from: range.from, to: range.to, types };
    const [lines, total] = await Promise.all([
      accountRecordRepo.lines(db, f, q.pageSize, (q.pageNo - 1) * q.pageSize),
      accountRecordRepo.count(db, f),
    ]);
    return {
      list: lines.map((r) => toRow(merchant, r)),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      totalCount: total.n,
      totalPages: Math.ceil(total.n / q.pageSize),
      period,
      sum: total.sum,
    };
  }

  return {
    async records(
      actor: MemberActor,
      merchant: MerchantContext,
      q: {
        pageNo: number;
        pageSize: number;
        preset?: TDatePreset;
        from?: string;
        to?: string;
        type?: TRecordType;
      },
    ) {
      const { sum: _sum, ...rest } = await page(actor, merchant, q, q.type ? [q.type] : undefined);
      return rest;
    },

    async bonusDetails(
      actor: MemberActor,
      merchant: MerchantContext,
      q: {
        pageNo: number;
        pageSize: number;
        preset?: TDatePreset;
        from?: string;
        to?: string;
        type?: (typeof BONUS_RECORD_TYPES)[number];
      },
    ) {
      const { sum, ...rest } = await page(actor, merchant, q, q.type ? [q.type] : BONUS_RECORD_TYPES);
      return { ...rest, totalAmount: money(merchant, sum) };
    },

    /**
     * Bets, valid bets and wins per vendor from the member's seamless-wallet transactions (a
     * rolled-back debit is no valid bet, so it changes neither validBet nor profit); deposits,
     * withdrawals and bonuses from the ledger entries about the member in the period.
     */
    async profit(
      actor: MemberActor,
      merchant: MerchantContext,
      q: { preset?: TDatePreset; from?: string; to?: string },
    ): Promise<TProfit> {
      const range = reportRange(q, merchant.timeZone, clock.now());
      const [vendorRows, accountIds] = await Promise.all([
        accountRecordRepo.vendorFigures(db, merchant.id, actor.memberId, range.from, range.to),
        accountIdsOf(actor.memberId),
      ]);
      const sums =
        accountIds.length === 0
          ? []
          : await accountRecordRepo.sumsByType(db, actor.memberId, accountIds, range.from, range.to);
      const figures = (betCount: number, bet: bigint, validBet: bigint, win: bigint) => ({
        betCount,
        betAmount: money(merchant, bet),
        validBet: money(merchant, validBet),
        winAmount: money(merchant, win),
        profit: money(merchant, win - validBet),
      });
      const total = { count: 0, bet: 0n, valid: 0n, win: 0n };
      const vendors = vendorRows.map((r) => {
        const bet = BigInt(r.bet);
        const valid = BigInt(r.valid_bet);
        const win = BigInt(r.win);
        total.count += r.bet_count;
        total.bet += bet;
        total.valid += valid;
        total.win += win;
        return { vendor: r.vendor_code, ...figures(r.bet_count, bet, valid, win) };
      });
      let deposits = 0n;
      let withdrawals = 0n;
      let bonuses = 0n;
      for (const s of sums) {
        const t = recordTypeOf(s.type);
        const amount = BigInt(s.amount);
        if (t === 'deposit') deposits += amount;
        else if (t === 'withdraw') withdrawals -= amount;
        else if ((BONUS_RECORD_TYPES as readonly string[]).includes(t)) bonuses += amount;
      }
      return {
        period: { from: range.fromDay, to: range.toDay },
        vendors,
        total: figures(total.count, total.bet, total.valid, total.win),
        deposits: money(merchant, deposits),
        withdrawals: money(merchant, withdrawals),
        bonuses: money(merchant, bonuses),
      };
    },
  };
}
export type AccountRecordService = ReturnType<typeof createAccountRecordService>;
