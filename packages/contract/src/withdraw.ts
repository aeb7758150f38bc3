import { ZRowId } from './ids.js';
import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ADMIN_PAGE_SIZE } from './admin.js';
import { ZAmount, ZMoney } from './money.js';

/**
 * Withdrawals (API-REFERENCE §3.4, SPEC §4 "Withdrawal confirmation"). A request places a hold on the
 * member's MAIN wallet (PENDING); the member may cancel it, an operator approves (the hold is paid out:
 * PAID_OUT) or rejects it (the hold is released). After a payout the member confirms receipt (RECEIVED),
 * reports it not received with proof images (DISPUTED), or lets the merchant's auto-receive timeout
 * confirm it. An operator resolves a dispute as received or refunds it (REFUNDED).
 */
export const WITHDRAW_STATUSES = [
  'PENDING',
  'CANCELLED',
  'REJECTED',
  'PAID_OUT',
  'RECEIVED',
  'DISPUTED',
  'REFUNDED',
] as const;
export type TWithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** Proof images of a "not received" report: png or jpeg (checked by content), at most 3 of 5 MB each. */
export const WITHDRAW_PROOF = {
  MAX_FILES: 3,
  MAX_BYTES: 5 * 1024 * 1024,
  /** base64 text a little over 5 MB of bytes, so an oversized file gets its own error, not a shape error */
  MAX_BASE64_CHARS: 7_200_000,
  CONTENT_TYPES: ['image/png', 'image/jpeg'] as const,
} as const;

const ZId = z.union([z.string().regex(/^\d{1,18}$/), z.number().int().positive()]).transform(String);

export const ZBankAccount = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** only the last four digits shown */
  accountNumber: z.string(),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone */
  createdAt: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZWithdrawSettings = z.object({
  minimumAmount: ZMoney,
  maximumAmount: ZMoney,
  /** withdrawal requests a member may make per calendar day of the merchant */
  dailyCount: z.number().int(),
  /** a payout not confirmed within this many minutes counts as received */
  autoReceiveMinutes: z.number().int(),
  maxBankAccounts: z.number().int(),
  hasPaymentPassword: z.boolean(),
  /** the member's payee (real) name: bank account names must match it */
  payeeName: z.string().nullable(),
  bankAccounts: z.array(ZBankAccount),
  currency: z.string(),
  currencySymbol: z.string(),
});
export type TWithdrawSettings = z.infer<typeof ZWithdrawSettings>;

/** Account numbers: 6 to 20 digits; spaces and hyphens between groups are ignored. */
export const ZBankAccountNumber = z
  .string()
  .trim()
  .max(40)
  .regex(/^[0-9][0-9 -]*$/, 'digits only');

export const ZBankAccountAddRequest = z.object({
  bankName: z.string().trim().min(1).max(60),
  accountName: z.string().trim().min(1).max(60),
  accountNumber: ZBankAccountNumber,
});
export type TBankAccountAddRequest = z.input<typeof ZBankAccountAddRequest>;

export const ZWithdrawRequest = z.object({
  amount: ZAmount,
  bankAccountId: ZId,
  paymentPassword: z.string().min(1).max(128),
  /** makes a retry harmless: the same id answers the first request */
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type TWithdrawRequest = z.input<typeof ZWithdrawRequest>;

export const ZWithdrawal = z.object({
  id: z.string(),
  amount: ZMoney,
  status: z.enum(WITHDRAW_STATUSES),
  bankName: z.string(),
  accountName: z.string(),
  /** masked */
  accountNumber: z.string(),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone (all times below alike) */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** PAID_OUT: when it will count as received unless the member says otherwise */
  autoReceiveAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** member, auto or operator */
  confirmedBy: z.string().nullable(),
  /** what the member says arrived (not-received report) */
  receivedAmount: ZMoney.nullable(),
  /** amount minus receivedAmount */
  remainingAmount: ZMoney.nullable(),
  refundAmount: ZMoney.nullable(),
  rejectReason: z.string().nullable(),
  proofIds: z.array(z.string()),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const ZWithdrawIdRequest = z.object({ withdrawId: ZId });

export const ZWithdrawHistoryQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(WITHDRAW_STATUSES).optional(),
});

export const ZWithdrawPage = z.object({
  list: z.array(ZWithdrawal),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const ZWithdrawProofUpload = z.object({
  fileName: z.string().trim().max(200).optional(),
  /** the file's bytes, base64 (a data: URL prefix is accepted) */
  data: z.string().min(1).max(WITHDRAW_PROOF.MAX_BASE64_CHARS),
});

/**
 * Receipt of a payout: `received: true` confirms it; `received: false` reports it not (fully)
 * received with 1-3 proof images and optionally the part that did arrive.
 */
export const ZPaymentConfirmRequest = z
  .object({
    withdrawId: ZId,
    received: z.boolean(),
    receivedAmount: ZAmount.optional(),
    remark: z.string().trim().max(500).optional(),
    images: z.array(ZWithdrawProofUpload).max(WITHDRAW_PROOF.MAX_FILES).optional(),
  })
  .refine((b) => b.received || (b.images?.length ?? 0) >= 1, {
    message: 'a not-received report needs at least one proof image',
    path: ['images'],
  });
export type TPaymentConfirmRequest = z.input<typeof ZPaymentConfirmRequest>;

export const ZPaymentConfirmationList = z.object({
  list: z.array(ZWithdrawal),
  autoReceiveMinutes: z.number().int(),
});

const ZProofParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

const tags = ['withdraw'];
export const withdrawEndpoints = {
  settings: defineEndpoint({
    id: 'withdraw.settings',
    method: 'GET',
    path: '/wps/relay/MCSFE_getWithdrawSettings',
    auth: 'member',
    members: REAL_MEMBERS,
    query: z.object({ groupId: z.coerce.number().int().optional() }),
    response: ZWithdrawSettings,
    summary: 'Withdrawal limits, auto-receive timeout, payment-password flag and bound bank accounts',
    tags,
  }),
  bankAccounts: defineEndpoint({
    id: 'withdraw.bankAccounts',
    method: 'GET',
    path: '/wps/member/bankCard',
    auth: 'member',
    members: REAL_MEMBERS,
    response: z.array(ZBankAccount),
    summary: "The member's bank accounts (numbers masked)",
    tags,
  }),
  addBankAccount: defineEndpoint({
    id: 'withdraw.bankAccounts.add',
    method: 'PUT',
    path: '/wps/member/bankCard',
    auth: 'member',
    members: REAL_MEMBERS,
    encrypted: true,
    body: ZBankAccountAddRequest,
    response: ZBankAccount,
    summary:
      "Binds a bank account; its name must match the member's payee name (the first account sets it when none)",
    tags,
  }),
  removeBankAccount: defineEndpoint({
    id: 'withdraw.bankAccounts.remove',
    method: 'DELETE',
    path: '/wps/member/bankCard/:id',
    auth: 'member',
    members: REAL_MEMBERS,
    params: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
    response: z.object({ id: z.string(), removed: z.literal(true) }),
    summary: 'Unbinds a bank account',
    tags,
  }),
  withdraw: defineEndpoint({
    id: 'withdraw.request',
    method: 'POST',
    path: '/wps/v2/transaction/withdraw',
    auth: 'member',
    members: REAL_MEMBERS,
    encrypted: true,
    body: ZWithdrawRequest,
    response: ZWithdrawal,
    summary: 'Requests a withdrawal to a bound bank account: holds the amount (PENDING)',
    tags,
  }),
  cancel: defineEndpoint({
    id: 'withdraw.cancel',
    method: 'POST',
    path: '/wps/relay/MCSFE_cancelWithdraw',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZWithdrawIdRequest,
    response: ZWithdrawal,
    summary: 'Cancels the member’s own PENDING withdrawal (the hold is released)',
    tags,
  }),
  history: defineEndpoint({
    id: 'withdraw.history',
    method: 'GET',
    path: '/wps/report/withdrawTransaction',
    auth: 'member',
    members: REAL_MEMBERS,
    query: ZWithdrawHistoryQuery,
    response: ZWithdrawPage,
    summary: "The member's withdrawals, newest first",
    tags,
  }),
  confirmationList: defineEndpoint({
    id: 'withdraw.confirmationList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPaymentConfirmationList',
    auth: 'member',
    members: REAL_MEMBERS,
    response: ZPaymentConfirmationList,
    summary: 'Payouts awaiting the member’s receipt confirmation',
    tags,
  }),
  confirm: defineEndpoint({
    id: 'withdraw.confirm',
    method: 'POST',
    path: '/wps/relay/MCSFE_confirmPayment',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZPaymentConfirmRequest,
    response: ZWithdrawal,
    summary: 'Marks a payout received, or not received with proof images (png/jpeg, at most 3, 5 MB each)',
    tags,
  }),
  confirmAll: defineEndpoint({
    id: 'withdraw.confirmAll',
    method: 'POST',
    path: '/wps/relay/MCSFE_confirmAllPayments',
    auth: 'member',
    members: REAL_MEMBERS,
    response: z.object({ confirmed: z.number().int() }),
    summary: 'Marks every payout awaiting confirmation received',
    tags,
  }),
  proof: defineEndpoint({
    id: 'withdraw.proof',
    method: 'GET',
    path: '/wps/withdraw/proof/:id',
    auth: 'member',
    members: REAL_MEMBERS,
    params: ZProofParams,
    response: z.string(),
    summary: 'One of the member’s proof images (the image bytes, with its content type)',
    tags,
  }),
};

// ---- operator API ----

export const ZWithdrawSettingsAdmin = z.object({
  minimumAmount: ZMoney,
  maximumAmount: ZMoney,
  dailyCount: z.number().int(),
  autoReceiveMinutes: z.number().int(),
  maxBankAccounts: z.number().int(),
});

export const ZWithdrawSettingsInput = z
  .object({
    minimumAmount: ZAmount,
    maximumAmount: ZAmount,
    dailyCount: z.number().int().min(1).max(1000),
    autoReceiveMinutes: z.number().int().min(1).max(10_080),
    maxBankAccounts: z.number().int().min(1).max(20),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'nothing to change' });
export type TWithdrawSettingsInput = z.input<typeof ZWithdrawSettingsInput>;

export const ZAdminWithdrawal = ZWithdrawal.extend({
  memberId: z.number().int(),
  username: z.string(),
  /** full number: the operator pays to it */
  accountNumber: z.string(),
  remark: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  /** ISO times in the operator API */
  createdAt: z.string(),
});
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;

const ZIsoDate = z.iso.datetime({ offset: true }).or(z.iso.date());
export const ZAdminWithdrawQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
  status: z.enum(WITHDRAW_STATUSES).optional(),
  memberId: ZRowId.optional(),
  username: z.string().trim().min(1).max(40).optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
});

const ZWithdrawParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const adminTags = ['admin', 'withdraw'];

export const withdrawAdminEndpoints = {
  getSettings: defineEndpoint({
    id: 'admin.withdraw.settings.get',
    method: 'GET',
    path: '/admin/api/withdraw/settings',
    auth: 'operator',
    response: ZWithdrawSettingsAdmin,
    summary: 'Withdrawal limits and auto-receive timeout of the merchant',
    tags: adminTags,
  }),
  updateSettings: defineEndpoint({
    id: 'admin.withdraw.settings.update',
    method: 'PUT',
    path: '/admin/api/withdraw/settings',
    auth: 'operator',
    body: ZWithdrawSettingsInput,
    response: ZWithdrawSettingsAdmin,
    summary: 'Changes withdrawal limits (audited)',
    tags: adminTags,
  }),
  list: defineEndpoint({
    id: 'admin.withdraw.list',
    method: 'GET',
    path: '/admin/api/withdrawals',
    auth: 'operator',
    query: ZAdminWithdrawQuery,
    response: z.object({
      list: z.array(ZAdminWithdrawal),
      pageNo: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
    }),
    summary: 'Withdrawals of the merchant, newest first, filtered',
    tags: adminTags,
  }),
  get: defineEndpoint({
    id: 'admin.withdraw.get',
    method: 'GET',
    path: '/admin/api/withdrawals/:id',
    auth: 'operator',
    params: ZWithdrawParams,
    response: ZAdminWithdrawal,
    summary: 'One withdrawal with its proof image ids',
    tags: adminTags,
  }),
  approve: defineEndpoint({
    id: 'admin.withdraw.approve',
    method: 'POST',
    path: '/admin/api/withdrawals/:id/approve',
    auth: 'operator',
    params: ZWithdrawParams,
    body: z.object({ remark: z.string().trim().max(500).optional() }),
    response: ZAdminWithdrawal,
    summary: 'Pays a PENDING withdrawal out (PAID_OUT, awaiting the member’s receipt); audited',
    tags: adminTags,
  }),
  reject: defineEndpoint({
    id: 'admin.withdraw.reject',
    method: 'POST',
    path: '/admin/api/withdrawals/:id/reject',
    auth: 'operator',
    params: ZWithdrawParams,
    body: z.object({ reason: z.string().trim().min(1).max(500) }),
    response: ZAdminWithdrawal,
    summary: 'Rejects a PENDING withdrawal (the hold is released); audited',
    tags: adminTags,
  }),
  resolve: defineEndpoint({
    id: 'admin.withdraw.resolve',
    method: 'POST',
    path: '/admin/api/withdrawals/:id/resolve',
    auth: 'operator',
    params: ZWithdrawParams,
    body: z.object({
      /** received: checked, it arrived; refund: money back to the member's MAIN */
      action: z.enum(['received', 'refund']),
      /** refund amount; default the remaining amount the member reported */
      amount: ZAmount.optional(),
      remark: z.string().trim().max(500).optional(),
    }),
    response: ZAdminWithdrawal,
    summary: 'Resolves a DISPUTED payout as received or refunds it (once); audited',
    tags: adminTags,
  }),
  proof: defineEndpoint({
    id: 'admin.withdraw.proof',
    method: 'GET',
    path: '/admin/api/withdrawal-proofs/:id',
    auth: 'operator',
    params: ZProofParams,
    response: z.string(),
    summary: 'A proof image of a not-received report (the image bytes)',
    tags: adminTags,
  }),
};

export const WITHDRAW_ERRORS = {
  withdraw_below_minimum: {
    status: 422,
    en: 'The amount is below the minimum withdrawal',
    bn: 'পরিমাণটি সর্বনিম্ন উত্তোলনের চেয়ে কম',
  },
  withdraw_above_maximum: {
    status: 422,
    en: 'The amount is above the maximum withdrawal',
    bn: 'পরিমাণটি সর্বোচ্চ উত্তোলনের চেয়ে বেশি',
  },
  withdraw_daily_limit: {
    status: 409,
    en: 'You have reached the number of withdrawals allowed today',
    bn: 'আজকের জন্য অনুমোদিত উত্তোলনের সংখ্যা পূর্ণ হয়েছে',
  },
  withdraw_turnover_unmet: {
    status: 409,
    en: 'The required turnover has not been reached yet',
    bn: 'প্রয়োজনীয় টার্নওভার এখনও পূরণ হয়নি',
  },
  withdraw_not_found: {
    status: 404,
    en: 'This withdrawal does not exist',
    bn: 'এই উত্তোলনটি বিদ্যমান নেই',
  },
  withdraw_status_invalid: {
    status: 409,
    en: 'This withdrawal can no longer be changed this way',
    bn: 'এই উত্তোলনটি আর এভাবে পরিবর্তন করা যাবে না',
  },
  withdraw_settings_invalid: {
    status: 422,
    en: 'The minimum must not be above the maximum',
    bn: 'সর্বনিম্ন পরিমাণ সর্বোচ্চের চেয়ে বেশি হতে পারে না',
  },
  withdraw_received_amount_invalid: {
    status: 422,
    en: 'The received amount must be less than the payout',
    bn: 'প্রাপ্ত পরিমাণ অবশ্যই প্রদত্ত পরিমাণের চেয়ে কম হতে হবে',
  },
  withdraw_proof_invalid: {
    status: 422,
    en: 'Proof images must be PNG or JPG pictures',
    bn: 'প্রমাণের ছবি অবশ্যই PNG বা JPG হতে হবে',
  },
  withdraw_proof_too_large: {
    status: 413,
    en: 'Each proof image may be at most 5 MB',
    bn: 'প্রতিটি প্রমাণের ছবি সর্বোচ্চ ৫ MB হতে পারে',
  },
  bank_account_name_mismatch: {
    status: 422,
    en: 'The account name must match your real name',
    bn: 'অ্যাকাউন্টের নাম অবশ্যই আপনার আসল নামের সাথে মিলতে হবে',
  },
  bank_account_number_invalid: {
    status: 422,
    en: 'Please enter a valid account number (6 to 20 digits)',
    bn: 'অনুগ্রহ করে একটি সঠিক অ্যাকাউন্ট নম্বর লিখুন (৬ থেকে ২০ সংখ্যা)',
  },
  bank_account_limit: {
    status: 409,
    en: 'You have bound the maximum number of bank accounts',
    bn: 'আপনি সর্বোচ্চ সংখ্যক ব্যাংক অ্যাকাউন্ট যুক্ত করেছেন',
  },
  bank_account_duplicate: {
    status: 409,
    en: 'This bank account is already bound',
    bn: 'এই ব্যাংক অ্যাকাউন্টটি ইতিমধ্যে যুক্ত আছে',
  },
  bank_account_not_found: {
    status: 404,
    en: 'This bank account does not exist',
    bn: 'এই ব্যাংক অ্যাকাউন্টটি বিদ্যমান নেই',
  },
} as const;
