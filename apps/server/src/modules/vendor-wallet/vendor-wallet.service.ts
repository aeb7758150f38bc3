import { createHash, randomBytes } from 'node:crypto';
import {
  fromMinor,
  type TErrorCode,
  type TVendorWalletResult,
  type ZVendorBalanceRequest,
  type ZVendorCreditRequest,
  type ZVendorDebitRequest,
  type ZVendorRollbackRequest,
} from '@bp/contract';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db, Executor, PreparedQuery } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { Clock } from '../../platform/module.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { HOUSE_BUCKETS, type LedgerService } from '../ledger/index.js';
import { parseAmount } from '../wallet/index.js';
import { vendorWalletRepo } from './vendor-wallet.repo.js';
import { rows } from '../../platform/sql.js';
import { createWalletBatcher, type WalletApply, type WalletOpResult } from './wallet-batcher.js';

type BalanceReq = z.output<typeof ZVendorBalanceRequest>;
type DebitReq = z.output<typeof ZVendorDebitRequest>;
type CreditReq = z.output<typeof ZVendorCreditRequest>;
type RollbackReq = z.output<typeof ZVendorRollbackRequest>;

export const VENDOR_SESSION_TTL_MS = 4 * 3_600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** Player ids are member ids (int4); anything larger cannot be one of ours. */
function playerIdOf(playerId: string): number {
  const id = Number(playerId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new AppError('vendor_player_unknown');
  return id;
}

/**
 * The seamless wallet (DOMAIN-NOTES §1, rule by rule). Debits, credits and rollbacks are applied by
 * the database function `vendor_wallet_apply` (migration 0016): it locks the players' MAIN accounts
 * first, so every wallet call of one player is serialised on that row and the look-up of an earlier
 * transaction with the same id, the tombstone check, the funds check and the write see one
 * consistent state; concurrent callbacks share one statement and one commit (wallet-batcher.ts).
 * The unique index on vendor_txn is the backstop.
 */
export function createVendorWalletService({
  db,
  prepared,
  clock,
  events,
  maxInFlight = 2,
}: {
  db: Db;
  /** the database's prepared-statement path (the app passes it; tests may leave it out) */
  prepared?: PreparedQuery;
  /** kept for callers; the database function and the repo post and read the wallet's money */
  ledger?: LedgerService;
  clock: Clock;
  events: EventBus;
  /**
   * statements of the wallet batcher at once: two fuller batches (about seven callbacks each under
   * 16 busy callers) cost the database less per callback than four smaller ones (bench wallet)
   */
  maxInFlight?: number;
}) {
  const money = (m: MerchantContext, v: bigint) => fromMinor(v, m.currencyDecimals);
  const apply: WalletApply = prepared
    ? async (payload) =>
        (
          await prepared<{ r: WalletOpResult[] | string }>(
            'vendor_wallet_apply',
            'select vendor_wallet_apply($1::jsonb) as r',
            [payload],
          )
        )[0]!.r
    : async (payload) =>
        (
          await rows<{ r: WalletOpResult[] | string }>(
            db,
            sql`select vendor_wallet_apply(${payload}::jsonb) as r`,
          )
        )[0]!.r;
  const batcher = createWalletBatcher({ apply, maxInFlight, houseBuckets: HOUSE_BUCKETS });

  function checkCurrency(merchant: MerchantContext, currency: string) {
    if (currency.toUpperCase() !== merchant.currency.toUpperCase()) {
      throw new AppError('vendor_currency_mismatch');
    }
  }

  async function player(merchant: MerchantContext, playerId: string, currency: string) {
    const m = await vendorWalletRepo.member(db, merchant.id, playerIdOf(playerId));
    if (!m) throw new AppError('vendor_player_unknown');
    checkCurrency(merchant, currency);
    return m;
  }

  async function liveSession(merchant: MerchantContext, vendorCode: string, memberId: number, token: string) {
    const s = await vendorWalletRepo.findSession(db, hashToken(token));
    if (
      !s ||
      s.merchant_id !== merchant.id ||
      s.vendor_code !== vendorCode ||
      s.member_id !== memberId ||
      new Date(s.expires_at).getTime() <= clock.now().getTime()
    ) {
      throw new AppError('vendor_token_invalid');
    }
    return s;
  }

  /** What the player can bet: MAIN's available money, and bonus money while a bonus is open. */
  async function currentBalance(ex: Executor, memberId: number) {
    return vendorWalletRepo.playable(ex, memberId);
  }

  /** The function's answer -> the vendor's: a refusal (with the balance) or the result. */
  function settle(
    merchant: MerchantContext,
    memberId: number,
    r: WalletOpResult,
    transactionId: string,
    won = false,
  ) {
    if (r.changed) events.emit('wallet.changed', { merchantId: merchant.id, memberId });
    if (r.changed && won) events.emit('vendor.won', { merchantId: merchant.id });
    const balance = money(merchant, BigInt(r.balance));
    if (r.code) throw new AppError(r.code as TErrorCode, { value: { balance } });
    return {
      balance,
      currency: merchant.currency,
      transactionId,
      ...(r.replayed ? { replayed: true } : {}),
    } satisfies TVendorWalletResult;
  }

  return {
    /** A vendor session for a launch (the game module calls this); answers the raw token once. */
    async openSession(
      ex: Executor,
      s: {
        merchantId: number;
        memberId: number;
        vendorCode: string;
        gameCode?: string | null;
        mode?: 'real' | 'trial';
        ttlMs?: number;
      },
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + (s.ttlMs ?? VENDOR_SESSION_TTL_MS));
      await vendorWalletRepo.insertSession(ex, {
        merchantId: s.merchantId,
        memberId: s.memberId,
        vendorCode: s.vendorCode,
        tokenHash: hashToken(token),
        gameCode: s.gameCode ?? null,
        mode: s.mode ?? 'real',
        expiresAt,
      });
      return { token, expiresAt };
    },

    async balance(merchant: MerchantContext, vendorCode: string, req: BalanceReq) {
      const m = await player(merchant, req.playerId, req.currency);
      await liveSession(merchant, vendorCode, m.id, req.token);
      return { balance: money(merchant, await currentBalance(db, m.id)), currency: merchant.currency };
    },

    async debit(merchant: MerchantContext, vendorCode: string, req: DebitReq) {
      const memberId = playerIdOf(req.playerId);
      checkCurrency(merchant, req.currency);
      const amount = parseAmount(req.amount, merchant);
      const r = await batcher.submit({
        op: 'debit',
        merchantId: merchant.id,
        vendor: vendorCode,
        memberId,
        txnId: req.txnId,
        roundId: req.roundId,
        gameCode: req.gameCode ?? null,
        amount: amount.toString(),
        tokenHash: hashToken(req.token).toString('hex'),
        now: clock.now().toISOString(),
      });
      return settle(merchant, memberId, r, `${vendorCode}:${req.txnId}:debit`);
    },

    async credit(merchant: MerchantContext, vendorCode: string, req: CreditReq) {
      // no session and no status check: wins are owed even after expiry or a block
      const memberId = playerIdOf(req.playerId);
      checkCurrency(merchant, req.currency);
      const amount = parseAmount(req.amount, merchant);
      const r = await batcher.submit({
        op: 'credit',
        merchantId: merchant.id,
        vendor: vendorCode,
        memberId,
        txnId: req.txnId,
        roundId: req.roundId,
        refTxnId: req.refTxnId ?? null,
        gameCode: req.gameCode ?? null,
        amount: amount.toString(),
        now: clock.now().toISOString(),
      });
      return settle(merchant, memberId, r, `${vendorCode}:${req.txnId}:credit`, amount > 0n);
    },

    async rollback(merchant: MerchantContext, vendorCode: string, req: RollbackReq) {
      const memberId = playerIdOf(req.playerId);
      checkCurrency(merchant, req.currency);
      const r = await batcher.submit({
        op: 'rollback',
        merchantId: merchant.id,
        vendor: vendorCode,
        memberId,
        txnId: req.txnId,
        roundId: req.roundId ?? null,
        refTxnId: req.refTxnId,
        now: clock.now().toISOString(),
      });
      return settle(merchant, memberId, r, `${vendorCode}:${req.txnId}:rollback`);
    },
  };
}
export type VendorWalletService = ReturnType<typeof createVendorWalletService>;
