import { fromMinor, type ZPaymentConfirmRequest } from '@bp/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import { requireRealAccount } from '../member/index.js';
import type { MerchantContext, MerchantService } from '../../platform/merchant.js';
import type { MessageService } from '../message/index.js';
import { parseAmount } from '../wallet/index.js';
import { withdrawRepo, type ProofRow } from './withdraw.repo.js';
import { assertTransition, validateProof } from './withdraw.rules.js';
import { DEFAULT_AUTO_RECEIVE_MINUTES, memberView, settingsOf } from './withdraw.view.js';

/** How many payouts one auto-receive run confirms at most; the next run takes the rest. */
const AUTO_RECEIVE_BATCH = 500;

/**
 * Receipt confirmation after a payout (SPEC §4 "Withdrawal confirmation"): the member marks it
 * received, not received (with proof images: a dispute the operator resolves), or all received; a
 * payout left unconfirmed for the merchant's minutes counts as received (the scheduled job).
 */
export function createReceiptService(deps: {
  db: Db;
  clock: Clock;
  merchants: Pick<MerchantService, 'getById'>;
  messages: MessageService;
}) {
  const { db, clock, merchants, messages } = deps;

  async function view(merchant: MerchantContext, id: bigint | string) {
    const w = await withdrawRepo.get(db, merchant.id, id);
    if (!w) throw new AppError('withdraw_not_found');
    return memberView(w, merchant, (await settingsOf(db, merchant)).auto_receive_minutes);
  }

  return {
    async pending(actor: MemberActor, merchant: MerchantContext) {
      requireRealAccount(actor);
      const s = await settingsOf(db, merchant);
      const { list } = await withdrawRepo.list(db, {
        merchantId: merchant.id,
        memberId: actor.memberId,
        status: 'PAID_OUT',
        limit: 100,
        offset: 0,
      });
      return {
        list: list.map((w) => memberView(w, merchant, s.auto_receive_minutes)),
        autoReceiveMinutes: s.auto_receive_minutes,
      };
    },

    /**
     * Received, or not received with proof images. Images are decoded and checked by their bytes
     * before anything is written; the report and its images commit together.
     */
    async confirm(
      actor: MemberActor,
      merchant: MerchantContext,
      body: z.output<typeof ZPaymentConfirmRequest>,
    ) {
      requireRealAccount(actor);
      const proofs = body.received
        ? []
        : (body.images ?? []).map((i) => ({ ...validateProof(i.data), fileName: i.fileName ?? null }));
      const receivedAmount =
        body.received || body.receivedAmount === undefined ? 0n : parseAmount(body.receivedAmount, merchant);
      await db.transaction(async (tx) => {
        const w = await withdrawRepo.lock(tx, merchant.id, body.withdrawId);
        if (!w || w.member_id !== actor.memberId) throw new AppError('withdraw_not_found');
        assertTransition('confirm', w.status);
        const now = clock.now();
        if (body.received) {
          await withdrawRepo.update(
            tx,
            w.id,
            { status: 'RECEIVED', confirmed_by: 'member', confirmed_at: now },
            now,
          );
          return;
        }
        if (receivedAmount >= BigInt(w.amount)) {
          throw new AppError('withdraw_received_amount_invalid', {
            value: { amount: fromMinor(BigInt(w.amount), merchant.currencyDecimals) },
          });
        }
        for (const p of proofs) {
          await withdrawRepo.insertProof(tx, {
            merchantId: merchant.id,
            memberId: actor.memberId,
            withdrawalId: w.id,
            contentType: p.contentType,
            fileName: p.fileName,
            bytes: p.bytes,
          });
        }
        await withdrawRepo.update(
          tx,
          w.id,
          {
            status: 'DISPUTED',
            received_amount: receivedAmount,
            remark: body.remark ?? null,
            disputed_at: now,
          },
          now,
        );
      });
      return view(merchant, body.withdrawId);
    },

    /** Every payout awaiting the member's confirmation is received; a concurrent change wins per row. */
    async confirmAll(actor: MemberActor) {
      requireRealAccount(actor);
      const now = clock.now();
      const ids = await withdrawRepo.confirmAllPaidOut(db, actor.memberId, now);
      return { confirmed: ids.length };
    },

    /** A proof image of the member's own report (never another member's). */
    async memberProof(actor: MemberActor, merchant: MerchantContext, id: string): Promise<ProofRow> {
      requireRealAccount(actor);
      const p = await withdrawRepo.proof(db, merchant.id, id);
      if (!p || p.member_id !== actor.memberId) throw new AppError('not_found');
      return p;
    },

    /**
     * The scheduled job: payouts unconfirmed past their merchant's minutes count as received. Each
     * one is its own transaction under the row lock, so a member confirming at the same moment wins
     * or loses cleanly; the message is announced after its commit.
     */
    async autoReceive(now: Date): Promise<number> {
      const due = await withdrawRepo.dueForAutoReceive(
        db,
        now,
        DEFAULT_AUTO_RECEIVE_MINUTES,
        AUTO_RECEIVE_BATCH,
      );
      let done = 0;
      for (const d of due) {
        const merchant = await merchants.getById(d.merchant_id);
        if (!merchant) continue;
        const announce = await db.transaction(async (tx) => {
          const w = await withdrawRepo.lock(tx, d.merchant_id, d.id.toString());
          if (!w || w.status !== 'PAID_OUT') return undefined;
          await withdrawRepo.update(
            tx,
            w.id,
            { status: 'RECEIVED', confirmed_by: 'auto', confirmed_at: now },
            now,
          );
          return messages.notify(tx, {
            merchantId: w.merchant_id,
            memberId: w.member_id,
            kind: 'withdraw_auto_received',
            data: {
              withdrawId: w.id.toString(),
              amount: fromMinor(BigInt(w.amount), merchant.currencyDecimals),
            },
          });
        });
        if (announce) {
          announce();
          done++;
        }
      }
      return done;
    },
  };
}
export type ReceiptService = ReturnType<typeof createReceiptService>;
