import {
  fromMinor,
  isAgentType,
  type TContractKind,
  type TContractPeriod,
  type TPayoutHold,
  type TSettlementRun,
  type TSettlementRunFilter,
  type ZPayoutHoldUpdate,
  type ZSettlementRerun,
} from '@bp/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime, merchantDayStart, zoneOffsetMinutes } from '../../platform/time.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import { assertCan } from '../operator/index.js';
import { rollUp, windowIsFinal } from '../team-figure/index.js';
import { periodStartingAt, type ContractSettlement } from './contract-settlement.js';
import { payoutHoldRepo } from './payout-hold.repo.js';
import { settlementRunRepo, type SettlementRunRow } from './settlement-run.repo.js';

const PERIOD_OF: Record<Exclude<TContractKind, 'dividend'>, TContractPeriod> = {
  dailySalary: 'daily',
  hourlySalary: 'hourly',
  realtimeSalary: 'realtime',
};

/** Merchant-local `yyyy-MM-dd[ HH:mm[:ss]]` -> the UTC instant; undefined when no such local time exists. */
export function merchantInstant(text: string, tz: string): Date | undefined {
  const [day, time = '00:00:00'] = text.split(' ') as [string, string?];
  const local = `${day} ${time.length === 5 ? `${time}:00` : time}`;
  const guess = Date.parse(`${day}T${local.slice(11)}Z`);
  if (Number.isNaN(guess)) return undefined;
  let at = new Date(guess - zoneOffsetMinutes(tz, new Date(guess)) * 60_000);
  at = new Date(guess - zoneOffsetMinutes(tz, at) * 60_000);
  return formatMerchantTime(at, tz) === local ? at : undefined;
}

/** Operators' side of the settlement: the runs, re-running a closed period, holding an agent's payouts. */
export function createSettlementAdmin({
  db,
  settlement,
  members,
  audit,
  clock,
}: {
  db: Db;
  settlement: ContractSettlement;
  members: MemberService;
  audit: AuditService;
  clock: Clock;
}) {
  const view = (merchant: MerchantContext, r: SettlementRunRow): TSettlementRun => {
    const time = (d: Date | string) => formatMerchantTime(new Date(d), merchant.timeZone);
    const money = (v: string) => fromMinor(BigInt(v), merchant.currencyDecimals);
    return {
      id: Number(r.id),
      kind: r.kind,
      period: r.period,
      periodStart: time(r.periodStart),
      periodEnd: time(r.periodEnd),
      trigger: r.trigger,
      operator: r.operatorUsername,
      startedAt: time(r.startedAt),
      finishedAt: r.finishedAt === null ? null : time(r.finishedAt),
      contracts: Number(r.contracts),
      settled: Number(r.settled),
      totalOwed: money(r.totalOwed),
      totalPaid: money(r.totalPaid),
      shortCount: Number(r.shortCount),
      error: r.error,
    };
  };

  /** The agent of this merchant an operator names (anyone else is not found). */
  async function agentOf(merchant: MerchantContext, id: number) {
    const m = await members.findById(merchant.id, id);
    if (!m || !isAgentType(m.type)) throw new AppError('not_found');
    return m;
  }

  return {
    async runs(actor: OperatorActor, merchant: MerchantContext, q: TSettlementRunFilter) {
      assertCan(actor, 'read');
      const day = (d: string) => merchantInstant(d, merchant.timeZone);
      const from = q.from === undefined ? undefined : day(q.from);
      const to = q.to === undefined ? undefined : day(q.to);
      if ((q.from !== undefined && !from) || (q.to !== undefined && !to) || (from && to && from > to)) {
        throw new AppError('report_range_invalid');
      }
      const page = await settlementRunRepo.page(db, merchant.id, {
        kind: q.kind,
        from,
        to: to && merchantDayStart(merchant.timeZone, to, 1),
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        list: page.list.map((r) => view(merchant, r)),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: page.total,
        totalPages: Math.ceil(page.total / q.pageSize),
      };
    },

    /**
     * Re-runs one closed period: the contracts without a payout of it are settled (payouts' own
     * keys keep every payment once), recorded as an operator's run and audited.
     */
    async rerun(who: AuditWho, merchant: MerchantContext, body: z.output<typeof ZSettlementRerun>) {
      assertCan(who.actor, 'write');
      const period = body.kind === 'dividend' ? body.period : PERIOD_OF[body.kind];
      if (
        period === undefined ||
        (body.kind === 'dividend' && (period === 'hourly' || period === 'realtime')) ||
        (body.kind !== 'dividend' && body.period !== undefined && body.period !== period)
      ) {
        throw new AppError('settlement_period_invalid', { detail: 'period' });
      }
      const start = merchantInstant(body.periodStart, merchant.timeZone);
      const p = start && periodStartingAt(period, merchant.timeZone, start);
      if (!p) throw new AppError('settlement_period_invalid');
      if (p.to > clock.now() || (period === 'realtime' && !(await windowIsFinal(db, p.to)))) {
        throw new AppError('settlement_period_open');
      }
      await rollUp(db);
      const done = await settlement.run(merchant.id, body.kind, period, p, {
        by: 'operator',
        operatorId: who.actor.operatorId,
      });
      const out = view(merchant, (await settlementRunRepo.get(db, merchant.id, done!.id))!);
      await audit.record(db, who, {
        action: 'settlement_run.rerun',
        entityType: 'settlement_run',
        entityId: out.id,
        before: null,
        after: out,
      });
      return out;
    },

    /**
     * Holds or releases an agent's payouts (as payee). A release pays the held payouts at once (each
     * once, as the payers' balances allow); should it be cut short, the scheduled run pays the rest.
     */
    async hold(
      who: AuditWho,
      merchant: MerchantContext,
      id: number,
      body: z.output<typeof ZPayoutHoldUpdate>,
    ): Promise<TPayoutHold> {
      assertCan(who.actor, 'write');
      const agent = await agentOf(merchant, id);
      const time = (d: Date) => formatMerchantTime(d, merchant.timeZone);
      const now = clock.now();
      const before = await payoutHoldRepo.find(db, merchant.id, agent.id);
      await db.transaction(async (tx) => {
        if (body.hold) {
          await payoutHoldRepo.hold(tx, {
            merchantId: merchant.id,
            memberId: agent.id,
            reason: body.reason!,
            heldAt: now,
            operatorId: who.actor.operatorId,
          });
        } else {
          await payoutHoldRepo.release(tx, merchant.id, agent.id);
        }
        await audit.record(tx, who, {
          action: body.hold ? 'agent_payout.hold' : 'agent_payout.release',
          entityType: 'member',
          entityId: agent.id,
          before: before ? { held: true, reason: before.reason, heldAt: before.heldAt } : { held: false },
          after: body.hold ? { held: true, reason: body.reason } : { held: false },
        });
      });
      const released = body.hold ? null : await settlement.payReleased(merchant.id, agent.id);
      const after = await payoutHoldRepo.find(db, merchant.id, agent.id);
      return {
        agentId: agent.id,
        username: agent.username,
        held: after !== undefined,
        reason: after?.reason ?? null,
        heldAt: after ? time(after.heldAt) : null,
        released: released && {
          payouts: released.payouts,
          paid: fromMinor(released.paid, merchant.currencyDecimals),
        },
      };
    },
  };
}
