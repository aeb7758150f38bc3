import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZAmount, ZMoney } from './money.js';

/**
 * Seamless-wallet API that game vendors call (DOMAIN-NOTES §1): `POST /vendor/:vendor/wallet/<op>`.
 *
 * - The merchant comes from the `Merchant` header or the host, as for every call.
 * - Every request is signed: header `X-Signature` = lowercase hex HMAC-SHA256(vendor secret, raw
 *   body bytes). The secret is per merchant and vendor (`merchant_vendor`).
 * - `playerId` is the member id the vendor received at launch; `token` the vendor session token of
 *   that launch. Balance and debit need a live token; credit and rollback do not (vendors retry wins
 *   for hours, after the session expired or the player was blocked).
 * - Exactly once per (vendor, txnId, operation): a replay answers the stored result with the current
 *   balance; the same txnId with another amount, round or player is `vendor_txn_conflict`. A debit
 *   that failed for lack of funds stays failed: its replay answers the same failure.
 * - Rollback reverses a debit (`refTxnId`) of the player that has no win in its round yet. A rollback
 *   for an unknown debit succeeds and leaves a tombstone: a later debit with that id is refused
 *   with `vendor_txn_cancelled`.
 * - Failures use the envelope with `value: { balance }` (current balance) where a player is known;
 *   `errorCode` is ours unless the vendor configured its own code for it (`merchant_vendor.error_codes`).
 */
const ZId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/);

const ZPlayer = z.object({
  playerId: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/),
  currency: z.string().trim().min(3).max(8),
});

export const ZVendorBalanceRequest = ZPlayer.extend({ token: z.string().min(8).max(200) });
export const ZVendorDebitRequest = ZPlayer.extend({
  token: z.string().min(8).max(200),
  txnId: ZId,
  roundId: ZId,
  gameCode: z.string().trim().max(64).optional(),
  amount: ZAmount,
});
export const ZVendorCreditRequest = ZPlayer.extend({
  txnId: ZId,
  roundId: ZId,
  /** the bet this win settles, when the vendor knows it */
  refTxnId: ZId.optional(),
  gameCode: z.string().trim().max(64).optional(),
  /** zero closes a lost round */
  amount: ZAmount,
});
export const ZVendorRollbackRequest = ZPlayer.extend({
  txnId: ZId,
  refTxnId: ZId,
  roundId: ZId.optional(),
});
export type TVendorDebitRequest = z.input<typeof ZVendorDebitRequest>;
export type TVendorCreditRequest = z.input<typeof ZVendorCreditRequest>;
export type TVendorRollbackRequest = z.input<typeof ZVendorRollbackRequest>;

export const ZVendorWalletResult = z.object({
  balance: ZMoney,
  currency: z.string(),
  /** our id of the applied transaction (absent on balance) */
  transactionId: z.string().optional(),
  /** true when this answer repeats a transaction applied before */
  replayed: z.boolean().optional(),
});
export type TVendorWalletResult = z.infer<typeof ZVendorWalletResult>;

const ZVendorParams = z.object({ vendor: z.string().regex(/^[A-Za-z0-9_]{1,32}$/) });
const tags = ['vendor wallet'];
const op = <B extends z.ZodType>(name: string, body: B, summary: string) =>
  defineEndpoint({
    id: `vendorWallet.${name}`,
    method: 'POST',
    path: `/vendor/:vendor/wallet/${name}`,
    auth: 'none',
    params: ZVendorParams,
    body,
    response: ZVendorWalletResult,
    summary,
    tags,
  });

export const vendorWalletEndpoints = {
  balance: op('balance', ZVendorBalanceRequest, "Player's playable balance (live session token needed)"),
  debit: op('debit', ZVendorDebitRequest, 'Place a bet: debit the stake, exactly once per txnId'),
  credit: op('credit', ZVendorCreditRequest, 'Settle a win for a round (accepted after token expiry)'),
  rollback: op('rollback', ZVendorRollbackRequest, 'Refund a debit that has no win yet'),
};

export const VENDOR_WALLET_ERRORS = {
  vendor_signature_invalid: {
    status: 401,
    en: 'Invalid signature',
    bn: 'অবৈধ স্বাক্ষর',
  },
  vendor_unknown: { status: 404, en: 'Unknown vendor', bn: 'অজানা ভেন্ডর' },
  vendor_token_invalid: {
    status: 401,
    en: 'Session token invalid or expired',
    bn: 'সেশন টোকেন অবৈধ বা মেয়াদোত্তীর্ণ',
  },
  vendor_player_unknown: { status: 404, en: 'Unknown player', bn: 'অজানা খেলোয়াড়' },
  vendor_currency_mismatch: { status: 422, en: 'Currency mismatch', bn: 'মুদ্রা মেলেনি' },
  vendor_txn_conflict: {
    status: 409,
    en: 'Transaction id already used with different data',
    bn: 'লেনদেন আইডি ভিন্ন তথ্যসহ ইতিমধ্যে ব্যবহৃত',
  },
  vendor_txn_not_found: { status: 404, en: 'Unknown bet', bn: 'অজানা বাজি' },
  vendor_txn_cancelled: {
    status: 409,
    en: 'This bet was cancelled',
    bn: 'এই বাজিটি বাতিল করা হয়েছে',
  },
  vendor_round_settled: {
    status: 409,
    en: 'The round already has a win and cannot be rolled back',
    bn: 'এই রাউন্ডে ইতিমধ্যে জয় আছে, ফেরত নেওয়া যাবে না',
  },
  vendor_player_blocked: { status: 403, en: 'Player blocked', bn: 'খেলোয়াড় অবরুদ্ধ' },
  vendor_limit_reached: { status: 403, en: 'Bet limit reached', bn: 'বাজির সীমা পূর্ণ হয়েছে' },
  vendor_bonus_max_bet: {
    status: 403,
    en: 'This stake is above the maximum bet allowed while your bonus is being wagered',
    bn: 'বোনাস বাজি চলাকালীন এই বাজি সর্বোচ্চ অনুমোদিত বাজির চেয়ে বেশি',
  },
} as const;
