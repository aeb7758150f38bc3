import {
  AGENT_INCOME_ENTRY_TYPES,
  AGENT_INCOME_KINDS,
  agentIncomeKindOf,
  fromMinor,
  isAgentType,
  recordTypeOf,
  type TAgentIncomeKind,
  type TCommissionPage,
  type TDatePreset,
  type TDownlineTransactionPage,
  type TIncomePage,
  type TRecordType,
  type TTeamBetStatus,
  type TTeamBettingPage,
  type TTeamOverview,
  type TUserLossPage,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { Clock } from '../../platform/module.js';
import { formatMerchantTime } from '../../platform/time.js';
import { remarkOf, reportRange, type ReportRange } from '../account-record/index.js';
import {
  activeMembers,
  memberFigures,
  teamFigures,
  teamSize,
  ZERO_FIGURES,
  type Figures,
} from '../team-figure/index.js';
import { agentReportRepo as repo } from './agent-report.repo.js';

type RangeQuery = { preset?: TDatePreset; from?: string; to?: string };
type Paging = { pageNo: number; pageSize: number };

const DAY_MS = 86_400_000;
const INCOME_TYPES = AGENT_INCOME_KINDS.map((k) => AGENT_INCOME_ENTRY_TYPES[k]);

/** The merchant days of a report period, first to last (yyyy-MM-dd). */
export function daysOf(range: Pick<ReportRange, 'fromDay' | 'toDay'>): string[] {
  const out: string[] = [];
  for (
    let t = Date.parse(`${range.fromDay}T00:00:00Z`);
    t <= Date.parse(`${range.toDay}T00:00:00Z`);
    t += DAY_MS
  ) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

const pages = (n: number, size: number) => Math.ceil(n / size);

/**
 * The agent centre's reports. Every read is scoped to the caller's own team in the caller's own
 * merchant: a username outside it finds nothing (an empty answer, never someone else's figures,
 * and no hint whether that name exists elsewhere).
 */
export function createAgentReportService({ db, clock }: { db: Db; clock: Clock }) {
  const money = (m: MerchantContext, v: bigint) => fromMinor(v, m.currencyDecimals);
  const rangeOf = (m: MerchantContext, q: RangeQuery) => reportRange(q, m.timeZone, clock.now());
  const periodOf = (r: ReportRange) => ({ from: r.fromDay, to: r.toDay });
  /** undefined: no filter; null: a name outside the team (nothing matches) */
  const memberFilter = async (actor: MemberActor, username: string | undefined) =>
    username === undefined
      ? undefined
      : ((await repo.teamMember(db, actor.merchantId, actor.memberId, username)) ?? null);

  const moneyFigures = (m: MerchantContext, f: Figures) => ({
    deposits: money(m, f.deposit),
    withdrawals: money(m, f.withdrawal),
    validBets: money(m, f.validBet),
    wins: money(m, f.win),
    ggr: money(m, f.ggr),
    bonuses: money(m, f.bonus),
    rebates: money(m, f.rebate),
    netResult: money(m, f.netResult),
  });

  return {
    async teamOverview(
      actor: MemberActor,
      merchant: MerchantContext,
      q: RangeQuery & { username?: string },
    ): Promise<TTeamOverview> {
      const range = rangeOf(merchant, q);
      const target = await memberFilter(actor, q.username);
      // a downline named: that member and its own downlines
      const scope =
        target === undefined || target === null
          ? { agentId: actor.memberId, includeSelf: false }
          : { agentId: target, includeSelf: true };
      const p = { merchantId: actor.merchantId, from: range.from, to: range.to, ...scope };
      const [figures, active, size] =
        target === null
          ? [{ total: { ...ZERO_FIGURES }, series: [] }, 0, 0]
          : await Promise.all([
              teamFigures(db, { ...p, granularity: 'day' }),
              activeMembers(db, p),
              teamSize(db, scope.agentId).then((n) => n + (scope.includeSelf ? 1 : 0)),
            ]);
      const byDay = new Map(figures.series.map((s) => [s.day, s]));
      const f = figures.total;
      return {
        period: periodOf(range),
        members: size,
        newRegistrations: f.registrations,
        activeMembers: active,
        firstDeposits: f.firstDeposits,
        depositCount: f.depositCount,
        withdrawalCount: f.withdrawalCount,
        betCount: f.betCount,
        ...moneyFigures(merchant, f),
        series: daysOf(range).map((day) => {
          const d = byDay.get(day) ?? ZERO_FIGURES;
          return {
            day,
            newRegistrations: d.registrations,
            firstDeposits: d.firstDeposits,
            betCount: d.betCount,
            ...moneyFigures(merchant, d),
          };
        }),
      };
    },

    async teamBetting(
      actor: MemberActor,
      merchant: MerchantContext,
      q: RangeQuery &
        Paging & { username?: string; gameType?: string; vendor?: string; status?: TTeamBetStatus },
    ): Promise<TTeamBettingPage> {
      const range = rangeOf(merchant, q);
      const memberId = await memberFilter(actor, q.username);
      const list =
        memberId === null
          ? []
          : await repo.teamBets(db, {
              merchantId: actor.merchantId,
              agentId: actor.memberId,
              from: range.from,
              to: range.to,
              ...(memberId === undefined ? {} : { memberId }),
              ...(q.vendor === undefined ? {} : { vendor: q.vendor }),
              ...(q.gameType === undefined ? {} : { gameType: q.gameType }),
              ...(q.status === undefined ? {} : { status: q.status }),
              limit: q.pageSize,
              offset: (q.pageNo - 1) * q.pageSize,
            });
      const first = list[0];
      const totalCount = first ? Number(first.n) : 0;
      const tot = {
        bet: BigInt(first?.totBet ?? 0),
        valid: BigInt(first?.totValid ?? 0),
        win: BigInt(first?.totWin ?? 0),
      };
      return {
        list: list.map((r) => {
          const valid = BigInt(r.validBet);
          const win = BigInt(r.winAmount);
          return {
            betId: r.betId,
            roundId: r.roundId,
            username: r.username,
            vendor: r.vendor,
            gameCode: r.gameCode,
            gameType: r.gameType,
            betAmount: money(merchant, BigInt(r.betAmount)),
            validBet: money(merchant, valid),
            winAmount: money(merchant, win),
            profit: money(merchant, r.status === 'settled' ? win - valid : 0n),
            status: r.status,
            betTime: formatMerchantTime(r.betAt, merchant.timeZone),
          };
        }),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: pages(totalCount, q.pageSize),
        period: periodOf(range),
        totals: {
          betAmount: money(merchant, tot.bet),
          validBet: money(merchant, tot.valid),
          winAmount: money(merchant, tot.win),
          profit: money(merchant, tot.win - tot.valid),
        },
      };
    },

    /**
     * Every member of the team (or the direct downlines, or the one named), by username, with its
     * figures in the period: the page's members are read first (member_tree), then only their own
     * figure rows, so a page costs the same in a team of 100,000. Totals of the whole team come from
     * the team aggregates.
     */
    async userLoss(
      actor: MemberActor,
      merchant: MerchantContext,
      q: RangeQuery & Paging & { username?: string; directOnly?: boolean },
    ): Promise<TUserLossPage> {
      const range = rangeOf(merchant, q);
      const target = await memberFilter(actor, q.username);
      const directOnly = q.directOnly ?? false;
      const period = { merchantId: actor.merchantId, from: range.from, to: range.to };
      const members =
        target === null
          ? []
          : await repo.teamMembers(db, {
              merchantId: actor.merchantId,
              agentId: actor.memberId,
              directOnly,
              ...(target === undefined ? {} : { memberId: target }),
              limit: q.pageSize,
              offset: (q.pageNo - 1) * q.pageSize,
            });
      const figures = members.length
        ? await memberFigures(db, { ...period, memberIds: members.map((m) => m.id), limit: members.length })
        : { list: [], totalCount: 0, total: { ...ZERO_FIGURES } };
      const byId = new Map(figures.list.map((f) => [f.memberId, f as Figures]));
      let totalCount: number;
      let total: Figures;
      if (target === null) {
        totalCount = 0;
        total = { ...ZERO_FIGURES };
      } else if (target !== undefined) {
        totalCount = members.length === 0 && q.pageNo === 1 ? 0 : 1;
        total = figures.total;
      } else if (!directOnly) {
        [totalCount, total] = await Promise.all([
          teamSize(db, actor.memberId),
          teamFigures(db, { ...period, agentId: actor.memberId }).then((r) => r.total),
        ]);
      } else {
        // direct downlines: few, their own figures summed
        [totalCount, total] = await Promise.all([
          teamSize(db, actor.memberId, true),
          memberFigures(db, { ...period, agentId: actor.memberId, directOnly: true, limit: 1 }).then(
            (r) => r.total,
          ),
        ]);
      }
      const loss = (f: Figures) => ({
        deposits: money(merchant, f.deposit),
        withdrawals: money(merchant, f.withdrawal),
        bets: money(merchant, f.validBet),
        wins: money(merchant, f.win),
        net: money(merchant, f.win - f.validBet),
      });
      return {
        list: members.map((m) => {
          const f = byId.get(m.id) ?? ZERO_FIGURES;
          return { username: m.username, isAgent: isAgentType(m.type), betCount: f.betCount, ...loss(f) };
        }),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: pages(totalCount, q.pageSize),
        period: periodOf(range),
        totals: loss(total),
      };
    },

    async income(
      actor: MemberActor,
      merchant: MerchantContext,
      q: RangeQuery & Paging & { kind?: TAgentIncomeKind },
    ): Promise<TIncomePage> {
      const range = rangeOf(merchant, q);
      const base = { merchantId: actor.merchantId, agentId: actor.memberId, from: range.from, to: range.to };
      const [list, byDay] = await Promise.all([
        repo.incomeEntries(db, {
          ...base,
          types: q.kind ? [AGENT_INCOME_ENTRY_TYPES[q.kind]] : INCOME_TYPES,
          limit: q.pageSize,
          offset: (q.pageNo - 1) * q.pageSize,
        }),
        repo.incomeByDay(db, { ...base, types: INCOME_TYPES, timeZone: merchant.timeZone }),
      ]);
      const totals: Record<TAgentIncomeKind | 'total', bigint> = {
        daily: 0n,
        hourly: 0n,
        realtime: 0n,
        dividend: 0n,
        total: 0n,
      };
      for (const r of byDay) {
        const kind = agentIncomeKindOf(r.type);
        if (!kind || (q.kind && q.kind !== kind)) continue;
        totals[kind] += BigInt(r.amount);
        totals.total += BigInt(r.amount);
      }
      const totalCount = list[0] ? Number(list[0].n) : 0;
      return {
        list: list.map((r) => ({
          id: r.id,
          time: formatMerchantTime(r.createdAt, merchant.timeZone),
          kind: agentIncomeKindOf(r.type) ?? 'daily',
          amount: money(merchant, BigInt(r.amount)),
          remark: remarkOf(recordTypeOf(r.type), r.memo, r.refId, BigInt(r.amount)),
        })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: pages(totalCount, q.pageSize),
        period: periodOf(range),
        totals: {
          daily: money(merchant, totals.daily),
          hourly: money(merchant, totals.hourly),
          realtime: money(merchant, totals.realtime),
          dividend: money(merchant, totals.dividend),
          total: money(merchant, totals.total),
        },
      };
    },

    async downlineTransaction(
      actor: MemberActor,
      merchant: MerchantContext,
      q: RangeQuery & Paging & { username?: string; type?: TRecordType },
    ): Promise<TDownlineTransactionPage> {
      const range = rangeOf(merchant, q);
      const memberId = await memberFilter(actor, q.username);
      const list =
        memberId === null
          ? []
          : await repo.downlineEntries(db, {
              merchantId: actor.merchantId,
              agentId: actor.memberId,
              from: range.from,
              to: range.to,
              ...(memberId === undefined ? {} : { memberId }),
              ...(q.type === undefined ? {} : { type: q.type }),
              limit: q.pageSize,
              offset: (q.pageNo - 1) * q.pageSize,
            });
      const totalCount = list[0] ? Number(list[0].n) : 0;
      return {
        list: list.map((r) => {
          const type = recordTypeOf(r.type);
          const amount = BigInt(r.amount);
          return {
            id: r.id,
            time: formatMerchantTime(r.createdAt, merchant.timeZone),
            username: r.username,
            type,
            entryType: r.type,
            amount: money(merchant, amount),
            remark: remarkOf(type, r.memo, r.refId, amount),
          };
        }),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: pages(totalCount, q.pageSize),
        period: periodOf(range),
      };
    },

    async commission(
      actor: MemberActor,
      merchant: MerchantContext,
      q: RangeQuery & Paging,
    ): Promise<TCommissionPage> {
      const range = rangeOf(merchant, q);
      const base = { merchantId: actor.merchantId, agentId: actor.memberId, from: range.from, to: range.to };
      const [figures, income] = await Promise.all([
        teamFigures(db, { ...base, granularity: 'day' }),
        repo.incomeByDay(db, { ...base, types: INCOME_TYPES, timeZone: merchant.timeZone }),
      ]);
      const team = new Map(figures.series.map((s) => [s.day, s]));
      const paid = new Map<string, Record<TAgentIncomeKind, bigint>>();
      for (const r of income) {
        const kind = agentIncomeKindOf(r.type);
        if (!kind) continue;
        const d = paid.get(r.day) ?? { daily: 0n, hourly: 0n, realtime: 0n, dividend: 0n };
        d[kind] += BigInt(r.amount);
        paid.set(r.day, d);
      }
      const rowOf = (f: Figures, p: Record<TAgentIncomeKind, bigint>) => ({
        validBets: money(merchant, f.validBet),
        ggr: money(merchant, f.ggr),
        netResult: money(merchant, f.netResult),
        daily: money(merchant, p.daily),
        hourly: money(merchant, p.hourly),
        realtime: money(merchant, p.realtime),
        dividend: money(merchant, p.dividend),
        total: money(merchant, p.daily + p.hourly + p.realtime + p.dividend),
      });
      const none = { daily: 0n, hourly: 0n, realtime: 0n, dividend: 0n };
      const all = { ...none };
      for (const p of paid.values()) for (const k of AGENT_INCOME_KINDS) all[k] += p[k];
      // newest day first, every day of the period (days without figures are zero)
      const days = daysOf(range).reverse();
      const start = (q.pageNo - 1) * q.pageSize;
      return {
        list: days
          .slice(start, start + q.pageSize)
          .map((day) => ({ day, ...rowOf(team.get(day) ?? ZERO_FIGURES, paid.get(day) ?? none) })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: days.length,
        totalPages: pages(days.length, q.pageSize),
        period: periodOf(range),
        totals: rowOf(figures.total, all),
      };
    },
  };
}
export type AgentReportService = ReturnType<typeof createAgentReportService>;
