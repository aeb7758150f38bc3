import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { formatMerchantTime } from '../../platform/time.js';
import { rows } from '../../platform/sql.js';
import { FIGURE_COLUMNS } from './team-figure.repo.js';
import { REACH_DAYS, reachRepo } from './team-figure.reach.js';

/**
 * A period's figures (money in minor units). One definition each, used by the agent reports and the
 * settlement engine alike:
 * - validBet: stakes of settled rounds (rolled-back and voided rounds count nothing; see the roll-up);
 * - ggr = validBet - win (the house's gross gaming revenue from these members);
 * - bonus, rebate: what the house gave the members (ledger entries `bonus*`, `rebate*`: grants less
 *   forfeits; a bonus converted to real money is not counted twice);
 * - netResult = ggr - bonus - rebate (the base of dividends);
 * - registrations, firstDeposits: members who registered / deposited for the first time in the period.
 */
export interface Figures {
  validBet: bigint;
  win: bigint;
  ggr: bigint;
  betCount: number;
  deposit: bigint;
  depositCount: number;
  firstDeposits: number;
  withdrawal: bigint;
  withdrawalCount: number;
  registrations: number;
  bonus: bigint;
  rebate: bigint;
  netResult: bigint;
}

export type Granularity = 'hour' | 'day' | 'total';

export interface FigurePeriod {
  merchantId: number;
  /** inclusive; figures are kept per merchant-local hour, so bounds should fall on a local hour */
  from: Date;
  /** exclusive */
  to: Date;
}

export interface SeriesPoint extends Figures {
  /** start of the hour or the merchant day (UTC instant) */
  start: Date;
  /** the merchant's calendar date (yyyy-MM-dd) of the point */
  day: string;
}

type Raw = Record<(typeof FIGURE_COLUMNS)[number], string | number | bigint | null>;

export const ZERO_FIGURES: Figures = Object.freeze({
  validBet: 0n,
  win: 0n,
  ggr: 0n,
  betCount: 0,
  deposit: 0n,
  depositCount: 0,
  firstDeposits: 0,
  withdrawal: 0n,
  withdrawalCount: 0,
  registrations: 0,
  bonus: 0n,
  rebate: 0n,
  netResult: 0n,
});

const big = (v: string | number | bigint | null | undefined) => BigInt(v ?? 0);
const int = (v: string | number | bigint | null | undefined) => Number(v ?? 0);

export function figuresOf(r: Partial<Raw> | undefined): Figures {
  if (!r) return { ...ZERO_FIGURES };
  const validBet = big(r.valid_bet);
  const win = big(r.win);
  const bonus = big(r.bonus);
  const rebate = big(r.rebate);
  return {
    validBet,
    win,
    ggr: validBet - win,
    betCount: int(r.bet_count),
    deposit: big(r.deposit),
    depositCount: int(r.deposit_count),
    firstDeposits: int(r.first_deposit),
    withdrawal: big(r.withdrawal),
    withdrawalCount: int(r.withdrawal_count),
    registrations: int(r.registered),
    bonus,
    rebate,
    netResult: validBet - win - bonus - rebate,
  };
}

export function addFigures(a: Figures, b: Figures): Figures {
  return {
    validBet: a.validBet + b.validBet,
    win: a.win + b.win,
    ggr: a.ggr + b.ggr,
    betCount: a.betCount + b.betCount,
    deposit: a.deposit + b.deposit,
    depositCount: a.depositCount + b.depositCount,
    firstDeposits: a.firstDeposits + b.firstDeposits,
    withdrawal: a.withdrawal + b.withdrawal,
    withdrawalCount: a.withdrawalCount + b.withdrawalCount,
    registrations: a.registrations + b.registrations,
    bonus: a.bonus + b.bonus,
    rebate: a.rebate + b.rebate,
    netResult: a.netResult + b.netResult,
  };
}

const sums = sql.raw(FIGURE_COLUMNS.map((c) => `sum(${c})::text as ${c}`).join(', '));
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function merchantTimeZone(db: Executor, merchantId: number): Promise<string> {
  const [r] = await rows<{ tz: string }>(
    db,
    sql`select time_zone as tz from merchant where id = ${merchantId}`,
  );
  if (!r) throw new Error(`merchant ${merchantId} not found`);
  return r.tz;
}

/** Whether both bounds are the merchant's midnights (the day tables answer such periods). */
export function isWholeDays(p: { from: Date; to: Date }, timeZone: string) {
  return (
    formatMerchantTime(p.from, timeZone).endsWith(' 00:00:00') &&
    formatMerchantTime(p.to, timeZone).endsWith(' 00:00:00')
  );
}
const dayText = (d: Date, tz: string) => formatMerchantTime(d, tz).slice(0, 10);

/** Hour rows of a team (agent's downlines, plus the agent's own rows when includeSelf). */
function teamHours(p: FigurePeriod & { agentId: number; includeSelf?: boolean }): SQL {
  const own = p.includeSelf
    ? sql`union all select hour, ${sql.raw(FIGURE_COLUMNS.join(', '))} from figure_member_hour
          where member_id = ${p.agentId} and merchant_id = ${p.merchantId}
            and hour >= ${iso(p.from)} and hour < ${iso(p.to)}`
    : sql``;
  return sql`select hour, ${sql.raw(FIGURE_COLUMNS.join(', '))} from figure_team_hour
             where agent_id = ${p.agentId} and merchant_id = ${p.merchantId}
               and hour >= ${iso(p.from)} and hour < ${iso(p.to)}
             ${own}`;
}

/**
 * A team's figures in a period: the agent's downlines (member_tree depth >= 1), with the agent's own
 * play and money when `includeSelf`; totals and, by hour or merchant day, a series of the buckets
 * that have figures (empty buckets are left out). Answered from figure_team_hour (one row per hour
 * per agent), so a team's size does not matter.
 */
export async function teamFigures(
  db: Executor,
  p: FigurePeriod & { agentId: number; granularity?: Granularity; includeSelf?: boolean; timeZone?: string },
): Promise<{ total: Figures; series: SeriesPoint[] }> {
  const tz = p.timeZone ?? (await merchantTimeZone(db, p.merchantId));
  const g = p.granularity ?? 'total';
  const list = await rows<Raw & { start: Date | string }>(
    db,
    g === 'total'
      ? sql`select null as start, ${sums} from (${teamHours(p)}) h`
      : g === 'hour'
        ? sql`select hour as start, ${sums} from (${teamHours(p)}) h group by hour order by hour`
        : sql`select ((hour at time zone ${tz})::date)::text as start, ${sums}
              from (${teamHours(p)}) h group by 1 order by 1`,
  );
  const series: SeriesPoint[] = [];
  let total = { ...ZERO_FIGURES };
  for (const r of list) {
    const f = figuresOf(r);
    total = addFigures(total, f);
    if (g === 'total') continue;
    if (g === 'hour') {
      const start = new Date(r.start);
      series.push({ ...f, start, day: dayText(start, tz) });
    } else {
      const day = String(r.start);
      series.push({ ...f, start: dayStartOf(day, tz), day });
    }
  }
  return { total, series };
}

/** UTC instant of a merchant day's midnight. */
function dayStartOf(day: string, tz: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // the offset at that instant (twice: a zone whose offset changes that day)
  let t = guess;
  for (let i = 0; i < 2; i++) {
    const local = Date.parse(formatMerchantTime(new Date(t), tz).replace(' ', 'T') + 'Z');
    t = guess - (local - t);
  }
  return new Date(t);
}

/**
 * Valid bets (and settled rounds) of a team per merchant-local hour: the base of hourly salary.
 * Only hours with figures are listed.
 */
export async function hourlyValidBets(
  db: Executor,
  p: FigurePeriod & { agentId: number; includeSelf?: boolean },
): Promise<{ hour: Date; validBet: bigint; betCount: number }[]> {
  const list = await rows<{ hour: Date | string; valid_bet: string; bet_count: string }>(
    db,
    sql`select hour, sum(valid_bet)::text as valid_bet, sum(bet_count)::text as bet_count
        from (${teamHours(p)}) h group by hour having sum(valid_bet) <> 0 or sum(bet_count) <> 0 order by hour`,
  );
  return list.map((r) => ({
    hour: new Date(r.hour),
    validBet: big(r.valid_bet),
    betCount: int(r.bet_count),
  }));
}

export interface MemberFigureFilter extends FigurePeriod {
  /** members of this agent's team (depth >= 1); with `directOnly`, its direct downlines only */
  agentId?: number;
  directOnly?: boolean;
  /** these members only */
  memberIds?: readonly number[];
  /** exact username (case-insensitive) */
  username?: string;
  limit?: number;
  offset?: number;
}

export interface MemberFigures extends Figures {
  memberId: number;
  username: string;
  type: number;
}

/** The member rows (hour or day table) of a period and its members' filter. */
function memberRows(f: MemberFigureFilter, tz: string): SQL {
  const whole = isWholeDays(f, tz);
  const table = whole ? sql.raw('figure_member_day') : sql.raw('figure_member_hour');
  const bucket = whole
    ? sql`x.day >= ${dayText(f.from, tz)}::date and x.day < ${dayText(f.to, tz)}::date`
    : sql`x.hour >= ${iso(f.from)} and x.hour < ${iso(f.to)}`;
  const parts: SQL[] = [sql`x.merchant_id = ${f.merchantId}`, bucket];
  if (f.agentId !== undefined) {
    parts.push(
      sql`exists (select 1 from member_tree t where t.ancestor_id = ${f.agentId} and t.descendant_id = x.member_id
                  and ${f.directOnly ? sql`t.depth = 1` : sql`t.depth > 0`})`,
    );
  }
  if (f.memberIds) {
    parts.push(
      f.memberIds.length === 0
        ? sql`false`
        : sql`x.member_id in (${sql.join(
            f.memberIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
    );
  }
  if (f.username) {
    parts.push(
      sql`x.member_id = (select id from member where merchant_id = ${f.merchantId} and username_key = ${f.username.toLowerCase()})`,
    );
  }
  return sql`select x.member_id, ${sql.raw(FIGURE_COLUMNS.map((c) => `x.${c}`).join(', '))}
             from ${table} x where ${sql.join(parts, sql` and `)}`;
}

/**
 * Figures per member in a period (members with any figure in it), biggest valid bets first, paged;
 * with the number of such members. Whole merchant days read the day table, other periods the hour table.
 */
export async function memberFigures(
  db: Executor,
  f: MemberFigureFilter,
): Promise<{ list: MemberFigures[]; totalCount: number; total: Figures }> {
  const tz = await merchantTimeZone(db, f.merchantId);
  const list = await rows<Raw & { member_id: number; username: string; type: number; n: string }>(
    db,
    sql`select s.*, m.username, m.type, count(*) over ()::text as n
        from (select member_id, ${sums} from (${memberRows(f, tz)}) r group by member_id) s
        join member m on m.id = s.member_id
        order by s.valid_bet::numeric desc, m.username_key
        limit ${f.limit ?? 1000} offset ${f.offset ?? 0}`,
  );
  const [tot] = await rows<Raw>(db, sql`select ${sums} from (${memberRows(f, tz)}) r`);
  const totalCount = list[0] ? Number(list[0].n) : f.offset ? await countMembers(db, f, tz) : 0;
  return {
    list: list.map((r) => ({ ...figuresOf(r), memberId: r.member_id, username: r.username, type: r.type })),
    totalCount,
    total: figuresOf(tot),
  };
}

async function countMembers(db: Executor, f: MemberFigureFilter, tz: string) {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(distinct member_id)::int as n from (${memberRows(f, tz)}) r`,
  );
  return r?.n ?? 0;
}

export interface ActiveThresholds {
  /** minor units */
  minDeposit: bigint;
  minValidBet: bigint;
}

/**
 * THE definition of an active member (issue 15, DOMAIN-NOTES §3): in the period, deposits of at
 * least the merchant's deposit threshold AND valid bets of at least its bet threshold. A member
 * with neither deposits nor valid bets in the period is never active, whatever the thresholds.
 */
export function isActive(f: Pick<Figures, 'deposit' | 'validBet'>, t: ActiveThresholds): boolean {
  return (f.deposit > 0n || f.validBet > 0n) && f.deposit >= t.minDeposit && f.validBet >= t.minValidBet;
}

/** The merchant's thresholds (figure_setting; defaults: no deposit needed, 1.00 of valid bets in minor units 100). */
export async function activeThresholds(db: Executor, merchantId: number): Promise<ActiveThresholds> {
  const [r] = await rows<{ d: string; b: string }>(
    db,
    sql`select active_min_deposit::text as d, active_min_valid_bet::text as b
        from figure_setting where merchant_id = ${merchantId}`,
  );
  return r ? { minDeposit: BigInt(r.d), minValidBet: BigInt(r.b) } : { ...DEFAULT_ACTIVE };
}
export const DEFAULT_ACTIVE: ActiveThresholds = Object.freeze({ minDeposit: 0n, minValidBet: 100n });

/**
 * Active members of a team in a period (isActive over each member's own figures in the period),
 * counted in SQL over the team's member rows of the period: the agent's downlines, plus the agent
 * itself when `includeSelf`.
 */
export async function activeMembers(
  db: Executor,
  p: FigurePeriod & {
    agentId: number;
    includeSelf?: boolean;
    directOnly?: boolean;
    /** the merchant's zone and thresholds when the caller has them (a settlement run, team after team) */
    timeZone?: string;
    thresholds?: ActiveThresholds;
  },
): Promise<number> {
  const tz = p.timeZone ?? (await merchantTimeZone(db, p.merchantId));
  const days = p.directOnly ? undefined : reachDays(p, tz);
  if (days) {
    const n = await reachRepo.activeOf(db, {
      merchantId: p.merchantId,
      agentIds: [p.agentId],
      ...days,
      includeSelf: p.includeSelf ?? false,
    });
    if (n) return n.get(p.agentId) ?? 0;
  }
  const t = p.thresholds ?? (await activeThresholds(db, p.merchantId));
  const team = memberRows({ ...p }, tz);
  const self = p.includeSelf
    ? memberRows({ ...p, agentId: undefined, memberIds: [p.agentId] }, tz)
    : undefined;
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select member_id, sum(deposit) as deposit, sum(valid_bet) as valid_bet
          from (${team} ${self ? sql`union all ${self}` : sql``}) r
          group by member_id) s
        where (s.deposit > 0 or s.valid_bet > 0)
          and s.deposit >= ${t.minDeposit.toString()}::bigint and s.valid_bet >= ${t.minValidBet.toString()}::bigint`,
  );
  return r?.n ?? 0;
}

/** Members of a team now (the agent's downlines; depth 1 only with directOnly). */
export async function teamSize(db: Executor, agentId: number, directOnly = false): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from member_tree
        where ancestor_id = ${agentId} and ${directOnly ? sql`depth = 1` : sql`depth > 0`}`,
  );
  return r?.n ?? 0;
}

/**
 * The first and last merchant day of a period the reach rows answer (whole days, at most
 * REACH_DAYS of them), or undefined.
 */
function reachDays(p: { from: Date; to: Date }, tz: string): { first: string; last: string } | undefined {
  if (!isWholeDays(p, tz) || p.to <= p.from) return undefined;
  const first = dayText(p.from, tz);
  const last = dayText(new Date(p.to.getTime() - 12 * 3_600_000), tz);
  const span = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000 + 1;
  return span <= REACH_DAYS ? { first, last } : undefined;
}

/** What a team did in a period: its figures and active members (one entry of `teamFiguresOf`). */
export interface TeamPeriodFigures {
  total: Figures;
  activeMembers: number;
}

/**
 * The figures and active members of many teams in one period, in two statements whatever their
 * number (the settlement engine asks for every contract's downline at once): each agent's downlines,
 * with the agent's own play and money when `includeSelf`. Teams without figures answer zeros.
 */
export async function teamFiguresOf(
  db: Executor,
  p: FigurePeriod & { agentIds: readonly number[]; includeSelf?: boolean; withActive?: boolean },
): Promise<Map<number, TeamPeriodFigures>> {
  const out = new Map<number, TeamPeriodFigures>();
  if (p.agentIds.length === 0) return out;
  const ids = `{${p.agentIds.map((i) => Number(i)).join(',')}}`;
  const cols = sql.raw(FIGURE_COLUMNS.join(', '));
  const own = p.includeSelf
    ? sql`union all
          select member_id as agent_id, ${cols} from figure_member_hour
          where member_id = any(${ids}::int[]) and merchant_id = ${p.merchantId}
            and hour >= ${iso(p.from)} and hour < ${iso(p.to)}`
    : sql``;
  const list = await rows<Raw & { agent_id: number }>(
    db,
    sql`select agent_id, ${sums} from (
          select agent_id, ${cols} from figure_team_hour
          where agent_id = any(${ids}::int[]) and merchant_id = ${p.merchantId}
            and hour >= ${iso(p.from)} and hour < ${iso(p.to)}
          ${own}) h
        group by agent_id`,
  );
  for (const id of p.agentIds) out.set(Number(id), { total: { ...ZERO_FIGURES }, activeMembers: 0 });
  for (const r of list) out.get(Number(r.agent_id))!.total = figuresOf(r);
  if (p.withActive === false) return out;
  const active = await activeMembersOf(db, { ...p, includeSelf: p.includeSelf ?? false });
  for (const [id, n] of active) out.get(id)!.activeMembers = n;
  return out;
}

/**
 * Active members of many teams in one period: from the reach rows when they answer the period,
 * otherwise in one statement over the member rows of the period (each member's sums, then every
 * upline among the agents asked).
 */
async function activeMembersOf(
  db: Executor,
  p: FigurePeriod & { agentIds: readonly number[]; includeSelf: boolean },
): Promise<Map<number, number>> {
  const tz = await merchantTimeZone(db, p.merchantId);
  const days = reachDays(p, tz);
  if (days) {
    const n = await reachRepo.activeOf(db, { ...p, ...days });
    if (n) return n;
  }
  const t = await activeThresholds(db, p.merchantId);
  const ids = `{${p.agentIds.map((i) => Number(i)).join(',')}}`;
  const list = await rows<{ agent_id: number; n: number }>(
    db,
    sql`with s as (
          select member_id from (${memberRows(p, tz)}) r
          group by member_id
          having (sum(deposit) > 0 or sum(valid_bet) > 0)
            and sum(deposit) >= ${t.minDeposit.toString()}::bigint and sum(valid_bet) >= ${t.minValidBet.toString()}::bigint)
        select t.ancestor_id as agent_id, count(*)::int as n
        from s join member_tree t on t.descendant_id = s.member_id
          and t.ancestor_id = any(${ids}::int[]) and t.depth >= ${p.includeSelf ? 0 : 1}
        group by t.ancestor_id`,
  );
  const out = new Map(p.agentIds.map((id) => [Number(id), 0]));
  for (const r of list) out.set(Number(r.agent_id), Number(r.n));
  return out;
}
