import {
  fromMinor,
  isTrialType,
  MoneyFormatError,
  toMinor,
  ZDepositNotification,
  type TDepositAdminQuery,
  type TDepositAdminRow,
  type TDepositKind,
  type TDepositOrder,
  type TDepositStatus,
  type TMessageKind,
  type ZCreateOnlineDepositRequest,
  type ZSubmitDepositRequest,
} from '@bp/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { DepositHooks } from './deposit.hooks.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import { parseQueryDate, type AuditService, type AuditWho } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MerchantContext, MerchantService } from '../../platform/merchant.js';
import type { MessageService } from '../message/index.js';
import { assertCan } from '../operator/index.js';
import { parseAmount } from '../wallet/index.js';
import { channelView } from './deposit.channels.js';
import { createGatewayOrder, gatewaySignatureValid, queryGatewayOrder } from './deposit.gateway.js';
import { depositRepo, type ChannelRow, type OrderRow, type OrderView } from './deposit.repo.js';
import { decodeReceipt, depositFee, newOrderNo } from './deposit.rules.js';

type TSubmitDepositRequest = z.output<typeof ZSubmitDepositRequest>;
type TCreateOnlineDepositRequest = z.output<typeof ZCreateOnlineDepositRequest>;

export interface DepositDeps {
  db: Db;
  ledger: LedgerService;
  messages: MessageService;
  audit: AuditService;
  events: EventBus;
  clock: Clock;
  /** the site's public address (PUBLIC_URL); unset: the origin of the player's request */
  publicUrl: string | undefined;
  merchants: Pick<MerchantService, 'getById'>;
  /** other modules' work on a credited deposit, in its transaction */
  hooks: Pick<DepositHooks, 'credited'>;
}

type Money = Pick<MerchantContext, 'currencyDecimals'>;

/** Reconciliation looks at online orders of the last day, a batch per run. */
export const RECONCILE_WINDOW_MS = 24 * 3_600_000;
const RECONCILE_BATCH = 100;
/** An order the gateway still does not know this long after creation never reached it. */
export const ORPHAN_MS = 30 * 60_000;
type Announce = () => void;

function orderView(r: OrderView, m: MerchantContext): TDepositOrder {
  const money = (v: bigint) => fromMinor(BigInt(v), m.currencyDecimals);
  return {
    orderNo: r.order_no,
    channelId: r.channel_id,
    channelName: r.channel_name,
    kind: r.kind,
    amount: money(r.amount),
    fee: money(r.fee),
    creditAmount: money(BigInt(r.amount) - BigInt(r.fee)),
    status: r.status,
    reference: r.reference,
    remark: r.remark,
    createdAt: formatMerchantTime(r.created_at, m.timeZone),
    finishedAt: r.finished_at ? formatMerchantTime(r.finished_at, m.timeZone) : null,
  };
}

function adminView(r: OrderView, m: MerchantContext): TDepositAdminRow {
  return {
    ...orderView(r, m),
    id: Number(r.id),
    memberId: r.member_id,
    username: r.username,
    hasReceipt: r.has_receipt,
    payOrderId: r.pay_order_id,
    reviewedBy: r.reviewed_by_name,
  };
}

const page = <T>(list: T[], total: number, pageNo: number, pageSize: number) => ({
  list,
  pageNo,
  pageSize,
  totalCount: total,
  totalPages: Math.ceil(total / pageSize),
});

/**
 * Deposits: bank transfers reviewed by an operator and online payments confirmed by a gateway's
 * signed notification. Every credit is one ledger entry keyed `deposit:<orderNo>` and happens under
 * the order's row lock together with the status change, so an order is credited at most once
 * whatever arrives twice (a replayed notification, an approve racing a reject).
 */
export function createDepositService(deps: DepositDeps) {
  const { db, ledger, messages, audit, events, clock, hooks } = deps;

  function assertRealMember(actor: MemberActor) {
    if (isTrialType(actor.type)) throw new AppError('need_real_account');
  }

  /** The channel a player picked, enabled and of the right kind, and the amount checked against it. */
  async function checkedAmount(
    merchant: MerchantContext,
    channelId: number,
    kind: TDepositKind,
    rawAmount: TSubmitDepositRequest['amount'],
  ): Promise<{ channel: ChannelRow; amount: bigint; fee: bigint }> {
    const channel = await depositRepo.findChannel(db, merchant.id, channelId);
    if (!channel || !channel.enabled || channel.kind !== kind) {
      throw new AppError('deposit_channel_unavailable');
    }
    const amount = parseAmount(rawAmount, merchant);
    if (amount <= 0n) throw new AppError('amount_invalid');
    const limits = {
      minAmount: fromMinor(BigInt(channel.min_amount), merchant.currencyDecimals),
      maxAmount: fromMinor(BigInt(channel.max_amount), merchant.currencyDecimals),
    };
    if (amount < BigInt(channel.min_amount))
      throw new AppError('deposit_amount_too_small', { value: limits });
    if (amount > BigInt(channel.max_amount))
      throw new AppError('deposit_amount_too_large', { value: limits });
    const fee = depositFee(amount, { fixed: BigInt(channel.fee_fixed), bps: channel.fee_bps });
    // channels are validated so that the minimum leaves a credit; this guards rows edited by hand
    if (fee >= amount) throw new AppError('deposit_amount_too_small', { value: limits });
    return { channel, amount, fee };
  }

  async function getView(merchant: MerchantContext, orderNo: string): Promise<OrderView> {
    const v = await depositRepo.findOrder(db, merchant.id, orderNo);
    if (!v) throw new AppError('deposit_not_found');
    return v;
  }

  /**
   * Credits a locked PENDING order: house deposit -> member MAIN (amount - fee) and house fee (fee),
   * one entry keyed by the order, the order SUCCESS and the member's message, all in `tx`.
   */
  async function credit(
    tx: Tx,
    merchant: MerchantContext,
    o: OrderRow,
    kind: TMessageKind,
    review?: { remark: string | null; by: OperatorActor },
  ): Promise<Announce> {
    const amount = BigInt(o.amount);
    const fee = BigInt(o.fee);
    const posted = await ledger.post(tx, {
      merchantId: o.merchant_id,
      key: `deposit:${o.order_no}`,
      type: 'deposit',
      memberId: o.member_id,
      refType: 'deposit',
      refId: o.order_no,
      memo: { channelId: o.channel_id, kind: o.kind },
      lines: [
        { account: { house: 'deposit', spread: o.member_id }, amount: -amount },
        { account: { memberId: o.member_id, code: 'main' }, amount: amount - fee },
        ...(fee > 0n ? [{ account: { house: 'fee' as const, spread: o.member_id }, amount: fee }] : []),
      ],
    });
    await depositRepo.finishOrder(tx, o.id, {
      status: 'SUCCESS',
      entryId: posted.entryId,
      remark: review?.remark ?? null,
      reviewedBy: review?.by.operatorId ?? null,
      reviewedByName: review?.by.name ?? null,
    });
    await hooks.credited(tx, {
      merchantId: o.merchant_id,
      memberId: o.member_id,
      orderNo: o.order_no,
      credited: amount - fee,
      // this order is SUCCESS already: it is the first when it is the only one
      first: (await depositRepo.successCount(tx, o.member_id)) === 1,
    });
    return messages.notify(tx, {
      merchantId: o.merchant_id,
      memberId: o.member_id,
      kind,
      data: messageData(o, merchant, review?.remark ?? null),
    });
  }

  function messageData(o: OrderRow, m: MerchantContext, remark: string | null) {
    const money = (v: bigint) => fromMinor(v, m.currencyDecimals);
    return {
      orderNo: o.order_no,
      amount: money(BigInt(o.amount)),
      fee: money(BigInt(o.fee)),
      creditAmount: money(BigInt(o.amount) - BigInt(o.fee)),
      currency: m.currency,
      currencySymbol: m.currencySymbol,
      ...(remark ? { remark } : {}),
    };
  }

  /** Ends a locked PENDING order without money (FAILED or REJECTED) and tells the member. */
  async function close(
    tx: Tx,
    merchant: MerchantContext,
    o: OrderRow,
    status: 'FAILED' | 'REJECTED',
    kind: TMessageKind,
    review?: { remark: string | null; by: OperatorActor },
  ): Promise<Announce> {
    await depositRepo.finishOrder(tx, o.id, {
      status,
      remark: review?.remark ?? null,
      reviewedBy: review?.by.operatorId ?? null,
      reviewedByName: review?.by.name ?? null,
    });
    return messages.notify(tx, {
      merchantId: o.merchant_id,
      memberId: o.member_id,
      kind,
      data: messageData(o, merchant, review?.remark ?? null),
    });
  }

  async function review(
    who: AuditWho,
    merchant: MerchantContext,
    orderNo: string,
    decision: 'approve' | 'reject',
    remark: string | undefined,
  ): Promise<TDepositAdminRow> {
    assertCan(who.actor, 'write');
    const { announce, memberId } = await ledger.transaction(async (tx) => {
      const o = await depositRepo.lockOrder(tx, who.actor.merchantId, orderNo);
      if (!o) throw new AppError('deposit_not_found');
      if (o.kind !== 'bank') throw new AppError('deposit_not_reviewable');
      if (o.status !== 'PENDING') throw new AppError('deposit_not_pending', { value: { status: o.status } });
      const r = { remark: remark || null, by: who.actor };
      const done =
        decision === 'approve'
          ? await credit(tx, merchant, o, 'deposit_approved', r)
          : await close(tx, merchant, o, 'REJECTED', 'deposit_rejected', r);
      await audit.record(tx, who, {
        action: `deposit.${decision}`,
        entityType: 'deposit',
        entityId: orderNo,
        before: { status: o.status, amount: o.amount, fee: o.fee, memberId: o.member_id },
        after: { status: decision === 'approve' ? 'SUCCESS' : 'REJECTED', remark: r.remark },
      });
      return { announce: done, memberId: o.member_id };
    });
    announce();
    if (decision === 'approve') events.emit('wallet.changed', { merchantId: merchant.id, memberId });
    return adminView(await getView(merchant, orderNo), merchant);
  }

  /**
   * Applies a gateway's outcome for an online order (from a verified notification or a status
   * query): it must match the order (gateway merchant, currency, amount, gateway order id); the
   * outcome already recorded again is a no-op; any other change of a finished order is refused.
   */
  async function applyGatewayOutcome(
    merchant: MerchantContext,
    found: OrderRow,
    channel: ChannelRow,
    n: { mchId: string; currency: string; amount: string; payOrderId: string; status: 'SUCCESS' | 'FAILED' },
  ): Promise<void> {
    if (
      n.mchId !== channel.gateway_mch_id ||
      n.currency !== merchant.currency ||
      !sameAmount(n.amount, BigInt(found.amount), merchant) ||
      (found.pay_order_id !== null && found.pay_order_id !== n.payOrderId)
    ) {
      throw new AppError('deposit_notify_mismatch', { detail: `order ${found.order_no}` });
    }
    const outcome = await ledger.transaction(async (tx) => {
      const o = (await depositRepo.lockOrder(tx, merchant.id, found.order_no))!;
      if (o.status === n.status) return undefined;
      if (o.status !== 'PENDING') throw new AppError('deposit_not_pending', { value: { status: o.status } });
      if (o.pay_order_id === null) await depositRepo.setPayInfo(tx, o.id, n.payOrderId, null);
      return n.status === 'SUCCESS'
        ? { credited: true, announce: await credit(tx, merchant, o, 'deposit_arrived') }
        : { credited: false, announce: await close(tx, merchant, o, 'FAILED', 'deposit_failed') };
    });
    if (!outcome) return;
    outcome.announce();
    if (outcome.credited)
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: found.member_id });
  }

  return {
    async settings(actor: MemberActor, merchant: MerchantContext) {
      assertRealMember(actor);
      const [channels, count] = await Promise.all([
        depositRepo.listChannels(db, merchant.id, true),
        depositRepo.successCount(db, actor.memberId),
      ]);
      return {
        allowDeposit: channels.length > 0 ? ('Y' as const) : ('N' as const),
        totalDepositSuccessCount: count,
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
        depositInfo: channels.map((c) => channelView(c, merchant)),
      };
    },

    async submitBank(actor: MemberActor, merchant: MerchantContext, body: TSubmitDepositRequest) {
      assertRealMember(actor);
      const { channel, amount, fee } = await checkedAmount(merchant, body.channelId, 'bank', body.amount);
      const receipt = body.receipt === undefined ? undefined : decodeReceipt(body.receipt);
      if (body.receipt !== undefined && !receipt) throw new AppError('deposit_receipt_invalid');
      const orderNo = newOrderNo(clock.now());
      await db.transaction(async (tx) => {
        const id = await depositRepo.insertOrder(tx, {
          merchantId: merchant.id,
          memberId: actor.memberId,
          channelId: channel.id,
          orderNo,
          kind: 'bank',
          amount,
          fee,
          reference: body.reference,
        });
        if (receipt) await depositRepo.insertReceipt(tx, id, receipt.contentType, receipt.data);
      });
      return orderView(await getView(merchant, orderNo), merchant);
    },

    /**
     * Creates our order (committed first, so a notification can never arrive for an order we do not
     * know), then the gateway's. A refused order is FAILED at once; an unknown outcome (timeout)
     * stays PENDING, because the gateway may still have it and notify.
     */
    async createOnline(
      actor: MemberActor,
      merchant: MerchantContext,
      body: TCreateOnlineDepositRequest,
      requestOrigin: string,
    ) {
      assertRealMember(actor);
      const { channel, amount, fee } = await checkedAmount(merchant, body.channelId, 'online', body.amount);
      const orderNo = newOrderNo(clock.now());
      const id = await depositRepo.insertOrder(db, {
        merchantId: merchant.id,
        memberId: actor.memberId,
        channelId: channel.id,
        orderNo,
        kind: 'online',
        amount,
        fee,
        reference: null,
      });
      const base = (deps.publicUrl ?? requestOrigin).replace(/\/+$/, '');
      const result = await createGatewayOrder(channel.gateway_url!, channel.gateway_secret!, {
        mchId: channel.gateway_mch_id!,
        orderNo,
        amount: fromMinor(amount, merchant.currencyDecimals),
        currency: merchant.currency,
        notifyUrl: `${base}/wps/deposit/notify/${encodeURIComponent(merchant.code)}`,
        returnUrl: `${base}/member/depositv2?orderNo=${orderNo}`,
        subject: `Deposit ${orderNo}`,
      });
      if (!result.ok) {
        if (result.definitive) {
          await ledger.transaction(async (tx) => {
            const o = await depositRepo.lockOrder(tx, merchant.id, orderNo);
            if (o?.status === 'PENDING') await depositRepo.finishOrder(tx, o.id, { status: 'FAILED' });
          });
        }
        throw new AppError('deposit_gateway_error', { detail: result.reason });
      }
      await depositRepo.setPayInfo(db, id, result.payOrderId, result.payUrl);
      return { orderNo, payUrl: result.payUrl };
    },

    async history(
      actor: MemberActor,
      merchant: MerchantContext,
      q: { pageNo: number; pageSize: number; status?: TDepositStatus },
    ) {
      assertRealMember(actor);
      const { list, total } = await depositRepo.memberOrders(
        db,
        actor.memberId,
        q.status,
        q.pageSize,
        (q.pageNo - 1) * q.pageSize,
      );
      return page(
        list.map((r) => orderView(r, merchant)),
        total,
        q.pageNo,
        q.pageSize,
      );
    },

    async order(actor: MemberActor, merchant: MerchantContext, orderNo: string) {
      assertRealMember(actor);
      const v = await depositRepo.findOrder(db, merchant.id, orderNo);
      if (!v || v.member_id !== actor.memberId) throw new AppError('deposit_not_found');
      return orderView(v, merchant);
    },

    /**
     * A gateway notification: signature over the raw bytes first (with the secret of the order's
     * channel), then the body, then that it matches the order. A repeat of the outcome already
     * recorded is answered as success without doing anything.
     */
    async notify(merchant: MerchantContext, raw: Buffer, signature: unknown): Promise<void> {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('request_param_err', { detail: 'notification is not JSON' });
      }
      const orderNo = (parsed as { orderNo?: unknown } | null)?.orderNo;
      const found =
        typeof orderNo === 'string' ? await depositRepo.findOrder(db, merchant.id, orderNo) : undefined;
      if (!found || found.kind !== 'online') throw new AppError('deposit_not_found');
      const channel = await depositRepo.findChannel(db, merchant.id, found.channel_id);
      if (!channel?.gateway_secret || !gatewaySignatureValid(channel.gateway_secret, raw, signature)) {
        throw new AppError('deposit_signature_invalid');
      }
      const check = ZDepositNotification.safeParse(parsed);
      if (!check.success) throw new AppError('request_param_err', { detail: 'notification fields' });
      await applyGatewayOutcome(merchant, found, channel, check.data);
    },

    /**
     * Reconciliation (a scheduled job): asks the gateway about online orders still PENDING, for the
     * notifications that never got through, and applies the answer exactly as a notification. An
     * order the gateway never heard of after ORPHAN_MS failed at creation: it ends FAILED.
     */
    async reconcile(now: Date): Promise<{ checked: number; finished: number }> {
      const pending = await depositRepo.pendingOnline(
        db,
        new Date(now.getTime() - RECONCILE_WINDOW_MS),
        now,
        RECONCILE_BATCH,
      );
      let finished = 0;
      for (const o of pending) {
        const merchant = await deps.merchants.getById(o.merchant_id);
        const channel = merchant && (await depositRepo.findChannel(db, merchant.id, o.channel_id));
        if (!merchant || !channel?.gateway_url || !channel.gateway_secret || !channel.gateway_mch_id)
          continue;
        const answer = await queryGatewayOrder(
          channel.gateway_url,
          channel.gateway_secret,
          channel.gateway_mch_id,
          o.order_no,
        );
        try {
          if (answer?.found && (answer.status === 'SUCCESS' || answer.status === 'FAILED')) {
            await applyGatewayOutcome(merchant, o, channel, {
              mchId: channel.gateway_mch_id,
              amount: answer.amount,
              currency: answer.currency,
              payOrderId: answer.payOrderId,
              status: answer.status,
            });
            finished++;
          } else if (
            answer?.found === false &&
            now.getTime() - new Date(o.created_at).getTime() > ORPHAN_MS
          ) {
            const announce = await ledger.transaction(async (tx) => {
              const locked = await depositRepo.lockOrder(tx, merchant.id, o.order_no);
              if (locked?.status !== 'PENDING') return undefined;
              return close(tx, merchant, locked, 'FAILED', 'deposit_failed');
            });
            announce?.();
            finished++;
          }
        } catch (err) {
          // one odd order (a mismatch) must not stop the others; it stays PENDING for an operator
          if (!(err instanceof AppError)) throw err;
        }
      }
      return { checked: pending.length, finished };
    },

    async adminList(actor: OperatorActor, merchant: MerchantContext, q: TDepositAdminQuery) {
      assertCan(actor, 'read');
      const { list, total } = await depositRepo.adminOrders(
        db,
        {
          merchantId: actor.merchantId,
          status: q.status,
          kind: q.kind,
          channelId: q.channelId,
          username: q.username,
          orderNo: q.orderNo,
          from: parseQueryDate(q.from),
          to: parseQueryDate(q.to),
        },
        q.pageSize,
        (q.pageNo - 1) * q.pageSize,
      );
      return page(
        list.map((r) => adminView(r, merchant)),
        total,
        q.pageNo,
        q.pageSize,
      );
    },

    async receipt(actor: OperatorActor, orderNo: string) {
      assertCan(actor, 'read');
      const r = await depositRepo.receipt(db, actor.merchantId, orderNo);
      if (!r) throw new AppError('not_found');
      return { contentType: r.content_type, data: r.data.replace(/\s+/g, '') };
    },

    approve: (who: AuditWho, merchant: MerchantContext, orderNo: string, remark?: string) =>
      review(who, merchant, orderNo, 'approve', remark),
    reject: (who: AuditWho, merchant: MerchantContext, orderNo: string, remark?: string) =>
      review(who, merchant, orderNo, 'reject', remark),
  };
}
export type DepositService = ReturnType<typeof createDepositService>;

function sameAmount(text: string, minor: bigint, m: Money): boolean {
  try {
    return toMinor(text, m.currencyDecimals) === minor;
  } catch (err) {
    if (err instanceof MoneyFormatError) return false;
    throw err;
  }
}
