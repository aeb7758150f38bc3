import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ZPage } from './admin.js';

/**
 * Member points (issue 16, API-REFERENCE 3.8): promotions with the POINTS reward pay whole points
 * into the member's points balance; the points mall (its own issue) spends them. Points are not
 * money: they never appear in a money balance, withdrawable amount or account record.
 */
export const ZPointBalance = z.object({
  /** whole points */
  balance: z.number().int().min(0),
});
export type TPointBalance = z.infer<typeof ZPointBalance>;

/** One movement of the member's points, newest first. */
export const ZPointEntry = z.object({
  id: z.string(),
  /** > 0 earned, < 0 spent */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  /** 'promotion': a POINTS reward (refId: the promotion claim) */
  reason: z.string(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  /** for a promotion's points: its title in the request's language */
  title: z.string().nullable(),
  /** ISO instant */
  createdDate: z.string(),
});
export type TPointEntry = z.infer<typeof ZPointEntry>;

export const ZPointHistoryQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const POINTS_ERRORS = {
  points_insufficient: {
    status: 409,
    en: 'You do not have enough points',
    bn: 'আপনার যথেষ্ট পয়েন্ট নেই',
  },
} as const;

const tags = ['points'];
const balance = (id: string, path: string) =>
  defineEndpoint({
    id,
    method: 'GET',
    path,
    modId: 'PTSYS3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: ZPointBalance,
    summary: "The member's points balance (whole points; not money)",
    tags,
  });
export const pointsEndpoints = {
  balance: balance('points.balance', '/wps/relay/MCSFE_getPointBalance'),
  /** the MCS2_ name of the same call (API-REFERENCE 3.8, client A) */
  balanceA: balance('points.balanceA', '/wps/relay/MCS2_getPointBalance'),
  /** not in the reference: the movements behind the balance */
  history: defineEndpoint({
    id: 'points.history',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPointHistory',
    modId: 'PTSYS3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZPointHistoryQuery,
    response: ZPage(ZPointEntry),
    summary: "The member's points movements (earned from promotions, spent), newest first",
    tags,
  }),
};
