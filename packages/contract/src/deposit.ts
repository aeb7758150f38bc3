import { ZRowId } from './ids.js';
import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ZAmount, ZMoney } from './money.js';
import { ADMIN_PAGE_SIZE, ZPage } from './admin.js';

/**
 * Deposits (API-REFERENCE §3.4). A merchant configures deposit channels:
 * - `bank`: a manual bank transfer. The player sees the bank details, transfers the money, then
 *   submits amount + reference (+ an optional receipt image); an operator approves or rejects.
 * - `online`: a payment gateway. The player gets the gateway's `payUrl`; the gateway's signed
 *   notification (`POST /wps/deposit/notify/:merchantCode`) credits the wallet, exactly once.
 *
 * Fee rule: the fee is charged to the member. A deposit of `amount` credits `amount - fee` to MAIN,
 * where `fee = feeFixed + floor(amount * feeRate / 10000)` (feeRate in basis points; the floor rounds
 * in the player's favour). The fee goes to the house fee account in the same ledger entry.
 */
export const DEPOSIT_KINDS = ['bank', 'online'] as const;
export type TDepositKind = (typeof DEPOSIT_KINDS)[number];
/** PENDING -> SUCCESS (credited) | FAILED (gateway declined) | REJECTED (operator refused a bank transfer) */
export const DEPOSIT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'REJECTED'] as const;
export type TDepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Largest receipt image (decoded bytes); PNG or JPEG recognised by content, not by name. */
export const DEPOSIT_RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

const ZOrderNo = z
  .string()
  .trim()
  .regex(/^D[0-9A-Z]{8,40}$/);

export const ZDepositChannel = z.object({
  id: z.number().int(),
  kind: z.enum(DEPOSIT_KINDS),
  name: z.string(),
  minAmount: ZMoney,
  maxAmount: ZMoney,
  /** fixed part of the fee, charged to the member */
  feeFixed: ZMoney,
  /** percentage part of the fee in basis points (100 = 1%), charged to the member */
  feeRate: z.number().int(),
  /** bank channels: where the player transfers to (null for online channels) */
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
});
export type TDepositChannel = z.infer<typeof ZDepositChannel>;

export const ZDepositSettings = z.object({
  /** "Y" when the merchant has at least one enabled channel */
  allowDeposit: z.enum(['Y', 'N']),
  totalDepositSuccessCount: z.number().int(),
  currency: z.string(),
  currencySymbol: z.string(),
  depositInfo: z.array(ZDepositChannel),
});

export const ZDepositOrder = z.object({
  orderNo: z.string(),
  channelId: z.number().int(),
  channelName: z.string(),
  kind: z.enum(DEPOSIT_KINDS),
  /** what the player paid */
  amount: ZMoney,
  fee: ZMoney,
  /** what reaches (or reached) MAIN: amount - fee */
  creditAmount: ZMoney,
  status: z.enum(DEPOSIT_STATUSES),
  /** the player's bank transfer reference (bank channels) */
  reference: z.string().nullable(),
  /** operator's remark on approval or rejection */
  remark: z.string().nullable(),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TDepositOrder = z.infer<typeof ZDepositOrder>;

/**
 * Receipt image: base64 (optionally as a `data:image/...;base64,` URL). Length bound = the base64 of
 * DEPOSIT_RECEIPT_MAX_BYTES plus a data-URL prefix; the decoded size and the type are checked by content.
 */
const ZReceipt = z
  .string()
  .max(Math.ceil(DEPOSIT_RECEIPT_MAX_BYTES / 3) * 4 + 64)
  .min(8);

export const ZSubmitDepositRequest = z.object({
  channelId: ZRowId,
  amount: ZAmount,
  reference: z.string().trim().min(1).max(64),
  receipt: ZReceipt.optional(),
});
export type TSubmitDepositRequest = z.input<typeof ZSubmitDepositRequest>;

export const ZCreateOnlineDepositRequest = z.object({
  channelId: ZRowId,
  amount: ZAmount,
});
export type TCreateOnlineDepositRequest = z.input<typeof ZCreateOnlineDepositRequest>;

export const ZDepositHistoryQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(DEPOSIT_STATUSES).optional(),
});

/** What the gateway posts to the notify URL (apps/test-gateway/README.md), checked after the signature. */
export const ZDepositNotification = z.object({
  mchId: z.string().min(1).max(64),
  orderNo: z.string().min(1).max(64),
  payOrderId: z.string().min(1).max(128),
  amount: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.enum(['SUCCESS', 'FAILED']),
  paidAt: z.string().nullable().optional(),
});
export type TDepositNotification = z.infer<typeof ZDepositNotification>;

const tags = ['deposit'];
export const depositEndpoints = {
  settings: defineEndpoint({
    id: 'deposit.settings',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositSettings',
    auth: 'member',
    members: REAL_MEMBERS,
    response: ZDepositSettings,
    summary: 'Deposit channels of the merchant (bank details for bank transfers), limits and fees',
    tags,
  }),
  submit: defineEndpoint({
    id: 'deposit.submit',
    method: 'POST',
    path: '/wps/relay/MCSFE_submitDeposit',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZSubmitDepositRequest,
    response: ZDepositOrder,
    summary:
      'Bank-transfer deposit: amount, reference and an optional receipt image (PNG/JPEG, at most 5 MB); PENDING until an operator reviews it',
    tags,
  }),
  createOnline: defineEndpoint({
    id: 'deposit.createOnline',
    method: 'POST',
    path: '/wps/relay/MCSFE_createOnlineDeposit',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZCreateOnlineDepositRequest,
    response: z.object({ orderNo: z.string(), payUrl: z.string() }),
    summary:
      "Online deposit: creates the order at the channel's gateway; send the player to payUrl. The gateway's notification credits the wallet",
    tags,
  }),
  history: defineEndpoint({
    id: 'deposit.history',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositHistory',
    auth: 'member',
    members: REAL_MEMBERS,
    query: ZDepositHistoryQuery,
    response: z.object({
      list: z.array(ZDepositOrder),
      pageNo: z.number().int(),
      pageSize: z.number().int(),
      totalCount: z.number().int(),
      totalPages: z.number().int(),
    }),
    summary: "The member's deposits, newest first",
    tags,
  }),
  order: defineEndpoint({
    id: 'deposit.order',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositOrder',
    auth: 'member',
    members: REAL_MEMBERS,
    query: z.object({ orderNo: ZOrderNo }),
    response: ZDepositOrder,
    summary: "One of the member's deposits (the page the gateway returns the player to reads it)",
    tags,
  }),
  notify: defineEndpoint({
    id: 'deposit.notify',
    method: 'POST',
    path: '/wps/deposit/notify/:merchantCode',
    auth: 'none',
    params: z.object({ merchantCode: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) }),
    response: z.literal('success'),
    summary:
      'Payment gateway notification (JSON, X-Signature = hex HMAC-SHA256 of the raw body): verified, applied once; answers the bare text `success`',
    tags,
  }),
};

// ---- Operator API ------------------------------------------------------------------------------

export const ZDepositChannelAdmin = ZDepositChannel.extend({
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  gatewayUrl: z.string().nullable(),
  gatewayMchId: z.string().nullable(),
  /** the secret itself is never returned */
  hasGatewaySecret: z.boolean(),
});
export type TDepositChannelAdmin = z.infer<typeof ZDepositChannelAdmin>;

const channelFields = {
  kind: z.enum(DEPOSIT_KINDS),
  name: z.string().trim().min(1).max(64),
  bankName: z.string().trim().min(1).max(64).nullable(),
  accountName: z.string().trim().min(1).max(64).nullable(),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{4,40}$/)
    .nullable(),
  gatewayUrl: z
    .url({ protocol: /^https?$/ })
    .max(512)
    .nullable(),
  gatewayMchId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .nullable(),
  /** write-only */
  gatewaySecret: z.string().min(8).max(256),
  minAmount: ZAmount,
  maxAmount: ZAmount,
  feeFixed: ZAmount,
  /** basis points, below 100% */
  feeRate: z.number().int().min(0).max(9999),
  enabled: z.boolean(),
  sortOrder: z.number().int().min(-100000).max(100000),
};

/**
 * Bank channels need bankName, accountName and accountNumber; online channels gatewayUrl, gatewayMchId
 * and gatewaySecret. min <= max, and the fee must leave something to credit at minAmount (checked by
 * the service, which also checks them after an update merges the patch over the stored channel).
 */
export const ZDepositChannelInput = z.object({
  ...channelFields,
  bankName: channelFields.bankName.optional(),
  accountName: channelFields.accountName.optional(),
  accountNumber: channelFields.accountNumber.optional(),
  gatewayUrl: channelFields.gatewayUrl.optional(),
  gatewayMchId: channelFields.gatewayMchId.optional(),
  gatewaySecret: channelFields.gatewaySecret.optional(),
  feeFixed: channelFields.feeFixed.default('0'),
  feeRate: channelFields.feeRate.default(0),
  enabled: channelFields.enabled.default(true),
  sortOrder: channelFields.sortOrder.default(0),
});
export type TDepositChannelInput = z.output<typeof ZDepositChannelInput>;

/** Any subset of the fields; an omitted gatewaySecret keeps the stored one. */
export const ZDepositChannelUpdate = z
  .object({
    kind: channelFields.kind.optional(),
    name: channelFields.name.optional(),
    bankName: channelFields.bankName.optional(),
    accountName: channelFields.accountName.optional(),
    accountNumber: channelFields.accountNumber.optional(),
    gatewayUrl: channelFields.gatewayUrl.optional(),
    gatewayMchId: channelFields.gatewayMchId.optional(),
    gatewaySecret: channelFields.gatewaySecret.optional(),
    minAmount: channelFields.minAmount.optional(),
    maxAmount: channelFields.maxAmount.optional(),
    feeFixed: channelFields.feeFixed.optional(),
    feeRate: channelFields.feeRate.optional(),
    enabled: channelFields.enabled.optional(),
    sortOrder: channelFields.sortOrder.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type TDepositChannelUpdate = z.output<typeof ZDepositChannelUpdate>;

export const ZDepositAdminRow = ZDepositOrder.extend({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  hasReceipt: z.boolean(),
  /** gateway's order id (online) */
  payOrderId: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type TDepositAdminRow = z.infer<typeof ZDepositAdminRow>;

/** Query dates: ISO date-time or plain `YYYY-MM-DD` (midnight UTC). */
const ZIsoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const ZDepositAdminQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
  status: z.enum(DEPOSIT_STATUSES).optional(),
  kind: z.enum(DEPOSIT_KINDS).optional(),
  channelId: ZRowId.optional(),
  username: z.string().trim().min(1).max(40).optional(),
  orderNo: z.string().trim().min(1).max(64).optional(),
  /** inclusive */
  from: ZIsoDate.optional(),
  /** exclusive */
  to: ZIsoDate.optional(),
});
export type TDepositAdminQuery = z.output<typeof ZDepositAdminQuery>;

export const ZDepositReview = z.object({ remark: z.string().trim().max(200).optional() });
const ZChannelParams = z.object({ id: ZRowId });
const ZOrderParams = z.object({ orderNo: ZOrderNo });

const adminTags = ['admin'];
export const adminDepositEndpoints = {
  channels: defineEndpoint({
    id: 'admin.depositChannel.list',
    method: 'GET',
    path: '/admin/api/deposit-channels',
    auth: 'operator',
    response: z.array(ZDepositChannelAdmin),
    summary: 'Deposit channels of the merchant, enabled or not (gateway secrets never shown)',
    tags: adminTags,
  }),
  createChannel: defineEndpoint({
    id: 'admin.depositChannel.create',
    method: 'POST',
    path: '/admin/api/deposit-channels',
    auth: 'operator',
    body: ZDepositChannelInput,
    response: ZDepositChannelAdmin,
    summary: 'Create a deposit channel (audited; owner/admin)',
    tags: adminTags,
  }),
  updateChannel: defineEndpoint({
    id: 'admin.depositChannel.update',
    method: 'PUT',
    path: '/admin/api/deposit-channels/:id',
    auth: 'operator',
    params: ZChannelParams,
    body: ZDepositChannelUpdate,
    response: ZDepositChannelAdmin,
    summary: 'Change fields of a deposit channel (audited; owner/admin; omitted secret kept)',
    tags: adminTags,
  }),
  list: defineEndpoint({
    id: 'admin.deposit.list',
    method: 'GET',
    path: '/admin/api/deposits',
    auth: 'operator',
    query: ZDepositAdminQuery,
    response: ZPage(ZDepositAdminRow),
    summary: 'Deposits of the merchant, newest first, with filters',
    tags: adminTags,
  }),
  receipt: defineEndpoint({
    id: 'admin.deposit.receipt',
    method: 'GET',
    path: '/admin/api/deposits/:orderNo/receipt',
    auth: 'operator',
    params: ZOrderParams,
    response: z.object({ contentType: z.enum(['image/png', 'image/jpeg']), data: z.string() }),
    summary: 'The receipt image of a bank deposit (base64 in `data`)',
    tags: adminTags,
  }),
  approve: defineEndpoint({
    id: 'admin.deposit.approve',
    method: 'POST',
    path: '/admin/api/deposits/:orderNo/approve',
    auth: 'operator',
    params: ZOrderParams,
    body: ZDepositReview,
    response: ZDepositAdminRow,
    summary: 'Approve a PENDING bank deposit: credits the wallet once (audited; owner/admin)',
    tags: adminTags,
  }),
  reject: defineEndpoint({
    id: 'admin.deposit.reject',
    method: 'POST',
    path: '/admin/api/deposits/:orderNo/reject',
    auth: 'operator',
    params: ZOrderParams,
    body: ZDepositReview,
    response: ZDepositAdminRow,
    summary: 'Reject a PENDING bank deposit (audited; owner/admin)',
    tags: adminTags,
  }),
};

export const DEPOSIT_ERRORS = {
  deposit_channel_unavailable: {
    status: 404,
    en: 'This deposit method is not available',
    bn: 'এই ডিপোজিট পদ্ধতিটি উপলব্ধ নয়',
  },
  deposit_amount_too_small: {
    status: 422,
    en: 'The amount is below the minimum deposit',
    bn: 'পরিমাণটি সর্বনিম্ন ডিপোজিটের চেয়ে কম',
  },
  deposit_amount_too_large: {
    status: 422,
    en: 'The amount is above the maximum deposit',
    bn: 'পরিমাণটি সর্বোচ্চ ডিপোজিটের চেয়ে বেশি',
  },
  deposit_receipt_invalid: {
    status: 422,
    en: 'The receipt must be a PNG or JPEG image of at most 5 MB',
    bn: 'রসিদটি অবশ্যই সর্বোচ্চ ৫ MB এর PNG বা JPEG ছবি হতে হবে',
  },
  deposit_not_found: {
    status: 404,
    en: 'Deposit not found',
    bn: 'ডিপোজিট পাওয়া যায়নি',
  },
  deposit_not_pending: {
    status: 409,
    en: 'This deposit was already processed',
    bn: 'এই ডিপোজিটটি ইতিমধ্যে প্রক্রিয়া করা হয়েছে',
  },
  deposit_not_reviewable: {
    status: 409,
    en: 'Only bank transfer deposits are reviewed by an operator',
    bn: 'শুধুমাত্র ব্যাংক ট্রান্সফার ডিপোজিট অপারেটর পর্যালোচনা করেন',
  },
  deposit_gateway_error: {
    status: 502,
    en: 'The payment service is unavailable, please try again later',
    bn: 'পেমেন্ট সেবা এখন উপলব্ধ নয়, পরে আবার চেষ্টা করুন',
  },
  deposit_signature_invalid: {
    status: 401,
    en: 'Invalid signature',
    bn: 'অবৈধ স্বাক্ষর',
  },
  deposit_notify_mismatch: {
    status: 409,
    en: 'The notification does not match the order',
    bn: 'নোটিফিকেশনটি অর্ডারের সাথে মেলে না',
  },
} as const;
