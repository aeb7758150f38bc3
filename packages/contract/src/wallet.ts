import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS, REAL_MEMBERS } from './endpoint.js';
import { ZAmount, ZMoney, ZMoneyNumber } from './money.js';

/**
 * The player's wallets (API-REFERENCE §3.3). Balances are JSON numbers written with exactly the
 * merchant's decimals (`1234.50`), as the original's clients read them; other amounts in a response
 * are decimal text ("1234.50"). Requests take decimal text or a JSON number with at most that many
 * decimals (more is `amount_invalid`, never rounded).
 *
 * Accounts: `MAIN` (accountTypeId 2, the row clients read) holds real money; trial accounts hold play
 * money in their MAIN row. Transfer-wallet vendors (the merchant's vendors with walletMode
 * `transfer`) each have a sub-wallet (accountTypeId 10 with its `vendorCode`); seamless vendors play
 * straight from MAIN.
 */
export const ACCOUNT_TYPE_ID = { MAIN: 2, VENDOR: 10 } as const;
export const MAIN_WALLET = 'MAIN';

export const ZWalletRow = z.object({
  accountTypeId: z.number().int(),
  /** `MAIN` or the vendor code of a sub-wallet */
  accountType: z.string(),
  vendorCode: z.string().nullable(),
  /** balance minus open holds (pending withdrawals) */
  availBalance: ZMoneyNumber,
  balance: ZMoneyNumber,
  /** open holds */
  frozenBalance: ZMoneyNumber,
});
/** A row as clients read it (numbers); the server builds `z.input` (exact decimals). */
export type TWalletRow = z.infer<typeof ZWalletRow>;
export type TWalletRowReply = z.input<typeof ZWalletRow>;

export const ZWalletBalance = z.object({
  /** sum of availBalance over every row */
  sumBalance: ZMoneyNumber,
  currency: z.string(),
  currencySymbol: z.string(),
  decimals: z.number().int(),
  /** play money (trial account) */
  playMoney: z.boolean(),
  balance: z.array(ZWalletRow),
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;
export type TWalletBalanceReply = z.input<typeof ZWalletBalance>;

export const ZMerchantWallet = z.object({
  /** single (seamless) wallet: every vendor plays from MAIN and there is nothing to transfer */
  isSingle: z.boolean(),
  /** vendors with their own sub-wallet (transfer wallet) */
  transferVendors: z.array(z.object({ vendorCode: z.string(), displayName: z.string() })),
});
export type TMerchantWallet = z.infer<typeof ZMerchantWallet>;

/**
 * Agent-contract flags (SPEC §3 "Consolidated contract flags", API-REFERENCE 3.2) and the funds
 * summary. The `*req*` flags say whether a contract of that kind is requested of the member, the
 * `*info*` ones whether the member has one (the app shows the salary and contract pages from them);
 * 0 = none. The balances are the same numbers as `/wps/v2/wallets/balance`.
 */
export const ZConsolidatedFunds = z.object({
  dailysalreqtype: z.number().int(),
  divtypereq: z.number().int(),
  contracthoursalreq: z.number().int(),
  realtimesalreqtype: z.number().int(),
  /** monthly/daily salary contract */
  contractmrdailysalinfotype: z.number().int(),
  /** hourly salary contract */
  contracthoursalinfo: z.number().int(),
  /** daily salary */
  dailysalinfotype: z.number().int(),
  /** dividend contract */
  divtypeinfo: z.number().int(),
  /** real-time salary contract */
  realtimesalinfotype: z.number().int(),
  /** sum of availBalance over every wallet */
  sumBalance: ZMoneyNumber,
  /** MAIN's balance (holds included) and its open holds */
  balance: ZMoneyNumber,
  frozenBalance: ZMoneyNumber,
  currency: z.string(),
  currencySymbol: z.string(),
});
export type TConsolidatedFundsReply = z.input<typeof ZConsolidatedFunds>;

/**
 * Moves money between MAIN and a vendor sub-wallet. `recallAll: true` moves every sub-wallet back to
 * MAIN (from/to/amount ignored). `requestId` makes a retry harmless: the same id answers the first
 * result.
 */
export const ZWalletTransferRequest = z
  .object({
    from: z.string().trim().min(1).max(32).optional(),
    to: z.string().trim().min(1).max(32).optional(),
    amount: ZAmount.optional(),
    recallAll: z.boolean().optional(),
    requestId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .refine((b) => b.recallAll || (b.from && b.to && b.amount !== undefined), {
    message: 'from, to and amount are required unless recallAll',
  });
export type TWalletTransferRequest = z.input<typeof ZWalletTransferRequest>;

export const ZWalletTransferResult = z.object({
  /** amount moved in total */
  amount: ZMoney,
  wallets: ZWalletBalance,
});

const tags = ['wallet'];
export const walletEndpoints = {
  balance: defineEndpoint({
    id: 'wallet.balance',
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    modId: 'COMM3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: z.object({ typeId: z.coerce.number().int().optional() }),
    response: ZWalletBalance,
    summary: "The member's wallets (accountTypeId 2 = MAIN)",
    tags,
  }),
  merchantWallet: defineEndpoint({
    id: 'wallet.merchantWallet',
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    modId: 'COMM3',
    auth: 'member',
    members: MEMBER_KINDS,
    response: ZMerchantWallet,
    summary: 'Whether the merchant runs a single (seamless) wallet',
    tags,
  }),
  consolidated: defineEndpoint({
    id: 'wallet.consolidated',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    modId: 'COMM3',
    auth: 'member',
    members: MEMBER_KINDS,
    response: ZConsolidatedFunds,
    summary: 'Funds summary and agent-contract flags',
    tags,
  }),
  transfer: defineEndpoint({
    id: 'wallet.transfer',
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    modId: 'FUNDTRANS3',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZWalletTransferRequest,
    response: ZWalletTransferResult,
    summary: 'Transfer between MAIN and a vendor sub-wallet, or recall every sub-wallet to MAIN',
    tags,
  }),
};

export const WALLET_ERRORS = {
  amount_invalid: {
    status: 422,
    en: 'Please enter a valid amount',
    bn: 'অনুগ্রহ করে একটি সঠিক পরিমাণ লিখুন',
  },
  insufficient_balance: {
    status: 409,
    en: 'Insufficient balance',
    bn: 'অপর্যাপ্ত ব্যালেন্স',
  },
  wallet_not_found: {
    status: 404,
    en: 'This wallet does not exist',
    bn: 'এই ওয়ালেটটি বিদ্যমান নেই',
  },
  hold_closed: {
    status: 409,
    en: 'This request was already completed or cancelled',
    bn: 'এই অনুরোধটি ইতিমধ্যে সম্পন্ন বা বাতিল হয়েছে',
  },
  idempotency_conflict: {
    status: 409,
    en: 'This request id was already used for a different request',
    bn: 'এই অনুরোধ আইডি ইতিমধ্যে অন্য অনুরোধে ব্যবহৃত হয়েছে',
  },
} as const;
