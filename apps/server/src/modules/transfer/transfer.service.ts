import { randomUUID } from 'node:crypto';
import {
  fromMinor,
  isAgentType,
  isTrialType,
  ZTransferSettings,
  type TTransferDownlineRequest,
  type TTransferInfo,
  type TTransferResult,
  type TTransferSettings,
  type TTransferSettingsUpdate,
  type TTransferUplineRequest,
} from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MemberRow, MemberService } from '../member/index.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MessageService } from '../message/index.js';
import { assertCan } from '../operator/index.js';
import { THROTTLES } from '../password/index.js';
import type { Throttle } from '../../platform/throttle.js';
import { parseAmount } from '../wallet/index.js';
import { transferRepo } from './transfer.repo.js';

/** Limits when the merchant set none, in whole currency units (scaled by the merchant's decimals). */
export const DEFAULT_TRANSFER_LIMITS = { min: 1n, max: 50_000n, dailyMax: 200_000n } as const;

export interface TransferLimits {
  min: bigint;
  max: bigint;
  dailyMax: bigint;
  uplineEnabled: boolean;
  downlineEnabled: boolean;
}

/** Per-transfer rule: amount within [min, max]; today's total plus this one within the daily limit. */
export function checkTransferAmount(
  amount: bigint,
  limits: Pick<TransferLimits, 'min' | 'max' | 'dailyMax'>,
  sentToday: bigint,
):
  | 'amount_invalid'
  | 'transfer_amount_below_min'
  | 'transfer_amount_above_max'
  | 'transfer_daily_limit'
  | null {
  if (amount <= 0n) return 'amount_invalid';
  if (amount < limits.min) return 'transfer_amount_below_min';
  if (amount > limits.max) return 'transfer_amount_above_max';
  if (sentToday + amount > limits.dailyMax) return 'transfer_daily_limit';
  return null;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string | null;
}

type Direction = 'upline' | 'downline';

/**
 * Transfers between people (SPEC §6): a member to the direct upline, an agent to a direct downline.
 * One ledger entry MAIN -> MAIN keyed by the sender and its requestId, with both accounts locked (in
 * id order) before the daily total is read, so two parallel transfers of one sender cannot both slip
 * under the limit, and no balance goes negative.
 */
export function createTransferService(deps: {
  db: Db;
  ledger: LedgerService;
  members: MemberService;
  messages: MessageService;
  throttle: Throttle;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
  /** refuses (agent_payout_owed) while the member owes its downlines contract payouts (agent-contract) */
  assertNoPayoutOwed: (ex: Executor, merchant: MerchantContext, memberId: number) => Promise<void>;
}) {
  const { db, ledger, members, messages, throttle, audit, events, clock, assertNoPayoutOwed } = deps;
  const scale = (m: Pick<MerchantContext, 'currencyDecimals'>) => 10n ** BigInt(m.currencyDecimals);
  const money = (m: MerchantContext, v: bigint) => fromMinor(v, m.currencyDecimals);

  async function limitsOf(merchant: MerchantContext, ex: Executor = db): Promise<TransferLimits> {
    const r = await transferRepo.findSettings(ex, merchant.id);
    if (!r) {
      const k = scale(merchant);
      return {
        min: DEFAULT_TRANSFER_LIMITS.min * k,
        max: DEFAULT_TRANSFER_LIMITS.max * k,
        dailyMax: DEFAULT_TRANSFER_LIMITS.dailyMax * k,
        uplineEnabled: true,
        downlineEnabled: true,
      } satisfies TransferLimits;
    }
    return {
      min: BigInt(r.min_amount),
      max: BigInt(r.max_amount),
      dailyMax: BigInt(r.daily_max_amount),
      uplineEnabled: r.upline_enabled,
      downlineEnabled: r.downline_enabled,
    } satisfies TransferLimits;
  }

  const todayStart = (merchant: MerchantContext) => merchantDayStart(merchant.timeZone, clock.now());

  function settingsView(merchant: MerchantContext, l: TransferLimits): TTransferSettings {
    return {
      minAmount: money(merchant, l.min),
      maxAmount: money(merchant, l.max),
      dailyMaxAmount: money(merchant, l.dailyMax),
      uplineEnabled: l.uplineEnabled,
      downlineEnabled: l.downlineEnabled,
    };
  }

  async function activeSender(actor: MemberActor, merchant: MerchantContext) {
    if (isTrialType(actor.type)) throw new AppError('need_real_account');
    const sender = await members.getById(merchant.id, actor.memberId);
    if (sender.status !== 'active') throw new AppError('transfer_account_blocked');
    return sender;
  }

  async function checkPaymentPassword(sender: MemberRow, password: string, meta: RequestMeta) {
    const rule = THROTTLES.paymentPasswordFailures;
    const key = String(sender.id);
    await throttle.assertOpen(sender.merchantId, rule, key);
    if (sender.paymentPasswordHash === null) throw new AppError('payment_password_not_set');
    const ok = await throttle.checkSecret(sender.merchantId, rule, key, () =>
      members.verifyPaymentPassword(sender, password),
    );
    if (!ok) {
      await members.recordMemberEvent(sender, 'payment_password', 'failed', meta, { step: 'transfer' });
      throw new AppError('payment_password_incorrect');
    }
  }

  async function send(
    merchant: MerchantContext,
    sender: MemberRow,
    receiver: MemberRow,
    direction: Direction,
    body: { amount: TTransferUplineRequest['amount']; paymentPassword: string; requestId?: string },
    limits: TransferLimits,
    meta: RequestMeta,
  ): Promise<TTransferResult> {
    if (receiver.id === sender.id) throw new AppError('transfer_to_self');
    if (receiver.status !== 'active' || isTrialType(receiver.type)) {
      throw new AppError('transfer_account_blocked');
    }
    const amount = parseAmount(body.amount, merchant);
    const shape = checkTransferAmount(amount, limits, 0n);
    if (shape) throw amountError(merchant, shape, limits);
    // an agent owing its downlines is refused before the password costs an attempt (and again below)
    await assertNoPayoutOwed(db, merchant, sender.id);
    await checkPaymentPassword(sender, body.paymentPassword, meta);

    const requestId = body.requestId ?? randomUUID();
    const key = `member_transfer:${sender.id}:${requestId}`;
    const since = todayStart(merchant);
    const from = { memberId: sender.id, code: 'main' as const };
    const to = { memberId: receiver.id, code: 'main' as const };
    let announce: (() => void) | null = null;
    const posted = await ledger.transaction(async (tx) => {
      announce = null;
      await ledger.lock(tx, [
        await ledger.account(tx, merchant.id, from),
        await ledger.account(tx, merchant.id, to),
      ]);
      // a replay answers the first result whatever has been sent since
      if (!(await transferRepo.findEntry(tx, merchant.id, key))) {
        const sent = await transferRepo.sentSince(tx, sender.id, since);
        const refused = checkTransferAmount(amount, limits, sent);
        if (refused) throw amountError(merchant, refused, limits, sent);
        // under the account locks: a settlement paying or writing the sender's payouts holds them too
        await assertNoPayoutOwed(tx, merchant, sender.id);
      }
      const r = await ledger.post(tx, {
        merchantId: merchant.id,
        key,
        type: 'transfer',
        memberId: sender.id,
        refType: 'member_transfer',
        refId: requestId,
        memo: {
          direction,
          from: { id: sender.id, username: sender.username },
          to: { id: receiver.id, username: receiver.username },
        },
        lines: [
          { account: from, amount: -amount },
          { account: to, amount },
        ],
      });
      if (!r.replayed) {
        announce = await messages.notify(tx, {
          merchantId: merchant.id,
          memberId: receiver.id,
          kind: 'transfer_received',
          data: {
            from: sender.username,
            direction,
            amount: money(merchant, amount),
            currency: merchant.currency,
          },
        });
      }
      return r;
    });
    if (!posted.replayed) {
      (announce as (() => void) | null)?.();
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: sender.id });
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: receiver.id });
    }
    const main = (await ledger.memberAccounts(db, sender.id)).find((a) => a.code === 'main');
    const entry = await transferRepo.findEntry(db, merchant.id, key);
    return {
      requestId,
      amount: money(merchant, amount),
      to: { username: receiver.username },
      balance: money(merchant, main ? ledger.available(main) : 0n),
      replayed: posted.replayed,
      time: formatMerchantTime(entry!.created_at, merchant.timeZone),
    };
  }

  function amountError(
    merchant: MerchantContext,
    code: NonNullable<ReturnType<typeof checkTransferAmount>>,
    limits: TransferLimits,
    sentToday?: bigint,
  ) {
    return new AppError(code, {
      value: {
        minAmount: money(merchant, limits.min),
        maxAmount: money(merchant, limits.max),
        dailyMaxAmount: money(merchant, limits.dailyMax),
        ...(sentToday === undefined ? {} : { sentToday: money(merchant, sentToday) }),
      },
    });
  }

  return {
    limitsOf,

    async info(actor: MemberActor, merchant: MerchantContext): Promise<TTransferInfo> {
      const limits = await limitsOf(merchant);
      const me = await members.getById(merchant.id, actor.memberId);
      const parent = me.parentId === null ? undefined : await members.findById(merchant.id, me.parentId);
      const real = !isTrialType(me.type) && me.status === 'active';
      const sent = real ? await transferRepo.sentSince(db, me.id, todayStart(merchant)) : 0n;
      const remaining = limits.dailyMax > sent ? limits.dailyMax - sent : 0n;
      return {
        upline: parent ? { username: parent.username, nickname: parent.nickname } : null,
        canTransferUpline: real && limits.uplineEnabled && parent?.status === 'active',
        canTransferDownline: real && limits.downlineEnabled && isAgentType(me.type),
        limits: {
          minAmount: money(merchant, limits.min),
          maxAmount: money(merchant, limits.max),
          dailyMaxAmount: money(merchant, limits.dailyMax),
        },
        sentToday: money(merchant, sent),
        remainingToday: money(merchant, remaining),
      };
    },

    async toUpline(
      actor: MemberActor,
      merchant: MerchantContext,
      body: TTransferUplineRequest,
      meta: RequestMeta,
    ) {
      const sender = await activeSender(actor, merchant);
      const limits = await limitsOf(merchant);
      if (!limits.uplineEnabled) throw new AppError('transfer_disabled');
      if (sender.parentId === null) throw new AppError('transfer_no_upline');
      const upline = await members.getById(merchant.id, sender.parentId);
      return send(merchant, sender, upline, 'upline', body, limits, meta);
    },

    async toDownline(
      actor: MemberActor,
      merchant: MerchantContext,
      body: TTransferDownlineRequest,
      meta: RequestMeta,
    ) {
      const sender = await activeSender(actor, merchant);
      if (!isAgentType(sender.type)) throw new AppError('transfer_agent_only');
      const limits = await limitsOf(merchant);
      if (!limits.downlineEnabled) throw new AppError('transfer_disabled');
      // look-ups are scoped to the merchant; anyone who is not a direct downline (grandchild,
      // stranger, unknown, another merchant's member) gets the same answer
      const target =
        body.downlineId !== undefined
          ? await members.findById(merchant.id, Number(body.downlineId))
          : await members.findByUsername(merchant.id, body.downlineUsername!);
      if (target?.id === sender.id) throw new AppError('transfer_to_self');
      if (!target || target.parentId !== sender.id) throw new AppError('transfer_not_downline');
      return send(merchant, sender, target, 'downline', body, limits, meta);
    },

    async getSettings(actor: OperatorActor, merchant: MerchantContext): Promise<TTransferSettings> {
      assertCan(actor, 'read');
      return settingsView(merchant, await limitsOf(merchant));
    },

    async updateSettings(
      who: AuditWho,
      merchant: MerchantContext,
      patch: TTransferSettingsUpdate,
    ): Promise<TTransferSettings> {
      assertCan(who.actor, 'write');
      const parse = (v: TTransferSettingsUpdate['minAmount'], current: bigint) =>
        v === undefined ? current : parseAmount(v, merchant);
      return db.transaction(async (tx) => {
        const before = await limitsOf(merchant, tx);
        const after: TransferLimits = {
          min: parse(patch.minAmount, before.min),
          max: parse(patch.maxAmount, before.max),
          dailyMax: parse(patch.dailyMaxAmount, before.dailyMax),
          uplineEnabled: patch.uplineEnabled ?? before.uplineEnabled,
          downlineEnabled: patch.downlineEnabled ?? before.downlineEnabled,
        };
        if (after.min <= 0n) throw new AppError('amount_invalid');
        if (after.min > after.max || after.max > after.dailyMax) {
          throw new AppError('transfer_settings_invalid');
        }
        await transferRepo.upsertSettings(tx, merchant.id, after);
        const view = ZTransferSettings.parse(settingsView(merchant, after));
        await audit.record(tx, who, {
          action: 'transfer.settings.update',
          entityType: 'transfer_setting',
          entityId: merchant.id,
          before: settingsView(merchant, before),
          after: view,
        });
        return view;
      });
    },
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
