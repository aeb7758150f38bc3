import {
  CONTRACT_MODULE,
  fromMinor,
  type TAgentPayoutFilter,
  type TAgentPayoutPage,
  type TAgentPayoutStatus,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import { reportRange } from '../account-record/index.js';
import { agentContractRepo } from './agent-contract.repo.js';
import { contractPayoutRepo as repo } from './contract-payout.repo.js';
import { payoutHoldRepo } from './payout-hold.repo.js';

/**
 * An agent's own payout records (the salary and dividend record pages) and what it owes. Every read
 * is the caller's own: payouts it received, or paid as the upline of the contract (its direct
 * downlines), in its own merchant.
 */
export function createContractPayoutService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(
      actor: MemberActor,
      merchant: MerchantContext,
      q: TAgentPayoutFilter,
    ): Promise<TAgentPayoutPage> {
      if (merchant.modules[CONTRACT_MODULE[q.kind]] === false) throw new AppError('function.not.available');
      const range = reportRange(q, merchant.timeZone, clock.now());
      const page = await repo.pageOf(db, {
        merchantId: merchant.id,
        memberId: actor.memberId,
        kind: q.kind,
        role: q.role,
        from: range.from,
        to: range.to,
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      const tiers = await agentContractRepo.tiersOf(db, [...new Set(page.list.map((r) => r.contractId))]);
      const money = (v: string | bigint) => fromMinor(BigInt(v), merchant.currencyDecimals);
      const rate = (bp: number) => fromMinor(bp, 2);
      const time = (d: Date | string) => formatMerchantTime(new Date(d), merchant.timeZone);
      return {
        kind: q.kind,
        role: q.role,
        period: { from: range.fromDay, to: range.toDay },
        list: page.list.map((r) => {
          const realtime = q.kind === 'realtimeSalary';
          // tier rates rise strictly from one tier to the next, so the rate names the tier
          const index = realtime
            ? -1
            : (tiers.get(r.contractId) ?? []).findIndex((t) => t.rateBp === r.rateBp);
          const reached = !realtime && r.rateBp > 0 && index >= 0;
          return {
            id: r.id,
            contractId: r.contractId,
            periodStart: time(r.periodStart),
            periodEnd: time(r.periodEnd),
            counterpart: r.counterpart,
            validBet: money(r.validBet),
            netLoss: money(r.netLoss),
            activeMembers: Number(r.activeMembers),
            base: money(r.base),
            tier: reached ? index + 1 : null,
            rate: reached ? rate(r.rateBp) : null,
            realtime: realtime
              ? {
                  profitRate: rate(r.profitRateBp ?? 0),
                  lossRate: rate(r.lossRateBp ?? 0),
                  minBet: money(r.minBet ?? '0'),
                  profitBase: money(r.profitBase ?? '0'),
                  lossBase: money(r.lossBase ?? '0'),
                  rounds: Number(r.roundCount ?? 0),
                }
              : null,
            amount: money(r.amount),
            paid: money(r.paid),
            status: r.status,
            settledAt: time(r.createdAt),
          };
        }),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: page.total,
        totalPages: Math.ceil(page.total / q.pageSize),
        totals: { amount: money(page.amount), paid: money(page.paid) },
      };
    },

    async status(actor: MemberActor, merchant: MerchantContext): Promise<TAgentPayoutStatus> {
      const [owed, hold] = await Promise.all([
        repo.owedBy(db, actor.memberId),
        payoutHoldRepo.find(db, merchant.id, actor.memberId),
      ]);
      return {
        owed: fromMinor(owed.owed, merchant.currencyDecimals),
        count: owed.count,
        frozen: owed.count > 0,
        held: hold !== undefined,
      };
    },
  };
}
export type ContractPayoutService = ReturnType<typeof createContractPayoutService>;
