import { createHash, randomBytes } from 'node:crypto';
import {
  fromMinor,
  isTrialType,
  type TErrorCode,
  type TVendorWalletResult,
  type ZVendorBalanceRequest,
  type ZVendorCreditRequest,
  type ZVendorDebitRequest,
  type ZVendorRollbackRequest,
} from '@bp/contract';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { Clock } from '../../platform/module.js';
import type { MerchantContext } from '../merchant/merchant.service.js';
import type { AccountRef, LedgerService } from '../ledger/ledger.service.js';
import { parseAmount } from '../wallet/wallet.service.js';
import { vendorWalletRepo, type VendorTxnRow } from './vendor-wallet.repo.js';

type BalanceReq = z.output<typeof ZVendorBalanceRequest>;
type DebitReq = z.output<typeof ZVendorDebitRequest>;
type CreditReq = z.output<typeof ZVendorCreditRequest>;
type RollbackReq = z.output<typeof ZVendorRollbackRequest>;

export const VENDOR_SESSION_TTL_MS = 4 * 3_600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** What a refused transaction answers; refusals that must be remembered are committed first. */
interface Refusal {
  refused: TErrorCode;
  balance: bigint;
}
type Outcome = { balance: bigint; transactionId?: string; replayed?: boolean } | Refusal;

/**
 * The seamless wallet (DOMAIN-NOTES §1, rule by rule). Every operation locks the player's MAIN
 * account first: all wallet calls of one player are serialised on that row, so the check for an
 * earlier transaction with the same id, the tombstone check, the funds check and the write see one
 * consistent state. The unique index on vendor_txn is the backstop.
 */
export function createVendorWalletService({
  db,
  ledger,
  clock,
  events,
}: {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  events: EventBus;
}) {
  const money = (m: MerchantContext, v: bigint) => fromMinor(v, m.currencyDecimals);

  async function player(merchant: MerchantContext, playerId: string, currency: string) {
    const m = await vendorWalletRepo.member(db, merchant.id, Number(playerId));
    if (!m) throw new AppError('vendor_player_unknown');
    if (currency.toUpperCase() !== merchant.currency.toUpperCase()) {
      throw new AppError('vendor_currency_mismatch');
    }
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

  /** Locks the player's MAIN account: every wallet call of one player queues on this row. */
  async function lockMain(tx: Tx, merchantId: number, memberId: number) {
    const row = await ledger.lockMember(tx, merchantId, memberId, 'main');
    return { row, available: ledger.available(row) };
  }

  async function currentBalance(ex: Executor, memberId: number) {
    const main = (await ledger.memberAccounts(ex, memberId)).find((a) => a.code === 'main');
    return main ? ledger.available(main) : 0n;
  }

  const house = (vendorCode: string, memberType: number, memberId: number): AccountRef =>
    isTrialType(memberType)
      ? { house: 'play', spread: memberId }
      : { house: `game:${vendorCode}`, spread: memberId };

  /** Same id again: the stored answer (with today's balance), or a conflict when the data differ. */
  function replay(stored: VendorTxnRow, same: boolean, balance: bigint): Outcome {
    if (!same) return { refused: 'vendor_txn_conflict', balance };
    if (stored.status === 'failed') return { refused: stored.error_code as TErrorCode, balance };
    return { balance, transactionId: stored.id.toString(), replayed: true };
  }

  async function finish(merchant: MerchantContext, memberId: number, out: Outcome, changed: boolean) {
    if (changed) events.emit('wallet.changed', { merchantId: merchant.id, memberId });
    if ('refused' in out) {
      throw new AppError(out.refused, { value: { balance: money(merchant, out.balance) } });
    }
    return {
      balance: money(merchant, out.balance),
      currency: merchant.currency,
      ...(out.transactionId ? { transactionId: out.transactionId } : {}),
      ...(out.replayed ? { replayed: true } : {}),
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
      return finish(merchant, m.id, { balance: await currentBalance(db, m.id) }, false);
    },

    async debit(merchant: MerchantContext, vendorCode: string, req: DebitReq) {
      const m = await player(merchant, req.playerId, req.currency);
      const amount = parseAmount(req.amount, merchant);
      await liveSession(merchant, vendorCode, m.id, req.token);
      let changed = false;
      const out = await ledger.transaction(async (tx): Promise<Outcome> => {
        changed = false;
        const { row: main, available } = await lockMain(tx, merchant.id, m.id);
        const { stored, tombstone } = await vendorWalletRepo.findWithTombstone(
          tx,
          merchant.id,
          vendorCode,
          req.txnId,
          'debit',
        );
        if (stored) {
          const same =
            stored.member_id === m.id && BigInt(stored.amount) === amount && stored.round_id === req.roundId;
          return replay(stored, same, available);
        }
        const row = {
          merchantId: merchant.id,
          vendorCode,
          txnId: req.txnId,
          op: 'debit' as const,
          memberId: m.id,
          roundId: req.roundId,
          refTxnId: null,
          gameCode: req.gameCode ?? null,
          amount,
        };
        const refuse = async (code: TErrorCode): Promise<Refusal> => {
          await vendorWalletRepo.insertTxn(tx, {
            ...row,
            status: 'failed',
            errorCode: code,
            entryId: null,
            balanceAfter: available,
          });
          return { refused: code, balance: available };
        };
        if (tombstone) return refuse('vendor_txn_cancelled');
        if (m.status !== 'active') return refuse('vendor_player_blocked');
        if (available < amount) return refuse('insufficient_balance');
        let entryId: bigint | null = null;
        let balanceAfter = available;
        if (amount > 0n) {
          const posted = await ledger.post(
            tx,
            {
              merchantId: merchant.id,
              key: `vendor:${vendorCode}:${req.txnId}:debit`,
              type: 'bet',
              memberId: m.id,
              refType: 'vendor_round',
              refId: `${vendorCode}:${req.roundId}`,
              memo: { vendor: vendorCode, game: req.gameCode ?? null, round: req.roundId },
              lines: [
                { account: { memberId: m.id, code: 'main' }, amount: -amount },
                { account: house(vendorCode, m.type, m.id), amount },
              ],
            },
            { locked: [main] },
          );
          entryId = posted.entryId;
          balanceAfter = available - amount;
          changed = true;
        }
        await vendorWalletRepo.insertTxn(tx, {
          ...row,
          status: 'ok',
          errorCode: null,
          entryId,
          balanceAfter,
        });
        return { balance: balanceAfter, transactionId: `${vendorCode}:${req.txnId}:debit` };
      });
      return finish(merchant, m.id, out, changed);
    },

    async credit(merchant: MerchantContext, vendorCode: string, req: CreditReq) {
      // no session and no status check: wins are owed even after expiry or a block
      const m = await player(merchant, req.playerId, req.currency);
      const amount = parseAmount(req.amount, merchant);
      let changed = false;
      const out = await ledger.transaction(async (tx): Promise<Outcome> => {
        changed = false;
        const { row: main, available } = await lockMain(tx, merchant.id, m.id);
        const stored = await vendorWalletRepo.findTxn(tx, merchant.id, vendorCode, req.txnId, 'credit');
        if (stored) {
          const same =
            stored.member_id === m.id && BigInt(stored.amount) === amount && stored.round_id === req.roundId;
          return replay(stored, same, available);
        }
        const round = await vendorWalletRepo.roundTxns(tx, merchant.id, vendorCode, m.id, req.roundId);
        const bets = round.filter((t) => t.op === 'debit' && (!req.refTxnId || t.txn_id === req.refTxnId));
        if (bets.length === 0) {
          throw new AppError('vendor_txn_not_found', { value: { balance: money(merchant, available) } });
        }
        if (bets.every((b) => b.rolled_back)) {
          throw new AppError('vendor_txn_cancelled', { value: { balance: money(merchant, available) } });
        }
        let entryId: bigint | null = null;
        let balanceAfter = available;
        if (amount > 0n) {
          const posted = await ledger.post(
            tx,
            {
              merchantId: merchant.id,
              key: `vendor:${vendorCode}:${req.txnId}:credit`,
              type: 'win',
              memberId: m.id,
              refType: 'vendor_round',
              refId: `${vendorCode}:${req.roundId}`,
              memo: { vendor: vendorCode, game: req.gameCode ?? null, round: req.roundId },
              lines: [
                { account: house(vendorCode, m.type, m.id), amount: -amount },
                { account: { memberId: m.id, code: 'main' }, amount },
              ],
            },
            { locked: [main] },
          );
          entryId = posted.entryId;
          balanceAfter = available + amount;
          changed = true;
        }
        await vendorWalletRepo.insertTxn(tx, {
          merchantId: merchant.id,
          vendorCode,
          txnId: req.txnId,
          op: 'credit',
          memberId: m.id,
          roundId: req.roundId,
          refTxnId: req.refTxnId ?? null,
          gameCode: req.gameCode ?? null,
          amount,
          status: 'ok',
          errorCode: null,
          entryId,
          balanceAfter,
        });
        return { balance: balanceAfter, transactionId: `${vendorCode}:${req.txnId}:credit` };
      });
      return finish(merchant, m.id, out, changed);
    },

    async rollback(merchant: MerchantContext, vendorCode: string, req: RollbackReq) {
      const m = await player(merchant, req.playerId, req.currency);
      let changed = false;
      const out = await ledger.transaction(async (tx): Promise<Outcome> => {
        changed = false;
        const { row: main, available } = await lockMain(tx, merchant.id, m.id);
        const stored = await vendorWalletRepo.findTxn(tx, merchant.id, vendorCode, req.txnId, 'rollback');
        if (stored) {
          return replay(stored, stored.member_id === m.id && stored.ref_txn_id === req.refTxnId, available);
        }
        const bet = await vendorWalletRepo.findTxn(tx, merchant.id, vendorCode, req.refTxnId, 'debit');
        if (bet && bet.member_id !== m.id) {
          throw new AppError('vendor_txn_conflict', { value: { balance: money(merchant, available) } });
        }
        const row = {
          merchantId: merchant.id,
          vendorCode,
          txnId: req.txnId,
          op: 'rollback' as const,
          memberId: m.id,
          roundId: bet?.round_id ?? req.roundId ?? '',
          refTxnId: req.refTxnId,
          gameCode: null,
          errorCode: null,
        };
        const ack = { balance: available, transactionId: `${vendorCode}:${req.txnId}:rollback` };
        if (!bet) {
          // the debit may still be on its way: remember the cancellation so it is refused when it lands
          await vendorWalletRepo.insertTxn(tx, {
            ...row,
            amount: 0n,
            status: 'tombstone',
            entryId: null,
            balanceAfter: available,
          });
          return ack;
        }
        if (bet.status !== 'ok' || bet.rolled_back || BigInt(bet.amount) === 0n) {
          // nothing was taken (refused bet) or it was refunded already under another rollback id
          await vendorWalletRepo.insertTxn(tx, {
            ...row,
            amount: 0n,
            status: 'ok',
            entryId: null,
            balanceAfter: available,
          });
          return ack;
        }
        const round = await vendorWalletRepo.roundTxns(tx, merchant.id, vendorCode, m.id, bet.round_id);
        if (round.some((t) => t.op === 'credit' && BigInt(t.amount) > 0n)) {
          throw new AppError('vendor_round_settled', { value: { balance: money(merchant, available) } });
        }
        const amount = BigInt(bet.amount);
        const posted = await ledger.post(
          tx,
          {
            merchantId: merchant.id,
            key: `vendor:${vendorCode}:${req.txnId}:rollback`,
            type: 'refund',
            memberId: m.id,
            refType: 'vendor_round',
            refId: `${vendorCode}:${bet.round_id}`,
            memo: { vendor: vendorCode, round: bet.round_id, refTxnId: req.refTxnId },
            lines: [
              { account: house(vendorCode, m.type, m.id), amount: -amount },
              { account: { memberId: m.id, code: 'main' }, amount },
            ],
          },
          { locked: [main] },
        );
        await vendorWalletRepo.markRolledBack(tx, BigInt(bet.id));
        await vendorWalletRepo.insertTxn(tx, {
          ...row,
          amount,
          status: 'ok',
          entryId: posted.entryId,
          balanceAfter: available + amount,
        });
        changed = true;
        return { ...ack, balance: available + amount };
      });
      return finish(merchant, m.id, out, changed);
    },
  };
}
export type VendorWalletService = ReturnType<typeof createVendorWalletService>;
