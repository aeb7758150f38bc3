import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ADMIN_PAGE_SIZE, ZPage } from './admin.js';
import { GAME_TYPES } from './games.js';
import { ZRowId } from './ids.js';
import { ZAmount, ZMoney } from './money.js';

/**
 * Rebates and cash back (issue 16, SPEC 2.4 `manualRebate`, API-REFERENCE 3.5
 * `MCSFE_getCustomerRebateSettingByProductType`). A rebate is a share (the VIP level's basis points
 * per product type) of a member's valid bets of a merchant day; the nightly run pays it (or accrues
 * it for the member to claim); the manual rebate page claims what today's bets earned so far. Cash
 * back is a share of a member's net loss of a day or week. Money is decimal text in the currency.
 */

export const REBATE_MODES = ['auto', 'claim'] as const;
export const CASHBACK_PERIODS = ['off', 'daily', 'weekly'] as const;
export const REBATE_RUN_KINDS = ['rebate', 'cashback'] as const;
/** Ledger entry types (the account record shows them under `rebate`). */
export const REBATE_ENTRY_TYPES = {
  daily: 'rebate',
  manual: 'rebate_manual',
  cashback: 'rebate_cashback',
  vipUpgrade: 'bonus_vip_upgrade',
  vipBirthday: 'bonus_vip_birthday',
} as const;

const ZDay = z.iso.date();
const ZProductType = z.enum(GAME_TYPES);

/** The caller's rebate rate of each product type (its VIP level's). */
export const ZRebateSettingByProductType = z.object({
  vipLevel: z.number().int(),
  vipName: z.string(),
  list: z.array(
    z.object({
      productType: ZProductType,
      /** basis points (80 = 0.80 %) */
      rateBps: z.number().int(),
      /** percent, as the original shows it (0.8) */
      rebateRate: z.number(),
    }),
  ),
});
export type TRebateSettingByProductType = z.infer<typeof ZRebateSettingByProductType>;

/** One product type's rebate waiting to be claimed. */
export const ZManualRebateItem = z.object({
  productType: ZProductType,
  /** today's valid bets not yet covered by a claim */
  validBet: ZMoney,
  rateBps: z.number().int(),
  /** today's rebate so far plus earlier days' unclaimed rebate of this type */
  amount: ZMoney,
});
export const ZManualRebate = z.object({
  /** the merchant day today's figures belong to */
  day: ZDay,
  list: z.array(ZManualRebateItem),
  /** today's accrued rebate (claimable now) */
  todayAmount: ZMoney,
  /** earlier days' rebate waiting for a claim (merchants that pay by claim) */
  unclaimedAmount: ZMoney,
  totalAmount: ZMoney,
  minPayout: ZMoney,
  canClaim: z.boolean(),
});
export type TManualRebate = z.infer<typeof ZManualRebate>;

export const ZManualRebateClaim = z.object({
  amount: ZMoney,
  list: z.array(z.object({ productType: ZProductType, amount: ZMoney })),
});
export type TManualRebateClaim = z.infer<typeof ZManualRebateClaim>;

export const REBATE_HISTORY_KINDS = ['rebate', 'manual', 'cashback'] as const;
export const ZRebateHistoryQuery = z.object({
  kind: z.enum(REBATE_HISTORY_KINDS).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TRebateHistoryQuery = z.input<typeof ZRebateHistoryQuery>;
export const ZRebateHistoryRow = z.object({
  id: z.string(),
  kind: z.enum(REBATE_HISTORY_KINDS),
  /** the day (cash back: the period's first day) */
  day: ZDay,
  productType: ZProductType.nullable(),
  /** rebate: valid bets it was paid on; cash back: the net loss */
  base: ZMoney,
  rateBps: z.number().int(),
  amount: ZMoney,
  status: z.enum(['pending', 'accrued', 'paid', 'below_min']),
  /** yyyy-MM-dd HH:mm:ss, merchant time */
  createdAt: z.string(),
});
export const ZRebateHistory = z.object({
  list: z.array(ZRebateHistoryRow),
  pageNo: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  totalAmount: ZMoney,
});
export type TRebateHistory = z.infer<typeof ZRebateHistory>;

// ------------------------------------------------------------------ operators

export const ZRebateSettings = z.object({
  rebateMode: z.enum(REBATE_MODES),
  rebateMinPayout: ZMoney,
  /** null: no cap (per member, day and product type) */
  rebateCap: ZMoney.nullable(),
  cashbackPeriod: z.enum(CASHBACK_PERIODS),
  cashbackBps: z.number().int(),
  cashbackNetOfBonus: z.boolean(),
  cashbackMinLoss: ZMoney,
  cashbackCap: ZMoney.nullable(),
});
export type TRebateSettings = z.infer<typeof ZRebateSettings>;
export const ZRebateSettingsUpdate = z
  .object({
    rebateMode: z.enum(REBATE_MODES),
    rebateMinPayout: ZAmount,
    rebateCap: ZAmount.nullable(),
    cashbackPeriod: z.enum(CASHBACK_PERIODS),
    cashbackBps: z.number().int().min(0).max(10_000),
    cashbackNetOfBonus: z.boolean(),
    cashbackMinLoss: ZAmount,
    cashbackCap: ZAmount.nullable(),
  })
  .partial();
export type TRebateSettingsUpdate = z.input<typeof ZRebateSettingsUpdate>;

export const ZRebateRun = z.object({
  id: z.string(),
  kind: z.enum(REBATE_RUN_KINDS),
  periodFrom: ZDay,
  periodTo: ZDay,
  status: z.enum(['computed', 'done']),
  members: z.number().int(),
  accrued: ZMoney,
  paid: ZMoney,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TRebateRun = z.infer<typeof ZRebateRun>;
export const ZRebateRunQuery = z.object({
  kind: z.enum(REBATE_RUN_KINDS).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});
/** Runs a closed period now (or finishes a run cut short); a finished period pays nothing again. */
export const ZRebateRunRequest = z.object({ kind: z.enum(REBATE_RUN_KINDS), from: ZDay });
export const ZRebateRunResultQuery = z.object({
  memberId: ZRowId.optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});
export const ZRebateRunResult = z.object({
  id: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  productType: ZProductType.nullable(),
  base: ZMoney,
  rateBps: z.number().int(),
  amount: ZMoney,
  status: z.string(),
});
export const ZMemberBirthday = z.object({ birthDate: ZDay.nullable() });

export const REBATE_ERRORS = {
  rebate_nothing_to_claim: {
    status: 409,
    en: 'There is no rebate to claim right now',
    bn: 'এই মুহূর্তে দাবি করার মতো কোনো রিবেট নেই',
  },
  rebate_below_minimum: {
    status: 409,
    en: 'The rebate is below the minimum that can be claimed',
    bn: 'রিবেটের পরিমাণ দাবি করার ন্যূনতম সীমার চেয়ে কম',
  },
  rebate_period_open: {
    status: 409,
    en: 'This period has not ended yet',
    bn: 'এই সময়কাল এখনও শেষ হয়নি',
  },
} as const;

const tags = ['rebate'];
export const rebateEndpoints = {
  settingByProductType: defineEndpoint({
    id: 'rebate.settingByProductType',
    method: 'GET',
    path: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: ZRebateSettingByProductType,
    summary: "The caller's rebate rate per product type (its VIP level's)",
    tags,
  }),
  manual: defineEndpoint({
    id: 'rebate.manual',
    method: 'GET',
    path: '/wps/relay/MCSFE_getManualRebate',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: ZManualRebate,
    summary: "Today's accrued rebate and earlier unclaimed rebate per product type (manual rebate page)",
    tags,
  }),
  claim: defineEndpoint({
    id: 'rebate.claim',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimManualRebate',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: ZManualRebateClaim,
    summary: 'Claims the accrued rebate now (paid to the main wallet; the nightly run pays the rest)',
    tags,
  }),
  history: defineEndpoint({
    id: 'rebate.history',
    method: 'GET',
    path: '/wps/relay/MCSFE_getRebateHistory',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZRebateHistoryQuery,
    response: ZRebateHistory,
    summary: "The member's rebates and cash back, newest first",
    tags,
  }),
  birthday: defineEndpoint({
    id: 'rebate.birthday',
    method: 'POST',
    path: '/wps/relay/MCSFE_updateBirthday',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: z.object({ birthDate: ZDay }),
    response: ZMemberBirthday,
    summary: "Sets the member's birthday once (the VIP birthday bonus is paid on it)",
    tags,
  }),
};

export const adminRebateEndpoints = {
  settings: defineEndpoint({
    id: 'admin.rebateSettings.get',
    method: 'GET',
    path: '/admin/api/rebate-settings',
    auth: 'operator',
    response: ZRebateSettings,
    summary: "The merchant's rebate and cash-back settings",
    tags: ['admin'],
  }),
  updateSettings: defineEndpoint({
    id: 'admin.rebateSettings.update',
    method: 'PUT',
    path: '/admin/api/rebate-settings',
    auth: 'operator',
    body: ZRebateSettingsUpdate,
    response: ZRebateSettings,
    summary: 'Changes the rebate and cash-back settings (audited)',
    tags: ['admin'],
  }),
  runs: defineEndpoint({
    id: 'admin.rebateRuns.list',
    method: 'GET',
    path: '/admin/api/rebate-runs',
    auth: 'operator',
    query: ZRebateRunQuery,
    response: ZPage(ZRebateRun),
    summary: 'Rebate and cash-back runs, newest first',
    tags: ['admin'],
  }),
  run: defineEndpoint({
    id: 'admin.rebateRuns.run',
    method: 'POST',
    path: '/admin/api/rebate-runs',
    auth: 'operator',
    body: ZRebateRunRequest,
    response: ZRebateRun,
    summary:
      'Runs (or finishes) the rebate or cash back of a closed period now (audited; pays nothing twice)',
    tags: ['admin'],
  }),
  results: defineEndpoint({
    id: 'admin.rebateRuns.results',
    method: 'GET',
    path: '/admin/api/rebate-runs/:id/results',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    query: ZRebateRunResultQuery,
    response: ZPage(ZRebateRunResult),
    summary: "A run's per-member results",
    tags: ['admin'],
  }),
  birthday: defineEndpoint({
    id: 'admin.members.birthday',
    method: 'PUT',
    path: '/admin/api/members/:id/birthday',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZMemberBirthday,
    response: ZMemberBirthday,
    summary: "Sets or clears a member's birthday (audited)",
    tags: ['admin'],
  }),
};
