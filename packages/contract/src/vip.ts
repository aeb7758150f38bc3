import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS, REAL_MEMBERS } from './endpoint.js';
import { GAME_TYPES } from './games.js';
import { ZRowId } from './ids.js';
import { ZAmount, ZMoney, ZMoneyNumber } from './money.js';

/**
 * VIP ranks (issue 16, SPEC §3 "VIP level", API-REFERENCE 3.1 `MCSFE_getPlayerRankProgress`): each
 * merchant's levels VIP0..VIPn, ordered by `level`, with thresholds and benefits. A member holds the
 * highest level it has qualified for (ranks only go up); its name is the header's
 * `clubLabel.labelName`.
 */

/** Rebate rates in basis points (1 bp = 0.01 %) per product type; a type left out earns none. */
export const ZRebateRates = z.partialRecord(z.enum(GAME_TYPES), z.number().int().min(0).max(10_000));
export type TRebateRates = z.infer<typeof ZRebateRates>;

/** 0 = not required. Monthly figures are the merchant's calendar month so far. */
const thresholds = <T extends z.ZodType>(money: T) => ({
  monthlyDeposit: money,
  monthlyTurnover: money,
  totalDeposit: money,
  totalTurnover: money,
});

/** One level as operators and players see it (money as decimal text). */
export const ZVipLevel = z.object({
  id: z.number().int(),
  level: z.number().int(),
  name: z.string(),
  ...thresholds(ZMoney),
  rebateRates: ZRebateRates,
  /** null: no limit of its own */
  dailyWithdrawalLimit: ZMoney.nullable(),
  birthdayBonus: ZMoney,
  upgradeBonus: ZMoney,
});
export type TVipLevel = z.infer<typeof ZVipLevel>;

const ZLevelName = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[\p{L}\p{N} _.+-]+$/u, 'letters, digits, space, _ . + -');

export const ZVipLevelCreate = z.object({
  level: z.number().int().min(0).max(99),
  name: ZLevelName,
  ...thresholds(ZAmount.default('0')),
  rebateRates: ZRebateRates.default({}),
  dailyWithdrawalLimit: ZAmount.nullable().default(null),
  birthdayBonus: ZAmount.default('0'),
  upgradeBonus: ZAmount.default('0'),
});
export type TVipLevelCreate = z.input<typeof ZVipLevelCreate>;

export const ZVipLevelUpdate = z
  .object({
    level: z.number().int().min(0).max(99),
    name: ZLevelName,
    ...thresholds(ZAmount),
    rebateRates: ZRebateRates,
    dailyWithdrawalLimit: ZAmount.nullable(),
    birthdayBonus: ZAmount,
    upgradeBonus: ZAmount,
  })
  // an empty patch changes nothing (and answers the level as it is)
  .partial();
export type TVipLevelUpdate = z.input<typeof ZVipLevelUpdate>;

/** Actual against what the next rank expects (JSON numbers with the currency's decimals, as balances). */
const ZProgress = z.object({ actual: ZMoneyNumber, expected: ZMoneyNumber });

export const ZPlayerRankProgress = z.object({
  playerRankName: z.string(),
  playerRankLevel: z.number().int(),
  /** null at the highest level (the figures then compare with the member's own level) */
  nextRankName: z.string().nullable(),
  nextRankLevel: z.number().int().nullable(),
  /** valid bets (settled rounds' stakes) this merchant month / ever */
  monthlyTurnover: ZProgress,
  totalTurnover: ZProgress,
  monthlyDeposit: ZProgress,
  totalDeposit: ZProgress,
});
export type TPlayerRankProgress = z.infer<typeof ZPlayerRankProgress>;
/** What the server hands over (amounts as JsonDecimal, written as exact JSON numbers). */
export type TPlayerRankProgressReply = z.input<typeof ZPlayerRankProgress>;

const tags = ['vip'];
export const vipEndpoints = {
  rankProgress: defineEndpoint({
    id: 'vip.rankProgress',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
    auth: 'member',
    members: REAL_MEMBERS,
    response: ZPlayerRankProgress,
    summary: "The member's VIP rank, the next rank and its turnover and deposit progress",
    tags,
  }),
  levels: defineEndpoint({
    id: 'vip.levels',
    method: 'GET',
    path: '/wps/relay/MCSFE_getVipLevelList',
    auth: 'member',
    members: MEMBER_KINDS,
    response: z.array(ZVipLevel.omit({ id: true })),
    summary: "The merchant's VIP levels with their thresholds and benefits, lowest first",
    tags,
  }),
};

export const adminVipEndpoints = {
  list: defineEndpoint({
    id: 'admin.vipLevels.list',
    method: 'GET',
    path: '/admin/api/vip-levels',
    auth: 'operator',
    response: z.array(ZVipLevel),
    summary: "The merchant's VIP levels, lowest first",
    tags: ['admin'],
  }),
  create: defineEndpoint({
    id: 'admin.vipLevels.create',
    method: 'POST',
    path: '/admin/api/vip-levels',
    auth: 'operator',
    body: ZVipLevelCreate,
    response: ZVipLevel,
    summary: 'Adds a VIP level (audited; level and name unique in the merchant)',
    tags: ['admin'],
  }),
  update: defineEndpoint({
    id: 'admin.vipLevels.update',
    method: 'PUT',
    path: '/admin/api/vip-levels/:id',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZVipLevelUpdate,
    response: ZVipLevel,
    summary: "Changes a VIP level (audited; a new name follows to its members' VIP label)",
    tags: ['admin'],
  }),
};
