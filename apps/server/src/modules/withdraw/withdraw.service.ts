import {
  fromMinor,
  type TBankAccount,
  type TWithdrawSettings,
  type TWithdrawStatus,
  type ZBankAccountAddRequest,
  type ZWithdrawRequest,
} from '@bp/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import type { LedgerService } from '../ledger/index.js';
import { requireRealAccount, type MemberService } from '../member/index.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Throttle } from '../../platform/throttle.js';
import { THROTTLES } from '../password/index.js';
import { parseAmount } from '../wallet/index.js';
import type { TurnoverService } from './turnover.service.js';
import { withdrawRepo, type BankAccountRow } from './withdraw.repo.js';
import { assertTransition, maskAccountNumber, normaliseAccountNumber, sameName } from './withdraw.rules.js';
import { holdKey, memberView, settingsOf } from './withdraw.view.js';

/** Who is asking, for the login record of payment-password failures. Never a secret. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | null;
}

export interface WithdrawDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  members: MemberService;
  /** the security throttle: payment-password failures lock withdrawals like password changes */
  throttle: Throttle;
  turnover: TurnoverService;
  events: EventBus;
  /** refuses (agent_payout_owed) while the member owes its downlines contract payouts (agent-contract) */
  assertNoPayoutOwed: (ex: Executor, merchant: MerchantContext, memberId: number) => Promise<void>;
}

/** The member's side of withdrawals: settings, bank accounts, requests, cancel and history. */
export function createWithdrawService(deps: WithdrawDeps) {
  const { db, clock, ledger, members, throttle, turnover, events, assertNoPayoutOwed } = deps;

  const bankView = (a: BankAccountRow, merchant: MerchantContext): TBankAccount => ({
    id: a.id.toString(),
    bankName: a.bank_name,
    accountName: a.account_name,
    accountNumber: maskAccountNumber(a.account_number),
    createdAt: formatMerchantTime(a.created_at, merchant.timeZone),
  });

  async function view(merchant: MerchantContext, id: bigint | string) {
    const w = await withdrawRepo.get(db, merchant.id, id);
    if (!w) throw new AppError('withdraw_not_found');
    return memberView(w, merchant, (await settingsOf(db, merchant)).auto_receive_minutes);
  }

  /** Throws payment_password_not_set / _incorrect; failures count towards the shared lockout. */
  async function verifyPaymentPassword(actor: MemberActor, password: string, meta: RequestMeta) {
    const key = String(actor.memberId);
    await throttle.assertOpen(actor.merchantId, THROTTLES.paymentPasswordFailures, key);
    const m = await members.getById(actor.merchantId, actor.memberId);
    if (m.paymentPasswordHash === null) throw new AppError('payment_password_not_set');
    const ok = await throttle.checkSecret(actor.merchantId, THROTTLES.paymentPasswordFailures, key, () =>
      members.verifyPaymentPassword(m, password),
    );
    if (!ok) {
      await members.recordMemberEvent(m, 'payment_password', 'failed', meta, { step: 'withdraw' });
      throw new AppError('payment_password_incorrect');
    }
  }

  return {
    view,

    async settings(actor: MemberActor, merchant: MerchantContext): Promise<TWithdrawSettings> {
      requireRealAccount(actor);
      const s = await settingsOf(db, merchant);
      const m = await members.getById(merchant.id, actor.memberId);
      const accounts = await withdrawRepo.bankAccounts(db, actor.memberId);
      const money = (v: bigint) => fromMinor(v, merchant.currencyDecimals);
      return {
        minimumAmount: money(s.minimum_amount),
        maximumAmount: money(s.maximum_amount),
        dailyCount: s.daily_count,
        autoReceiveMinutes: s.auto_receive_minutes,
        maxBankAccounts: s.max_bank_accounts,
        hasPaymentPassword: m.paymentPasswordHash !== null,
        payeeName: m.payeeName,
        bankAccounts: accounts.map((a) => bankView(a, merchant)),
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
      };
    },

    async bankAccounts(actor: MemberActor, merchant: MerchantContext) {
      requireRealAccount(actor);
      return (await withdrawRepo.bankAccounts(db, actor.memberId)).map((a) => bankView(a, merchant));
    },

    /**
     * Binds an account. The member row is locked so two binds at once cannot both set the payee name
     * or both slip under the account limit.
     */
    async addBankAccount(
      actor: MemberActor,
      merchant: MerchantContext,
      body: z.output<typeof ZBankAccountAddRequest>,
    ): Promise<TBankAccount> {
      requireRealAccount(actor);
      const accountNumber = normaliseAccountNumber(body.accountNumber);
      const accountName = body.accountName.replace(/\s+/g, ' ');
      const s = await settingsOf(db, merchant);
      const row = await db.transaction(async (tx) => {
        const m = await members.lockById(tx, merchant.id, actor.memberId);
        if (!m) throw new AppError('not_found');
        if (m.payeeName) {
          if (!sameName(m.payeeName, accountName)) throw new AppError('bank_account_name_mismatch');
        } else {
          // the first bound account names the member: later accounts and withdrawals must match it
          await members.update(tx, m, { payeeName: accountName });
        }
        const bound = await withdrawRepo.bankAccounts(tx, actor.memberId);
        if (bound.some((a) => a.account_number === accountNumber))
          throw new AppError('bank_account_duplicate');
        if (bound.length >= s.max_bank_accounts) {
          throw new AppError('bank_account_limit', { value: { maxBankAccounts: s.max_bank_accounts } });
        }
        const created = await withdrawRepo.insertBankAccount(tx, {
          merchantId: merchant.id,
          memberId: actor.memberId,
          bankName: body.bankName,
          accountName,
          accountNumber,
        });
        if (!created) throw new AppError('bank_account_duplicate');
        return created;
      });
      return bankView(row, merchant);
    },

    async removeBankAccount(actor: MemberActor, id: string) {
      requireRealAccount(actor);
      if (!(await withdrawRepo.removeBankAccount(db, actor.memberId, id, clock.now()))) {
        throw new AppError('bank_account_not_found');
      }
      return { id, removed: true as const };
    },

    /**
     * A withdrawal request: checks limits, payment password and turnover, then in one transaction
     * (the member row locked, so the daily count cannot be raced) writes the request and holds the
     * amount on MAIN. Not enough available balance is insufficient_balance and writes nothing.
     */
    async request(
      actor: MemberActor,
      merchant: MerchantContext,
      body: z.output<typeof ZWithdrawRequest>,
      meta: RequestMeta,
    ) {
      requireRealAccount(actor);
      const s = await settingsOf(db, merchant);
      const money = (v: bigint) => fromMinor(v, merchant.currencyDecimals);
      const amount = parseAmount(body.amount, merchant);
      if (amount <= 0n) throw new AppError('amount_invalid');
      if (amount < s.minimum_amount) {
        throw new AppError('withdraw_below_minimum', { value: { minimumAmount: money(s.minimum_amount) } });
      }
      if (amount > s.maximum_amount) {
        throw new AppError('withdraw_above_maximum', { value: { maximumAmount: money(s.maximum_amount) } });
      }
      const bank = await withdrawRepo.bankAccount(db, actor.memberId, body.bankAccountId);
      if (!bank) throw new AppError('bank_account_not_found');
      // an agent owing its downlines is refused before the password costs an attempt (and again below)
      await assertNoPayoutOwed(db, merchant, actor.memberId);
      await verifyPaymentPassword(actor, body.paymentPassword, meta);
      if (body.requestId) {
        const prior = await withdrawRepo.findByRequestId(db, actor.memberId, body.requestId);
        if (prior !== undefined) return view(merchant, prior);
      }
      const remaining = await turnover.remaining(actor.memberId);
      if (remaining > 0n) {
        throw new AppError('withdraw_turnover_unmet', { value: { remainingTurnover: money(remaining) } });
      }
      const now = clock.now();
      const id = await ledger.transaction(async (tx) => {
        await members.lockById(tx, merchant.id, actor.memberId);
        if (body.requestId) {
          const prior = await withdrawRepo.findByRequestId(tx, actor.memberId, body.requestId);
          if (prior !== undefined) return prior;
        }
        // MAIN locked first: a settlement paying or writing this member's payouts holds the same lock
        const main = await ledger.account(tx, merchant.id, { memberId: actor.memberId, code: 'main' });
        await ledger.lock(tx, [main]);
        await assertNoPayoutOwed(tx, merchant, actor.memberId);
        const today = merchantDayStart(merchant.timeZone, now);
        if ((await withdrawRepo.countSince(tx, actor.memberId, today)) >= s.daily_count) {
          throw new AppError('withdraw_daily_limit', { value: { dailyCount: s.daily_count } });
        }
        const created = await withdrawRepo.insertWithdrawal(tx, {
          merchantId: merchant.id,
          memberId: actor.memberId,
          requestId: body.requestId ?? null,
          amount,
          bank,
          at: now,
        });
        if (created === undefined) throw new AppError('conflict', { detail: 'withdrawal request id' });
        await ledger.hold(tx, {
          merchantId: merchant.id,
          key: holdKey(created),
          account: { memberId: actor.memberId, code: 'main' },
          amount,
        });
        return created;
      });
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      return view(merchant, id);
    },

    /** The member's own PENDING request: cancelled and the hold released, unless an operator got there first. */
    async cancel(actor: MemberActor, merchant: MerchantContext, withdrawId: string) {
      requireRealAccount(actor);
      await ledger.transaction(async (tx) => {
        const w = await withdrawRepo.lock(tx, merchant.id, withdrawId);
        if (!w || w.member_id !== actor.memberId) throw new AppError('withdraw_not_found');
        assertTransition('cancel', w.status);
        await ledger.releaseHold(tx, { merchantId: merchant.id, holdKey: holdKey(w.id) });
        const now = clock.now();
        await withdrawRepo.update(tx, w.id, { status: 'CANCELLED', decided_at: now }, now);
      });
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      return view(merchant, withdrawId);
    },

    async history(
      actor: MemberActor,
      merchant: MerchantContext,
      q: { pageNo: number; pageSize: number; status?: TWithdrawStatus },
    ) {
      requireRealAccount(actor);
      const s = await settingsOf(db, merchant);
      const { total, list } = await withdrawRepo.list(db, {
        merchantId: merchant.id,
        memberId: actor.memberId,
        status: q.status,
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      });
      return {
        list: list.map((w) => memberView(w, merchant, s.auto_receive_minutes)),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;
