import {
  fromMinor,
  type TMessageKind,
  type ZAdminWithdrawQuery,
  type ZWithdrawSettingsInput,
  type TAmount,
} from '@bp/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { Clock } from '../../platform/module.js';
import { parseQueryDate, type AuditService, type AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MessageService } from '../message/index.js';
import { assertCan } from '../operator/index.js';
import { parseAmount } from '../wallet/index.js';
import {
  withdrawRepo,
  type ProofRow,
  type SettingRow,
  type WithdrawalPatch,
  type WithdrawalRow,
} from './withdraw.repo.js';
import { assertTransition, TRANSITIONS } from './withdraw.rules.js';
import { adminView, holdKey, payoutKey, refundKey, settingsOf } from './withdraw.view.js';

/**
 * The operator's side: settings, the list, approve (payout), reject, and resolving disputes. Every
 * decision locks the withdrawal row first, so of an approve, a reject and the member's cancel racing
 * each other exactly one finds PENDING and wins; the others get withdraw_status_invalid. Each
 * decision, its ledger movement and its audit row commit together; messages go out after the commit.
 */
export function createWithdrawAdmin(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditService;
  messages: MessageService;
  events: EventBus;
}) {
  const { db, clock, ledger, audit, messages, events } = deps;

  const settingsView = (s: SettingRow, m: MerchantContext) => ({
    minimumAmount: fromMinor(s.minimum_amount, m.currencyDecimals),
    maximumAmount: fromMinor(s.maximum_amount, m.currencyDecimals),
    dailyCount: s.daily_count,
    autoReceiveMinutes: s.auto_receive_minutes,
    maxBankAccounts: s.max_bank_accounts,
  });

  async function view(merchant: MerchantContext, id: bigint | string) {
    const w = await withdrawRepo.get(db, merchant.id, id);
    if (!w) throw new AppError('withdraw_not_found');
    return adminView(w, merchant, (await settingsOf(db, merchant)).auto_receive_minutes);
  }

  /**
   * One decision on one withdrawal: lock, check the transition, let `act` move money and describe the
   * change, write it with its audit row; after the commit tell the member and the real-time channel.
   */
  async function decide(
    who: AuditWho,
    merchant: MerchantContext,
    id: string,
    action: keyof typeof TRANSITIONS,
    act: (
      tx: Tx,
      w: WithdrawalRow,
      now: Date,
    ) => Promise<{ patch: WithdrawalPatch; message?: { kind: TMessageKind; data: Record<string, unknown> } }>,
  ) {
    assertCan(who.actor, 'write');
    const after = await ledger.transaction(async (tx) => {
      const w = await withdrawRepo.lock(tx, merchant.id, id);
      if (!w) throw new AppError('withdraw_not_found');
      assertTransition(action, w.status);
      const now = clock.now();
      const { patch, message } = await act(tx, w, now);
      const full = { ...patch, operator_id: who.actor.operatorId };
      await withdrawRepo.update(tx, w.id, full, now);
      await audit.record(tx, who, {
        action: `withdraw.${action}`,
        entityType: 'withdrawal',
        entityId: id,
        before: { status: w.status, amount: w.amount },
        after: full,
      });
      const announce = message
        ? await messages.notify(tx, {
            merchantId: merchant.id,
            memberId: w.member_id,
            kind: message.kind,
            data: { withdrawId: id, ...message.data },
          })
        : undefined;
      return { memberId: w.member_id, announce };
    });
    after.announce?.();
    events.emit('wallet.changed', { merchantId: merchant.id, memberId: after.memberId });
    return view(merchant, id);
  }

  const amountText = (m: MerchantContext, v: bigint) => fromMinor(v, m.currencyDecimals);

  return {
    async getSettings(actor: AuditWho['actor'], merchant: MerchantContext) {
      assertCan(actor, 'read');
      return settingsView(await settingsOf(db, merchant), merchant);
    },

    async updateSettings(
      who: AuditWho,
      merchant: MerchantContext,
      input: z.output<typeof ZWithdrawSettingsInput>,
    ) {
      assertCan(who.actor, 'write');
      const amount = (v: TAmount | undefined, old: bigint) => {
        if (v === undefined) return old;
        const minor = parseAmount(v, merchant);
        if (minor <= 0n) throw new AppError('amount_invalid');
        return minor;
      };
      const next = await db.transaction(async (tx) => {
        const before = await settingsOf(tx, merchant);
        const s: SettingRow = {
          minimum_amount: amount(input.minimumAmount, before.minimum_amount),
          maximum_amount: amount(input.maximumAmount, before.maximum_amount),
          daily_count: input.dailyCount ?? before.daily_count,
          auto_receive_minutes: input.autoReceiveMinutes ?? before.auto_receive_minutes,
          max_bank_accounts: input.maxBankAccounts ?? before.max_bank_accounts,
        };
        if (s.minimum_amount > s.maximum_amount) throw new AppError('withdraw_settings_invalid');
        await withdrawRepo.upsertSettings(tx, merchant.id, s, clock.now());
        await audit.record(tx, who, {
          action: 'withdraw_settings.update',
          entityType: 'withdraw_settings',
          entityId: merchant.id,
          before: settingsView(before, merchant),
          after: settingsView(s, merchant),
        });
        return s;
      });
      return settingsView(next, merchant);
    },

    async list(actor: AuditWho['actor'], merchant: MerchantContext, q: z.output<typeof ZAdminWithdrawQuery>) {
      assertCan(actor, 'read');
      const s = await settingsOf(db, merchant);
      const { total, list } = await withdrawRepo.list(db, {
        merchantId: merchant.id,
        memberId: q.memberId,
        username: q.username,
        status: q.status,
        from: parseQueryDate(q.from),
        to: parseQueryDate(q.to),
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      });
      return {
        list: list.map((w) => adminView(w, merchant, s.auto_receive_minutes)),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        total,
      };
    },

    async get(actor: AuditWho['actor'], merchant: MerchantContext, id: string) {
      assertCan(actor, 'read');
      return view(merchant, id);
    },

    /** Payout: the hold becomes a movement MAIN -> house 'withdraw'; the member then confirms receipt. */
    approve(who: AuditWho, merchant: MerchantContext, id: string, remark?: string) {
      return decide(who, merchant, id, 'approve', async (tx, w, now) => {
        await ledger.captureHold(tx, {
          merchantId: merchant.id,
          key: payoutKey(w.id),
          type: 'withdraw',
          memberId: w.member_id,
          refType: 'withdrawal',
          refId: w.id.toString(),
          holdKey: holdKey(w.id),
          to: { house: 'withdraw', spread: w.member_id },
        });
        return {
          patch: { status: 'PAID_OUT', decided_at: now, paid_at: now, remark: remark ?? w.remark },
          message: { kind: 'withdraw_approved', data: { amount: amountText(merchant, BigInt(w.amount)) } },
        };
      });
    },

    reject(who: AuditWho, merchant: MerchantContext, id: string, reason: string) {
      return decide(who, merchant, id, 'reject', async (tx, w, now) => {
        await ledger.releaseHold(tx, { merchantId: merchant.id, holdKey: holdKey(w.id) });
        return {
          patch: { status: 'REJECTED', decided_at: now, reject_reason: reason },
          message: {
            kind: 'withdraw_rejected',
            data: { amount: amountText(merchant, BigInt(w.amount)), reason },
          },
        };
      });
    },

    /**
     * A dispute after checking: it did arrive (RECEIVED), or money back to the member's MAIN
     * (REFUNDED; by default the remaining amount the member reported). The refund entry is keyed from
     * the withdrawal and the status moves off DISPUTED under the row lock: it happens once.
     */
    resolve(
      who: AuditWho,
      merchant: MerchantContext,
      id: string,
      body: { action: 'received' | 'refund'; amount?: TAmount; remark?: string },
    ) {
      return decide(who, merchant, id, 'resolve', async (tx, w, now) => {
        const remark = body.remark ?? w.remark;
        if (body.action === 'received') {
          return { patch: { status: 'RECEIVED', confirmed_by: 'operator', confirmed_at: now, remark } };
        }
        const total = BigInt(w.amount);
        const refund =
          body.amount === undefined
            ? total - BigInt(w.received_amount ?? 0n)
            : parseAmount(body.amount, merchant);
        if (refund <= 0n || refund > total) {
          throw new AppError('amount_invalid', { value: { maximum: amountText(merchant, total) } });
        }
        await ledger.post(tx, {
          merchantId: merchant.id,
          key: refundKey(w.id),
          type: 'withdraw_refund',
          memberId: w.member_id,
          refType: 'withdrawal',
          refId: w.id.toString(),
          lines: [
            { account: { house: 'withdraw', spread: w.member_id }, amount: -refund },
            { account: { memberId: w.member_id, code: 'main' }, amount: refund },
          ],
        });
        return {
          patch: { status: 'REFUNDED', refund_amount: refund, confirmed_at: now, remark },
          message: { kind: 'withdraw_refunded', data: { amount: amountText(merchant, refund) } },
        };
      });
    },

    async proof(actor: AuditWho['actor'], merchant: MerchantContext, id: string): Promise<ProofRow> {
      assertCan(actor, 'read');
      const p = await withdrawRepo.proof(db, merchant.id, id);
      if (!p) throw new AppError('not_found');
      return p;
    },
  };
}
export type WithdrawAdmin = ReturnType<typeof createWithdrawAdmin>;
