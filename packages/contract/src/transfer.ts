import { ZRowId } from './ids.js';
import { z } from 'zod';
import { defineEndpoint, AGENTS_ONLY, MEMBER_KINDS, REAL_MEMBERS } from './endpoint.js';
import { ZAmount, ZMoney } from './money.js';

/**
 * Transfers between people (SPEC §6): a member sends to their direct upline (transferUpline); an
 * agent (types 1, 2, 41, 42) sends to a direct downline only (transferDownline). Both need the
 * payment password and stay within the merchant's limits (per transfer and per merchant day).
 * `requestId` makes a retry harmless: the same id answers the first result.
 */
const ZRequestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/);

export const ZTransferUplineRequest = z.object({
  amount: ZAmount,
  paymentPassword: z.string().min(1).max(64),
  requestId: ZRequestId.optional(),
});
export type TTransferUplineRequest = z.input<typeof ZTransferUplineRequest>;

export const ZTransferDownlineRequest = z
  .object({
    downlineId: ZRowId.optional(),
    downlineUsername: z.string().trim().min(1).max(64).optional(),
    amount: ZAmount,
    paymentPassword: z.string().min(1).max(64),
    requestId: ZRequestId.optional(),
  })
  .refine((b) => b.downlineId !== undefined || b.downlineUsername !== undefined, {
    message: 'downlineId or downlineUsername is required',
  });
export type TTransferDownlineRequest = z.input<typeof ZTransferDownlineRequest>;

export const ZTransferResult = z.object({
  requestId: z.string(),
  amount: ZMoney,
  to: z.object({ username: z.string() }),
  /** the sender's MAIN available balance after the transfer */
  balance: ZMoney,
  /** this requestId had been applied before; nothing moved now */
  replayed: z.boolean(),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone */
  time: z.string(),
});
export type TTransferResult = z.infer<typeof ZTransferResult>;

/** Per-merchant limits; amounts are decimal text in the merchant's currency. */
export const ZTransferLimits = z.object({
  minAmount: ZMoney,
  maxAmount: ZMoney,
  /** total a member may send per merchant calendar day (both directions together) */
  dailyMaxAmount: ZMoney,
});
export type TTransferLimits = z.infer<typeof ZTransferLimits>;

export const ZTransferInfo = z.object({
  upline: z.object({ username: z.string(), nickname: z.string().nullable() }).nullable(),
  canTransferUpline: z.boolean(),
  canTransferDownline: z.boolean(),
  limits: ZTransferLimits,
  /** already sent today (merchant day) and what is left of the daily limit */
  sentToday: ZMoney,
  remainingToday: ZMoney,
});
export type TTransferInfo = z.infer<typeof ZTransferInfo>;

export const ZTransferSettings = z.object({
  minAmount: ZMoney,
  maxAmount: ZMoney,
  dailyMaxAmount: ZMoney,
  uplineEnabled: z.boolean(),
  downlineEnabled: z.boolean(),
});
export type TTransferSettings = z.infer<typeof ZTransferSettings>;

export const ZTransferSettingsUpdate = z
  .object({
    minAmount: ZAmount.optional(),
    maxAmount: ZAmount.optional(),
    dailyMaxAmount: ZAmount.optional(),
    uplineEnabled: z.boolean().optional(),
    downlineEnabled: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'nothing to change' });
export type TTransferSettingsUpdate = z.input<typeof ZTransferSettingsUpdate>;

const tags = ['transfer'];
export const transferEndpoints = {
  info: defineEndpoint({
    id: 'transfer.info',
    method: 'GET',
    path: '/wps/relay/MCSFE_getTransferInfo',
    auth: 'member',
    members: MEMBER_KINDS,
    response: ZTransferInfo,
    summary: "The member's direct upline, which transfers are allowed, and the merchant's limits",
    tags,
  }),
  upline: defineEndpoint({
    id: 'transfer.upline',
    method: 'POST',
    path: '/wps/relay/MCSFE_transferUpline',
    auth: 'member',
    members: REAL_MEMBERS,
    encrypted: true,
    body: ZTransferUplineRequest,
    response: ZTransferResult,
    summary: 'Sends money from MAIN to the direct upline’s MAIN (payment password, limits)',
    tags,
  }),
  downline: defineEndpoint({
    id: 'transfer.downline',
    method: 'POST',
    path: '/wps/relay/MCSFE_transferDownline',
    auth: 'member',
    members: AGENTS_ONLY,
    refusal: 'transfer_agent_only',
    encrypted: true,
    body: ZTransferDownlineRequest,
    response: ZTransferResult,
    summary: 'An agent sends money from MAIN to a direct downline’s MAIN (payment password, limits)',
    tags,
  }),
};

export const adminTransferEndpoints = {
  getSettings: defineEndpoint({
    id: 'admin.transfer.settings.get',
    method: 'GET',
    path: '/admin/api/transfer-settings',
    auth: 'operator',
    response: ZTransferSettings,
    summary: "The merchant's limits for transfers between members",
    tags: ['admin'],
  }),
  setSettings: defineEndpoint({
    id: 'admin.transfer.settings.update',
    method: 'PUT',
    path: '/admin/api/transfer-settings',
    auth: 'operator',
    body: ZTransferSettingsUpdate,
    response: ZTransferSettings,
    summary: 'Change the limits for transfers between members (audited)',
    tags: ['admin'],
  }),
};

export const TRANSFER_ERRORS = {
  transfer_no_upline: {
    status: 409,
    en: 'Your account has no upline to transfer to',
    bn: 'আপনার অ্যাকাউন্টের কোনো আপলাইন নেই যাকে স্থানান্তর করা যায়',
  },
  transfer_agent_only: {
    status: 403,
    en: 'Only agents can transfer to a downline',
    bn: 'শুধুমাত্র এজেন্টরা ডাউনলাইনে স্থানান্তর করতে পারেন',
  },
  transfer_not_downline: {
    status: 403,
    en: 'You can only transfer to your direct downline',
    bn: 'আপনি শুধুমাত্র আপনার সরাসরি ডাউনলাইনে স্থানান্তর করতে পারেন',
  },
  transfer_to_self: {
    status: 422,
    en: 'You cannot transfer to yourself',
    bn: 'আপনি নিজেকে স্থানান্তর করতে পারবেন না',
  },
  transfer_account_blocked: {
    status: 403,
    en: 'This account cannot send or receive transfers',
    bn: 'এই অ্যাকাউন্ট স্থানান্তর পাঠাতে বা গ্রহণ করতে পারবে না',
  },
  transfer_disabled: {
    status: 403,
    en: 'Transfers are not available',
    bn: 'স্থানান্তর উপলব্ধ নেই',
  },
  transfer_amount_below_min: {
    status: 422,
    en: 'The amount is below the minimum transfer',
    bn: 'পরিমাণটি সর্বনিম্ন স্থানান্তরের চেয়ে কম',
  },
  transfer_amount_above_max: {
    status: 422,
    en: 'The amount is above the maximum transfer',
    bn: 'পরিমাণটি সর্বোচ্চ স্থানান্তরের চেয়ে বেশি',
  },
  transfer_daily_limit: {
    status: 409,
    en: 'This transfer would exceed your daily transfer limit',
    bn: 'এই স্থানান্তর আপনার দৈনিক স্থানান্তর সীমা অতিক্রম করবে',
  },
  transfer_settings_invalid: {
    status: 422,
    en: 'The minimum must not exceed the maximum, nor the maximum the daily limit',
    bn: 'সর্বনিম্ন সর্বোচ্চের বেশি হতে পারবে না, সর্বোচ্চ দৈনিক সীমার বেশি হতে পারবে না',
  },
} as const;
