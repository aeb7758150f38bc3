import {
  AGENT_INCOME_ENTRY_TYPES,
  fromMinor,
  type TContractKind,
  type TContractPayout,
  type TContractPeriod,
  type TAdminPayoutFilter,
} from '@bp/contract';
import type { OperatorActor } from '../../platform/context.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { assertCan } from '../operator/index.js';

import type { Db, Tx } from '../../db/client.js';
import { systemClock, type Clock } from '../../platform/module.js';
import { formatMerchantTime, merchantDayStart, zoneOffsetMinutes } from '../../platform/time.js';
import type { LedgerService } from '../ledger/index.js';
import {
  figuresFinal,
  merchantTimeZone,
  rollUp,
  teamFiguresOf,
  teamRounds,
  windowIsFinal,
} from '../team-figure/index.js';
import { agentContractRepo } from './agent-contract.repo.js';
import { rateAt, type Figures } from './agent-contract.rules.js';
import {
  settlementRepo,
  type NewPayout,
  type PayableRow,
  type SettleContractRow,
} from './contract-settlement.repo.js';
import { payoutHoldRepo } from './payout-hold.repo.js';
import { settlementRunRepo } from './settlement-run.repo.js';

export interface Period {
  from: Date;
  to: Date;
}

/** What one settlement of (merchant, kind, period) did. */
export interface SettleSummary {
  contracts: number;
  /** payouts written now (the others were settled before) */
  settled: number;
  owed: bigint;
  paid: bigint;
  short: number;
}

const ENTRY_TYPE: Record<TContractKind, string> = {
  dailySalary: AGENT_INCOME_ENTRY_TYPES.daily,
  hourlySalary: AGENT_INCOME_ENTRY_TYPES.hourly,
  realtimeSalary: AGENT_INCOME_ENTRY_TYPES.realtime,
  dividend: AGENT_INCOME_ENTRY_TYPES.dividend,
};

/** The periods settled per period of the calendar; real-time salary's windows are settled in order (settleRealtime). */
export const SETTLED_PERIODS: { kind: TContractKind; period: TContractPeriod }[] = [
  { kind: 'hourlySalary', period: 'hourly' },
  { kind: 'dailySalary', period: 'daily' },
  { kind: 'dividend', period: 'daily' },
  { kind: 'dividend', period: 'weekly' },
  { kind: 'dividend', period: 'semimonthly' },
  { kind: 'dividend', period: 'monthly' },
];

/** The merchant's calendar date of an instant: year, month (1-12), day, weekday (0 = Monday). */
function localDate(tz: string, at: Date) {
  const [y, m, d] = formatMerchantTime(at, tz).slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const dow = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return { y, m, d, dow };
}

/**
 * The last period of this kind that has ended by `now`, in the merchant's time zone: the previous
 * hour, day, week (Monday to Monday), half month (1st-16th, 16th-1st), month, or real-time
 * salary's 5-minute window.
 */
export function lastClosedPeriod(period: TContractPeriod, tz: string, now: Date): Period | undefined {
  const day = (at: Date, add = 0) => merchantDayStart(tz, at, add);
  switch (period) {
    case 'hourly': {
      const local = formatMerchantTime(now, tz);
      const hourText = `${local.slice(0, 10)}T${local.slice(11, 13)}:00:00Z`;
      const to = new Date(Date.parse(hourText) - zoneOffsetMinutes(tz, now) * 60_000);
      return { from: new Date(to.getTime() - 3_600_000), to };
    }
    case 'daily':
      return { from: day(now, -1), to: day(now) };
    case 'weekly': {
      const to = day(now, -localDate(tz, now).dow);
      return { from: day(to, -7), to };
    }
    case 'semimonthly': {
      const { d } = localDate(tz, now);
      if (d >= 16) return { from: day(now, -(d - 1)), to: day(now, -(d - 16)) };
      const to = day(now, -(d - 1));
      const prevDays = localDate(tz, day(to, -1)).d;
      return { from: day(to, -(prevDays - 15)), to };
    }
    case 'monthly': {
      const to = day(now, -(localDate(tz, now).d - 1));
      return { from: day(to, -localDate(tz, day(to, -1)).d), to };
    }
    case 'realtime': {
      const to = Math.floor(now.getTime() / REALTIME_WINDOW_MS) * REALTIME_WINDOW_MS;
      return { from: new Date(to - REALTIME_WINDOW_MS), to: new Date(to) };
    }
    default:
      return undefined;
  }
}

/**
 * The period of this kind that starts at `start` (a UTC instant), or undefined when `start` is not
 * the first instant of one in the merchant's time zone.
 */
export function periodStartingAt(period: TContractPeriod, tz: string, start: Date): Period | undefined {
  const t = start.getTime();
  const ends =
    period === 'realtime'
      ? [new Date(t + REALTIME_WINDOW_MS)]
      : period === 'hourly'
        ? [new Date(t + 3_600_000)]
        : Array.from({ length: 31 }, (_, k) => merchantDayStart(tz, start, k + 1));
  for (const to of ends) {
    const p = lastClosedPeriod(period, tz, to);
    if (p && p.from.getTime() === t && p.to.getTime() === to.getTime()) return p;
  }
  return undefined;
}

/** What one contract earned in a period, before it is paid. */
interface Computed {
  c: SettleContractRow;
  figures: Figures;
  rateBp: number;
  base: bigint;
  amount: bigint;
  /** real-time salary only */
  realtime?: { profitBase: bigint; lossBase: bigint; rounds: number };
}

/** Real-time salary windows: 5 minutes, on the epoch's 5-minute grid (every zone's offset is a multiple). */
export const REALTIME_WINDOW_MS = 5 * 60_000;
/** How long a scheduled run waits, at most, for the closed periods' figures to become final. */
const FINAL_WAIT_MS = 5_000;
/** Catch-up bound of one scheduled run (a day of windows); the next run goes on. */
const REALTIME_WINDOWS_PER_RUN = 288;

/**
 * The settlement engine (issue 15, DOMAIN-NOTES 3). For one (merchant, kind, period):
 *
 * 1. Amounts, each contract on its own: the downline's team figures of the period (the downline and
 *    everyone below it: valid bets, net loss = GGR - bonuses - rebates, active members), the
 *    contract's highest tier they reach, and base x rate (valid bets for salaries, net loss for
 *    dividends), rounded down to the minor unit. Real-time salary: per settled round (see
 *    realtimeAmounts).
 * 2. Payments, top-down (by the downline's depth): the house pays top-level contracts; each upline
 *    pays its direct downline's contract from its own MAIN, after its own payout of the period
 *    arrived. The upline keeps the difference: the differential of DOMAIN-NOTES 3. What the
 *    upline's balance cannot cover is recorded `partial` or `insufficient` (paid < amount); a payee
 *    an operator holds gets its payout recorded `held`, and nothing moves until the release.
 *
 * Each payout is one transaction: its row (unique per contract and period start) and its ledger
 * entry (key contract_payout:<contract>:<period start>). A second run, or one resumed after a
 * crash, finds the row and pays nothing again.
 */
export function createContractSettlement({
  db,
  ledger,
  clock = systemClock,
}: {
  db: Db;
  ledger: LedgerService;
  clock?: Clock;
}) {
  /**
   * Each contract's amount: the figures of its downline's team (the downline and everyone below it)
   * for the period, all contracts' in one read of the aggregates, with each contract's tiers.
   */
  async function amountsOf(
    merchantId: number,
    kind: TContractKind,
    contracts: SettleContractRow[],
    p: Period,
  ): Promise<Computed[]> {
    const figures = await teamFiguresOf(db, {
      merchantId,
      from: p.from,
      to: p.to,
      agentIds: [...new Set(contracts.map((c) => c.downlineId))],
      includeSelf: true,
      withActive: kind !== 'hourlySalary',
    });
    const tiersOf = await agentContractRepo.tiersOf(
      db,
      contracts.map((c) => c.id),
    );
    return contracts.map((c) => {
      const { total, activeMembers } = figures.get(c.downlineId)!;
      const netLoss = total.ggr - total.bonus - total.rebate;
      const f: Figures = {
        validBet: total.validBet,
        activeMembers: kind === 'hourlySalary' ? 0 : activeMembers,
        netLoss: netLoss > 0n ? netLoss : 0n,
      };
      const rateBp = rateAt(tiersOf.get(c.id) ?? [], f);
      const base = kind === 'dividend' ? f.netLoss : f.validBet;
      return { c, figures: f, rateBp, base, amount: (base * BigInt(rateBp)) / 10_000n };
    });
  }

  /**
   * Real-time salary of a window: for every settled round of the downline's team with a valid stake
   * of at least the contract's minimum single bet, the stake x the loss rate when the member lost
   * the round (win < stake), x the profit rate otherwise (won, or drew: a draw won the platform
   * nothing, so it is not paid as a loss); summed per contract, then rounded down once. Which
   * window a round belongs to: the one of its settlement (team-figure's teamRounds). A window
   * without a counted round writes no payout.
   */
  async function realtimeAmounts(merchantId: number, contracts: SettleContractRow[], p: Period) {
    const teams = await teamRounds(db, {
      merchantId,
      from: p.from,
      to: p.to,
      teams: contracts.map((c) => ({ agentId: c.downlineId, minBet: c.minBet ?? 0n })),
    });
    const out: Computed[] = [];
    for (const c of contracts) {
      const t = teams.get(c.downlineId);
      if (!t || t.rounds === 0) continue;
      const stake = t.profitStake + t.lossStake;
      const owed = t.profitStake * BigInt(c.profitRateBp ?? 0) + t.lossStake * BigInt(c.lossRateBp ?? 0);
      out.push({
        c,
        figures: { validBet: stake, netLoss: t.ggr > 0n ? t.ggr : 0n, activeMembers: 0 },
        rateBp: 0,
        base: stake,
        amount: owed / 10_000n,
        realtime: { profitBase: t.profitStake, lossBase: t.lossStake, rounds: t.rounds },
      });
    }
    return out;
  }

  async function amounts(merchantId: number, kind: TContractKind, contracts: SettleContractRow[], p: Period) {
    if (kind === 'realtimeSalary') return realtimeAmounts(merchantId, contracts, p);
    return amountsOf(merchantId, kind, contracts, p);
  }

  /** What the payer's MAIN can give now of `due` (the house always can); the account stays locked. */
  async function payable(tx: Tx, merchantId: number, payerId: number | null, due: bigint) {
    if (payerId === null || due <= 0n) return due > 0n ? due : 0n;
    const id = await ledger.account(tx, merchantId, { memberId: payerId, code: 'main' });
    const available = ledger.available((await ledger.lock(tx, [id])).get(id)!);
    return available < due ? (available > 0n ? available : 0n) : due;
  }

  /** One payment of a payout: payer (or the house) -> payee, keyed so that it is applied once. */
  async function postPayment(
    tx: Tx,
    merchantId: number,
    x: { kind: TContractKind; payoutId: number; contractId: number; payerId: number | null; payeeId: number },
    amount: bigint,
    key: string,
    memo: Record<string, unknown>,
    at: Date,
  ) {
    const house = x.kind === 'dividend' ? 'dividend' : 'salary';
    await ledger.post(tx, {
      merchantId,
      key,
      // the income report reads these types (AGENT_INCOME_ENTRY_TYPES)
      type: ENTRY_TYPE[x.kind],
      memberId: x.payeeId,
      refType: 'contract_payout',
      refId: String(x.payoutId),
      memo: { kind: x.kind, contractId: x.contractId, ...memo },
      // booked at the run's time, like the payout row (a past run replayed keeps its own day)
      at,
      lines: [
        {
          account: x.payerId === null ? { house, spread: x.payeeId } : { memberId: x.payerId, code: 'main' },
          amount: -amount,
        },
        { account: { memberId: x.payeeId, code: 'main' }, amount },
      ],
    });
  }

  const statusOf = (amount: bigint, paid: bigint) =>
    paid === amount ? 'paid' : paid > 0n ? 'partial' : 'insufficient';

  async function settle(
    merchantId: number,
    kind: TContractKind,
    period: TContractPeriod,
    p: Period,
    now: Date,
  ): Promise<SettleSummary> {
    const contracts = await settlementRepo.contractsToSettle(db, merchantId, kind, period, p);
    const summary: SettleSummary = { contracts: contracts.length, settled: 0, owed: 0n, paid: 0n, short: 0 };
    // amounts first (each contract's own figures), then payments top-down
    const computed = await amounts(merchantId, kind, contracts, p);
    for (const x of computed) {
      await ledger.transaction(async (tx) => {
        // payer first (its account row orders every payment, withdrawal and transfer out of it), then
        // the payee's hold: a release deleting it waits for this payout, or this one sees it gone
        const due = await payable(tx, merchantId, x.c.uplineId, x.amount);
        const held =
          x.amount > 0n && (await payoutHoldRepo.find(tx, merchantId, x.c.downlineId, { forShare: true }));
        const paid = held ? 0n : due;
        const row: NewPayout = {
          merchantId,
          contractId: x.c.id,
          kind,
          periodStart: p.from,
          periodEnd: p.to,
          payerId: x.c.uplineId,
          payeeId: x.c.downlineId,
          validBet: x.figures.validBet,
          netLoss: x.figures.netLoss,
          activeMembers: x.figures.activeMembers,
          base: x.base,
          rateBp: x.rateBp,
          amount: x.amount,
          paid,
          status: x.amount === 0n ? 'not_reached' : held ? 'held' : statusOf(x.amount, paid),
          createdAt: now,
          realtime: x.realtime,
        };
        const payoutId = await settlementRepo.insertPayout(tx, row);
        if (payoutId === undefined) return; // settled by an earlier run
        summary.settled++;
        summary.owed += x.amount;
        summary.paid += paid;
        if (paid < x.amount && !held) summary.short++;
        if (paid === 0n) return;
        await postPayment(
          tx,
          merchantId,
          { kind, payoutId, contractId: x.c.id, payerId: x.c.uplineId, payeeId: x.c.downlineId },
          paid,
          `contract_payout:${x.c.id}:${p.from.toISOString()}`,
          { from: p.from.toISOString(), to: p.to.toISOString() },
          now,
        );
      });
    }
    return summary;
  }

  /**
   * Pays more of a short or released payout, as far as its payer's balance now reaches. The ledger
   * key carries what was paid before, so a repeated attempt on the same state pays nothing twice;
   * the row lock makes a second attempt see the first one's result. Answers what it paid.
   */
  async function payMore(merchantId: number, s: PayableRow, from: 'short' | 'held', now: Date) {
    return ledger.transaction(async (tx) => {
      const row = await settlementRepo.lockPayout(tx, s.id);
      if (!row || row.paid >= row.amount) return 0n;
      if (from === 'short' && row.status !== 'partial' && row.status !== 'insufficient') return 0n;
      if (from === 'held') {
        if (row.status !== 'held') return 0n;
        // held again since it was listed: stays held
        if (await payoutHoldRepo.find(tx, merchantId, s.payeeId, { forShare: true })) return 0n;
      }
      const pay = await payable(tx, merchantId, s.payerId, row.amount - row.paid);
      const paid = row.paid + pay;
      // a released payout is payable from now: its retry window starts at the release
      await settlementRepo.setPaid(
        tx,
        s.id,
        paid,
        statusOf(row.amount, paid),
        from === 'held' ? now : undefined,
      );
      if (pay <= 0n) return 0n;
      await postPayment(
        tx,
        merchantId,
        { kind: s.kind, payoutId: s.id, contractId: s.contractId, payerId: s.payerId, payeeId: s.payeeId },
        pay,
        row.paid === 0n
          ? `contract_payout:${s.contractId}:${s.periodStart.toISOString()}`
          : `contract_payout:${s.contractId}:${s.periodStart.toISOString()}:after:${row.paid}`,
        from === 'held' ? { released: true } : { retry: true },
        now,
      );
      return pay;
    });
  }

  /**
   * Pays more of the short payouts (partial, insufficient) that became payable after `since`, as
   * far as each upline's balance now reaches. A short payout is retried by every run until the next
   * period closes (the caller passes the start of the last closed period); then it expires
   * (expireShort).
   */
  async function retryShort(merchantId: number, kind: TContractKind, period: TContractPeriod, since: Date) {
    let paidNow = 0n;
    for (const s of await settlementRepo.shortSince(db, merchantId, kind, period, since)) {
      paidNow += await payMore(merchantId, s, 'short', clock.now());
    }
    return paidNow;
  }

  /** Short payouts no longer retried (payable at or before `since`) become expired; answers how many. */
  function expireShort(merchantId: number, kind: TContractKind, period: TContractPeriod, since: Date) {
    return settlementRepo.expireShort(db, merchantId, kind, period, since);
  }

  /**
   * Pays the held payouts of payees whose hold was released (one payee's when given), each once, as
   * far as its payer's balance reaches (then the short/retry rules, from the release on). The
   * scheduled run calls it too, so a release cut short by a crash is completed.
   */
  async function payReleased(merchantId: number, payeeId?: number) {
    let paid = 0n;
    let payouts = 0;
    for (const s of await settlementRepo.releasedHeld(db, merchantId, payeeId)) {
      const now = await payMore(merchantId, s, 'held', clock.now());
      paid += now;
      if (now > 0n) payouts++;
    }
    return { payouts, paid };
  }

  /**
   * One recorded settlement of (merchant, kind, period): a run row, the settlement, its totals (or
   * its error). A scheduled run with nothing left to settle leaves no row.
   */
  async function run(
    merchantId: number,
    kind: TContractKind,
    period: TContractPeriod,
    p: Period,
    trigger: { by: 'schedule' } | { by: 'operator'; operatorId: number },
  ) {
    const now = clock.now();
    const missing = await settlementRepo.contractsToSettle(db, merchantId, kind, period, p);
    if (trigger.by === 'schedule' && missing.length === 0) return undefined;
    const id = await settlementRunRepo.start(db, {
      merchantId,
      kind,
      period,
      from: p.from,
      to: p.to,
      trigger: trigger.by,
      operatorId: trigger.by === 'operator' ? trigger.operatorId : null,
      startedAt: now,
      contracts: missing.length,
    });
    try {
      const summary = await settle(merchantId, kind, period, p, now);
      if (trigger.by === 'schedule' && summary.settled === 0) await settlementRunRepo.drop(db, id);
      else await settlementRunRepo.finish(db, id, summary, clock.now());
      return { id, summary };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await settlementRunRepo.finish(
        db,
        id,
        { settled: 0, owed: 0n, paid: 0n, short: 0, error },
        clock.now(),
      );
      throw err;
    }
  }

  /**
   * Real-time salary's scheduled settlement for a merchant: every 5-minute window from where the
   * last run stopped, in order, while windows are final (closed by the app's and the database's
   * clocks, no transaction begun before their end still open). The progress mark moves past a
   * window only once all its payouts are written, so a crash re-settles it (keys keep them once).
   */
  async function settleRealtime(merchantId: number, now: Date) {
    const start =
      (await settlementRepo.realtimeSettledTo(db, merchantId)) ??
      (await settlementRepo.firstRealtimeAccepted(db, merchantId));
    if (!start) return;
    let from = new Date(Math.floor(start.getTime() / REALTIME_WINDOW_MS) * REALTIME_WINDOW_MS);
    const closedTo = Math.floor(now.getTime() / REALTIME_WINDOW_MS) * REALTIME_WINDOW_MS;
    for (let n = 0; n < REALTIME_WINDOWS_PER_RUN && from.getTime() < closedTo; n++) {
      const p: Period = { from, to: new Date(from.getTime() + REALTIME_WINDOW_MS) };
      if (!(await windowIsFinal(db, p.to))) break;
      await run(merchantId, 'realtimeSalary', 'realtime', p, { by: 'schedule' });
      await settlementRepo.setRealtimeSettledTo(db, merchantId, p.to);
      from = p.to;
    }
  }

  return {
    settle,
    retryShort,
    expireShort,
    payReleased,
    run,

    /** The operator's view of the payouts (read permission). */
    async adminPayouts(actor: OperatorActor, merchant: MerchantContext, q: TAdminPayoutFilter) {
      assertCan(actor, 'read');
      const page = await settlementRepo.page(db, merchant.id, {
        kind: q.kind,
        status: q.status,
        username: q.username,
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      const money = (v: string) => fromMinor(BigInt(v), merchant.currencyDecimals);
      const time = (d: Date | string) => formatMerchantTime(new Date(d), merchant.timeZone);
      return {
        list: page.list.map((r): TContractPayout => ({
          id: Number(r.id),
          contractId: Number(r.contractId),
          kind: r.kind,
          periodStart: time(r.periodStart),
          periodEnd: time(r.periodEnd),
          payer: r.payerId === null ? null : { id: Number(r.payerId), username: r.payerUsername! },
          payee: { id: Number(r.payeeId), username: r.payeeUsername },
          validBet: money(r.validBet),
          netLoss: money(r.netLoss),
          activeMembers: Number(r.activeMembers),
          base: money(r.base),
          rate: fromMinor(Number(r.rateBp), 2),
          amount: money(r.amount),
          paid: money(r.paid),
          status: r.status,
        })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: page.total,
        totalPages: Math.ceil(page.total / q.pageSize),
      };
    },
    /**
     * The scheduled run: for every merchant with contracts, the last closed period of each kind and
     * period, once the figures are rolled up, then the retries and expiries of short payouts, real-time
     * salary's closed windows, and held payouts whose hold was released. Periods settled before are
     * skipped contract by contract. One kind failing does not stop the others; the first error is
     * thrown at the end (the job engine retries, and nothing is paid twice).
     */
    async settleDue(now: Date) {
      await rollUp(db);
      // a period is settled once its figures are final (each end checked once per run, all within
      // one wait); until then it is left to a later run
      const deadline = Date.now() + FINAL_WAIT_MS;
      const finalAt = new Map<number, Promise<boolean>>();
      const isFinal = (end: Date) => {
        let f = finalAt.get(end.getTime());
        if (!f) {
          f = figuresFinal(db, end, { timeoutMs: Math.max(0, deadline - Date.now()), now });
          finalAt.set(end.getTime(), f);
        }
        return f;
      };
      let failure: unknown;
      const attempt = async (fn: () => Promise<unknown>) => {
        try {
          await fn();
        } catch (err) {
          failure ??= err;
        }
      };
      for (const merchantId of await settlementRepo.merchantsWithContracts(db)) {
        const tz = await merchantTimeZone(db, merchantId);
        for (const { kind, period } of SETTLED_PERIODS) {
          const p = lastClosedPeriod(period, tz, now)!;
          await attempt(async () => {
            if (await isFinal(p.to)) await run(merchantId, kind, period, p, { by: 'schedule' });
            await retryShort(merchantId, kind, period, p.from);
            await expireShort(merchantId, kind, period, p.from);
          });
        }
        await attempt(async () => {
          await settleRealtime(merchantId, now);
          const p = lastClosedPeriod('realtime', tz, now)!;
          await retryShort(merchantId, 'realtimeSalary', 'realtime', p.from);
          await expireShort(merchantId, 'realtimeSalary', 'realtime', p.from);
        });
        await attempt(() => payReleased(merchantId));
      }
      if (failure !== undefined) throw failure;
    },
  };
}
export type ContractSettlement = ReturnType<typeof createContractSettlement>;
