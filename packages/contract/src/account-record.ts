import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS } from './endpoint.js';
import { ZMoney } from './money.js';

/**
 * The member's own reports: account record (transactionHistory, MEMTRANS3), personal profit and loss
 * (personalProfit) and bonus details (bonusDetails). Every figure comes from the ledger (and, for
 * bets, the vendors' transaction rows); times are `yyyy-MM-dd HH:mm:ss` in the merchant's time zone.
 */

/**
 * Record types the player filters by. Ledger entry types map onto them (RECORD_TYPE_RULES): an exact
 * type first, then a prefix (`deposit_fee` is a deposit); anything unknown is `other`.
 */
export const RECORD_TYPES = [
  'deposit',
  'withdraw',
  'bet',
  'win',
  'refund',
  'transfer',
  'wallet_transfer',
  'bonus',
  'rebate',
  'salary',
  'dividend',
  'adjustment',
  'other',
] as const;
export type TRecordType = (typeof RECORD_TYPES)[number];

export const RECORD_TYPE_RULES: Record<
  Exclude<TRecordType, 'other'>,
  { types: readonly string[]; prefixes: readonly string[] }
> = {
  deposit: { types: ['deposit'], prefixes: ['deposit_'] },
  withdraw: { types: ['withdraw', 'withdrawal'], prefixes: ['withdraw_'] },
  bet: { types: ['bet'], prefixes: [] },
  win: { types: ['win'], prefixes: [] },
  refund: { types: ['refund'], prefixes: [] },
  transfer: { types: ['transfer'], prefixes: ['transfer_'] },
  wallet_transfer: { types: ['wallet_transfer'], prefixes: [] },
  bonus: { types: ['bonus'], prefixes: ['bonus_'] },
  rebate: { types: ['rebate'], prefixes: ['rebate_'] },
  salary: { types: ['salary'], prefixes: ['salary_'] },
  dividend: { types: ['dividend'], prefixes: ['dividend_'] },
  // trial play money (play_grant) is the house's adjustment of a play-money wallet
  adjustment: { types: ['adjustment', 'play_grant'], prefixes: ['adjustment_'] },
};

/** Ledger entry type -> the record type shown and filtered on. */
export function recordTypeOf(entryType: string): TRecordType {
  const rules = Object.entries(RECORD_TYPE_RULES) as [
    Exclude<TRecordType, 'other'>,
    { types: readonly string[]; prefixes: readonly string[] },
  ][];
  for (const [t, r] of rules) if (r.types.includes(entryType)) return t;
  for (const [t, r] of rules) if (r.prefixes.some((p) => entryType.startsWith(p))) return t;
  return 'other';
}

/** Money the house pays a member for playing or recruiting (bonus details, P&L bonuses). */
export const BONUS_RECORD_TYPES = ['bonus', 'rebate', 'salary', 'dividend'] as const;

/** The spec's date presets, in merchant calendar days ending today. */
export const DATE_PRESETS = ['today', 'yesterday', 'last7days', 'last30days'] as const;
export type TDatePreset = (typeof DATE_PRESETS)[number];
/** Longest explicit from..to range, in days. */
export const REPORT_MAX_DAYS = 92;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');

/** `from`/`to` (merchant dates, both inclusive) win over `preset`; neither: last 7 days. */
const ZRange = {
  preset: z.enum(DATE_PRESETS).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
};
const ZPaging = {
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const ZAccountRecordQuery = z.object({
  ...ZPaging,
  ...ZRange,
  type: z.enum(RECORD_TYPES).optional(),
});
export type TAccountRecordQuery = z.input<typeof ZAccountRecordQuery>;

export const ZAccountRecordRow = z.object({
  id: z.string(),
  /** yyyy-MM-dd HH:mm:ss, merchant time zone */
  time: z.string(),
  type: z.enum(RECORD_TYPES),
  /** the ledger's own entry type (finer than `type`) */
  entryType: z.string(),
  /** signed: money in is positive, money out negative */
  amount: ZMoney,
  balanceAfter: ZMoney,
  /** MAIN or the vendor code of a sub-wallet */
  wallet: z.string(),
  remark: z.string(),
});
export type TAccountRecordRow = z.infer<typeof ZAccountRecordRow>;

const ZPeriod = z.object({
  /** first and last merchant day of the period (inclusive) */
  from: z.string(),
  to: z.string(),
});

export const ZAccountRecordPage = z.object({
  list: z.array(ZAccountRecordRow),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  period: ZPeriod,
});

export const ZBonusDetailsQuery = z.object({
  ...ZPaging,
  ...ZRange,
  type: z.enum(BONUS_RECORD_TYPES).optional(),
});
export type TBonusDetailsQuery = z.input<typeof ZBonusDetailsQuery>;

export const ZBonusDetailsPage = ZAccountRecordPage.extend({
  /** sum of every matching line in the period (not only this page) */
  totalAmount: ZMoney,
});

export const ZProfitQuery = z.object(ZRange);
export type TProfitQuery = z.input<typeof ZProfitQuery>;

export const ZProfitFigures = z.object({
  betCount: z.number().int(),
  /** every accepted debit */
  betAmount: ZMoney,
  /** debits not rolled back: a refunded bet counts for nothing */
  validBet: ZMoney,
  winAmount: ZMoney,
  /** winAmount - validBet (the player's side: positive is a gain) */
  profit: ZMoney,
});
export const ZProfit = z.object({
  period: ZPeriod,
  vendors: z.array(ZProfitFigures.extend({ vendor: z.string() })),
  total: ZProfitFigures,
  deposits: ZMoney,
  withdrawals: ZMoney,
  /** bonus + rebate + salary + dividend */
  bonuses: ZMoney,
});
export type TProfit = z.infer<typeof ZProfit>;

const tags = ['reports'];
export const accountRecordEndpoints = {
  records: defineEndpoint({
    id: 'report.memTransDet',
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemTransDet',
    modId: 'MEMTRANS3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZAccountRecordQuery,
    response: ZAccountRecordPage,
    summary: "Account record: the member's ledger lines, newest first (type filter, date presets, paging)",
    tags,
  }),
  profit: defineEndpoint({
    id: 'report.personalProfit',
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemProfitLoss',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZProfitQuery,
    response: ZProfit,
    summary: 'Personal profit and loss per vendor and in total, with deposits, withdrawals and bonuses',
    tags,
  }),
  bonus: defineEndpoint({
    id: 'report.bonusDetails',
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemBonusDet',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZBonusDetailsQuery,
    response: ZBonusDetailsPage,
    summary: 'Bonus details: bonus, rebate, salary and dividend lines, newest first',
    tags,
  }),
};

export const ACCOUNT_RECORD_ERRORS = {
  report_range_invalid: {
    status: 422,
    en: 'Please choose a valid date range',
    bn: 'অনুগ্রহ করে একটি সঠিক তারিখের পরিসর বেছে নিন',
  },
} as const;
