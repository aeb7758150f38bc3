import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rows } from '../platform/sql.js';

/**
 * An independent model of the contract settlement (DOMAIN-NOTES 3, issue 15) for the property and
 * crash tests: plain TypeScript over the raw journal rows (members, vendor rounds, deposit entries,
 * balances), written from the rules, not from the engine. It shares no code with the engine or the
 * team-figure roll-up, so the two disagree when either is wrong.
 *
 * The rules modelled:
 * - a team is the contract's downline and everyone below it in the member tree;
 * - a round counts once settled (a win, of any amount, was accepted for it): its valid bet is what
 *   its accepted bets took minus what rollbacks gave back; it belongs to the time of its first
 *   accepted bet; GGR = valid bets - wins; net loss = GGR - bonuses - rebates, never below zero
 *   (the generated play pays no bonus or rebate: the roll-up's own test covers those two);
 * - an active member (players and agents) has, in the period, deposits >= the merchant's deposit
 *   threshold and valid bets >= its bet threshold, and at least some of either;
 * - the rate is the highest tier whose every condition holds (0: nothing is paid); the amount is the
 *   base (valid bets for salaries, net loss for dividends) x rate, rounded down to the minor unit;
 * - a contract is settled for a period when it was accepted before the period ended and had not
 *   ended before then, once per (contract, period start);
 * - the house pays top-level contracts in full; each upline pays its direct downline from its own
 *   balance after its own payout of the period arrived (downlines by depth, then by contract id);
 *   what the balance cannot cover stays owed: `partial` (some paid) or `insufficient` (none);
 * - a scheduled run at an instant T settles, for each kind and period in turn (hourly salary, daily
 *   salary, dividend daily, weekly, semimonthly, monthly), the last period closed at T, then pays
 *   more of that period's short payouts as far as the uplines' balances now reach; short payouts of
 *   earlier periods have expired (what they paid stays paid, the rest is no longer owed);
 * - real-time salary, after those: each closed 5-minute window (on the UTC grid) in order, once;
 *   a round counts in the window of its settlement (its first accepted win, by time then id), with
 *   the stake and win accepted before the window's end, when its stake is above zero and at least
 *   the contract's minimum bet; a lost round (win < stake) earns its stake x the loss rate, any
 *   other its stake x the profit rate; summed per contract and window, rounded down once; a
 *   contract with no counted round in a window has no payout for it. Its short payouts expire once
 *   the next window has closed.
 */

export type RefKind = 'hourlySalary' | 'dailySalary' | 'dividend' | 'realtimeSalary';
export type RefPeriodName = 'hourly' | 'daily' | 'weekly' | 'semimonthly' | 'monthly' | 'realtime';
type CalendarKind = Exclude<RefKind, 'realtimeSalary'>;
type CalendarPeriod = Exclude<RefPeriodName, 'realtime'>;

/** Real-time salary's windows. */
export const REF_WINDOW_MS = 5 * 60_000;

/** The scheduled run's order of kinds and periods (real-time salary after them). */
export const REF_SCHEDULE: { kind: CalendarKind; period: CalendarPeriod }[] = [
  { kind: 'hourlySalary', period: 'hourly' },
  { kind: 'dailySalary', period: 'daily' },
  { kind: 'dividend', period: 'daily' },
  { kind: 'dividend', period: 'weekly' },
  { kind: 'dividend', period: 'semimonthly' },
  { kind: 'dividend', period: 'monthly' },
];

export interface RefTier {
  validBet: bigint;
  activeMembers: number;
  netLoss: bigint;
  rateBp: number;
}

export interface RefContract {
  id: number;
  kind: RefKind;
  period: RefPeriodName;
  uplineId: number | null;
  downlineId: number;
  /** empty for real-time salary */
  tiers: RefTier[];
  /** real-time salary only */
  realtime?: { profitRateBp: number; lossRateBp: number; minBet: bigint };
  acceptedAt: Date;
  /** terminated or superseded at; null while active */
  endedAt: Date | null;
}

export interface RefRows {
  /** the merchant's UTC offset in ms (a zone without daylight saving time) */
  offsetMs: number;
  members: { id: number; parentId: number | null; type: number }[];
  vendorTxns: {
    id: bigint;
    memberId: number;
    vendor: string;
    roundId: string;
    op: string;
    amount: bigint;
    status: string;
    createdAt: Date;
  }[];
  /** deposit entries: what the member's own lines received */
  deposits: { memberId: number; amount: bigint; createdAt: Date }[];
  thresholds: { minDeposit: bigint; minValidBet: bigint };
  /** each member's available MAIN balance before the first run */
  available: Map<number, bigint>;
}

export type RefStatus = 'paid' | 'partial' | 'insufficient' | 'not_reached' | 'expired' | 'held';

export interface RefPayout {
  contractId: number;
  kind: RefKind;
  periodStart: Date;
  periodEnd: Date;
  payerId: number | null;
  payeeId: number;
  validBet: bigint;
  netLoss: bigint;
  activeMembers: number;
  base: bigint;
  rateBp: number;
  amount: bigint;
  paid: bigint;
  status: RefStatus;
  /** real-time salary: stakes of rounds not lost, of lost rounds, and how many rounds (else null) */
  profitBase: bigint | null;
  lossBase: bigint | null;
  rounds: number | null;
  /** when a released payout became payable (its retry window runs from then); null: its period's end */
  payableAt: Date | null;
}

export interface RefPeriod {
  from: Date;
  to: Date;
}

const HOUR = 3_600_000;
/** Member types whose play counts: players and agents (not trial or internal accounts). */
const COUNTED = new Set([0, 1, 2, 41, 42]);

/** The last period of this name closed at `at`, in a zone `offsetMs` from UTC. */
export function refLastClosed(period: RefPeriodName, at: Date, offsetMs: number): RefPeriod {
  if (period === 'realtime') {
    const to = Math.floor(at.getTime() / REF_WINDOW_MS) * REF_WINDOW_MS;
    return { from: new Date(to - REF_WINDOW_MS), to: new Date(to) };
  }
  const l = new Date(at.getTime() + offsetMs);
  const [y, m, d, h] = [l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate(), l.getUTCHours()];
  const local = (yy: number, mm: number, dd: number, hh = 0) => new Date(Date.UTC(yy, mm, dd, hh) - offsetMs);
  switch (period) {
    case 'hourly': {
      const to = local(y, m, d, h);
      return { from: new Date(to.getTime() - HOUR), to };
    }
    case 'daily':
      return { from: local(y, m, d - 1), to: local(y, m, d) };
    case 'weekly': {
      const sinceMonday = (l.getUTCDay() + 6) % 7;
      return { from: local(y, m, d - sinceMonday - 7), to: local(y, m, d - sinceMonday) };
    }
    case 'semimonthly':
      return d >= 16
        ? { from: local(y, m, 1), to: local(y, m, 16) }
        : { from: local(y, m - 1, 16), to: local(y, m, 1) };
    case 'monthly':
      return { from: local(y, m - 1, 1), to: local(y, m, 1) };
  }
}

/** The period of this name that contains `at`. */
export function refPeriodAt(period: RefPeriodName, at: Date, offsetMs: number): RefPeriod {
  // the last closed period of some later instant: step forward until it is the one containing `at`
  const step = period === 'realtime' ? REF_WINDOW_MS / 2 : period === 'hourly' ? HOUR / 2 : 12 * HOUR;
  for (let probe = at.getTime(), i = 0; i < 80; i++, probe += step) {
    const p = refLastClosed(period, new Date(probe), offsetMs);
    if (p.from <= at && at < p.to) return p;
  }
  throw new Error(`no ${period} period contains ${at.toISOString()}`);
}

interface MemberFigures {
  validBet: bigint;
  win: bigint;
  deposit: bigint;
}

/** Each member's valid bets, wins and deposits in [from, to). */
function memberFigures(r: RefRows, p: RefPeriod): Map<number, MemberFigures> {
  const out = new Map<number, MemberFigures>();
  const of = (id: number) => {
    let f = out.get(id);
    if (!f) out.set(id, (f = { validBet: 0n, win: 0n, deposit: 0n }));
    return f;
  };
  const rounds = new Map<string, typeof r.vendorTxns>();
  for (const t of r.vendorTxns) {
    if (t.status !== 'ok') continue;
    const key = `${t.vendor}\u0000${t.memberId}\u0000${t.roundId}`;
    const list = rounds.get(key) ?? [];
    list.push(t);
    rounds.set(key, list);
  }
  for (const list of rounds.values()) {
    list.sort((a, b) => (a.id < b.id ? -1 : 1));
    const firstBet = list.find((t) => t.op === 'debit');
    if (!firstBet) continue;
    if (!list.some((t) => t.op === 'credit')) continue; // not settled
    if (firstBet.createdAt < p.from || firstBet.createdAt >= p.to) continue;
    let stake = 0n;
    let win = 0n;
    for (const t of list) {
      if (t.op === 'debit') stake += t.amount;
      else if (t.op === 'rollback') stake -= t.amount;
      else if (t.op === 'credit') win += t.amount;
    }
    const f = of(firstBet.memberId);
    f.validBet += stake;
    f.win += win;
  }
  for (const d of r.deposits) {
    if (d.createdAt >= p.from && d.createdAt < p.to) of(d.memberId).deposit += d.amount;
  }
  const types = new Map(r.members.map((m) => [m.id, m.type]));
  for (const id of [...out.keys()]) if (!COUNTED.has(types.get(id) ?? -1)) out.delete(id);
  return out;
}

interface SettledRound {
  memberId: number;
  /** the window (start, ms) of its first accepted win */
  window: number;
  stake: bigint;
  win: bigint;
}

/** Every settled round of counted members: its settlement window, stake and win as of that window's end. */
function settledRounds(r: RefRows): SettledRound[] {
  const types = new Map(r.members.map((m) => [m.id, m.type]));
  const rounds = new Map<string, RefRows['vendorTxns']>();
  for (const t of r.vendorTxns) {
    if (t.status !== 'ok' || !COUNTED.has(types.get(t.memberId) ?? -1)) continue;
    const key = `${t.vendor}\u0000${t.memberId}\u0000${t.roundId}`;
    rounds.set(key, [...(rounds.get(key) ?? []), t]);
  }
  const out: SettledRound[] = [];
  for (const list of rounds.values()) {
    const credits = list
      .filter((t) => t.op === 'credit')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    const first = credits[0];
    if (!first) continue;
    const window = Math.floor(first.createdAt.getTime() / REF_WINDOW_MS) * REF_WINDOW_MS;
    const end = window + REF_WINDOW_MS;
    let stake = 0n;
    let win = 0n;
    for (const t of list) {
      if (t.createdAt.getTime() >= end) continue;
      if (t.op === 'debit') stake += t.amount;
      else if (t.op === 'rollback') stake -= t.amount;
      else if (t.op === 'credit') win += t.amount;
    }
    out.push({ memberId: list[0]!.memberId, window, stake, win });
  }
  return out;
}

/** The members of each agent's team: itself and everyone below it. */
function teams(members: RefRows['members']): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const m of members) {
    if (m.parentId === null) continue;
    children.set(m.parentId, [...(children.get(m.parentId) ?? []), m.id]);
  }
  const out = new Map<number, number[]>();
  const collect = (id: number): number[] => {
    const known = out.get(id);
    if (known) return known;
    const all = [id, ...(children.get(id) ?? []).flatMap(collect)];
    out.set(id, all);
    return all;
  };
  for (const m of members) collect(m.id);
  return out;
}

function depthOf(members: RefRows['members']): Map<number, number> {
  const parent = new Map(members.map((m) => [m.id, m.parentId]));
  const out = new Map<number, number>();
  for (const m of members) {
    let d = 0;
    for (let p = m.parentId; p !== null && p !== undefined; p = parent.get(p) ?? null) d++;
    out.set(m.id, d);
  }
  return out;
}

function rateOf(tiers: RefTier[], f: { validBet: bigint; activeMembers: number; netLoss: bigint }): number {
  let best = 0;
  for (const t of tiers) {
    const holds = f.validBet >= t.validBet && f.activeMembers >= t.activeMembers && f.netLoss >= t.netLoss;
    if (holds && t.rateBp > best) best = t.rateBp;
  }
  return best;
}

/**
 * A scheduled run at `at`, after money was put into these members' MAIN (a top-up since the run
 * before); after it, at the same instant, an operator may release the holds on some payees.
 */
export interface RefRun {
  at: Date;
  topUps?: [memberId: number, amount: bigint][];
  release?: number[];
}

/**
 * The payouts (in the order they are written) and the balances after scheduled runs at each of
 * `runs` (in that order) over these rows and contracts, with the payouts of `holds` held (an
 * operator's hold: the payout is written `held`, nothing moves; a release pays it as far as the
 * payer's balance reaches, and its retry window starts then). Every real-time window with a
 * settled round must be closed and final (the database's clock past its end) at the first run.
 */
export function referenceSettlement(
  r: RefRows,
  contracts: RefContract[],
  runs: RefRun[],
  holds: number[] = [],
) {
  const held = new Set(holds);
  const team = teams(r.members);
  const depth = depthOf(r.members);
  const available = new Map(r.available);
  const bal = (id: number) => available.get(id) ?? 0n;
  const payouts: RefPayout[] = [];
  const settled = new Set<string>();
  const periodOf = new Map(contracts.map((c) => [c.id, c.period]));
  const figureCache = new Map<string, Map<number, MemberFigures>>();
  const figuresIn = (p: RefPeriod) => {
    const key = `${p.from.toISOString()}/${p.to.toISOString()}`;
    let f = figureCache.get(key);
    if (!f) figureCache.set(key, (f = memberFigures(r, p)));
    return f;
  };
  const rounds = settledRounds(r);
  const windows = [...new Set(rounds.map((x) => x.window))].sort((a, b) => a - b);
  let windowsDone = -Infinity;

  /** What the payer's balance covers of `due` (the house covers everything). */
  const payable = (payerId: number | null, due: bigint) => {
    if (payerId === null) return due;
    const has = bal(payerId);
    return has < due ? (has > 0n ? has : 0n) : due;
  };
  const move = (payerId: number | null, payeeId: number, amount: bigint) => {
    if (payerId !== null) available.set(payerId, bal(payerId) - amount);
    available.set(payeeId, bal(payeeId) + amount);
  };
  const statusOf = (amount: bigint, paid: bigint): RefStatus =>
    paid === amount ? 'paid' : paid > 0n ? 'partial' : 'insufficient';
  /** Pays more of a short or released payout, as far as the payer's balance reaches. */
  const payMore = (x: RefPayout) => {
    const more = payable(x.payerId, x.amount - x.paid);
    move(x.payerId, x.payeeId, more);
    x.paid += more;
    x.status = statusOf(x.amount, x.paid);
  };
  /** By period start, then in the order written. */
  const inOrder = (list: RefPayout[]) =>
    list
      .map((x) => ({ x, i: payouts.indexOf(x) }))
      .sort((a, b) => a.x.periodStart.getTime() - b.x.periodStart.getTime() || a.i - b.i)
      .map(({ x }) => x);

  /** Contracts of the kind and period to settle for `p`, top-down. */
  const due = (kind: RefKind, period: RefPeriodName, p: RefPeriod) =>
    contracts
      .filter(
        (c) =>
          c.kind === kind &&
          c.period === period &&
          c.acceptedAt < p.to &&
          (c.endedAt === null || c.endedAt >= p.to) &&
          !settled.has(`${c.id}@${p.from.toISOString()}`),
      )
      .sort((a, b) => depth.get(a.downlineId)! - depth.get(b.downlineId)! || a.id - b.id);

  /** Writes one payout and pays what the payer's balance covers. */
  const pay = (
    c: RefContract,
    p: RefPeriod,
    x: Omit<
      RefPayout,
      | 'contractId'
      | 'kind'
      | 'periodStart'
      | 'periodEnd'
      | 'payerId'
      | 'payeeId'
      | 'paid'
      | 'status'
      | 'payableAt'
    >,
  ) => {
    settled.add(`${c.id}@${p.from.toISOString()}`);
    const onHold = x.amount > 0n && held.has(c.downlineId);
    const paid = onHold ? 0n : payable(c.uplineId, x.amount);
    move(c.uplineId, c.downlineId, paid);
    const status: RefStatus = x.amount === 0n ? 'not_reached' : onHold ? 'held' : statusOf(x.amount, paid);
    payouts.push({
      payableAt: null,
      contractId: c.id,
      kind: c.kind,
      periodStart: p.from,
      periodEnd: p.to,
      payerId: c.uplineId,
      payeeId: c.downlineId,
      ...x,
      paid,
      status,
    });
  };

  /** More of the short payouts of the kind and period still in their retry window; the older expire. */
  const retryAndExpire = (kind: RefKind, period: RefPeriodName, since: Date) => {
    const short = inOrder(
      payouts.filter(
        (x) =>
          x.kind === kind &&
          periodOf.get(x.contractId) === period &&
          x.payerId !== null &&
          (x.status === 'partial' || x.status === 'insufficient'),
      ),
    );
    const from = (x: RefPayout) => x.payableAt ?? x.periodEnd;
    for (const x of short.filter((y) => from(y) > since)) payMore(x);
    for (const x of short) if (from(x) <= since) x.status = 'expired';
  };

  /** The held payouts of payees no longer held (of `only` when given), paid as a release pays them. */
  const release = (at: Date, only?: number) => {
    const list = payouts.filter(
      (x) => x.status === 'held' && !held.has(x.payeeId) && (only === undefined || x.payeeId === only),
    );
    for (const x of inOrder(list)) {
      payMore(x);
      x.payableAt = at;
    }
  };

  for (const { at, topUps, release: released } of runs) {
    for (const [id, amount] of topUps ?? []) available.set(id, bal(id) + amount);
    for (const { kind, period } of REF_SCHEDULE) {
      const p = refLastClosed(period, at, r.offsetMs);
      const figures = figuresIn(p);
      for (const c of due(kind, period, p)) {
        let validBet = 0n;
        let ggr = 0n;
        let active = 0;
        for (const id of team.get(c.downlineId) ?? [c.downlineId]) {
          const f = figures.get(id);
          if (!f) continue;
          validBet += f.validBet;
          ggr += f.validBet - f.win;
          const some = f.deposit > 0n || f.validBet > 0n;
          if (some && f.deposit >= r.thresholds.minDeposit && f.validBet >= r.thresholds.minValidBet)
            active++;
        }
        const netLoss = ggr > 0n ? ggr : 0n;
        // hourly salary tiers ask for valid bets only; the engine records no active members for them
        const activeMembers = kind === 'hourlySalary' ? 0 : active;
        const rateBp = rateOf(c.tiers, { validBet, activeMembers, netLoss });
        const base = kind === 'dividend' ? netLoss : validBet;
        const amount = (base * BigInt(rateBp)) / 10_000n;
        pay(c, p, {
          validBet,
          netLoss,
          activeMembers,
          base,
          rateBp,
          amount,
          profitBase: null,
          lossBase: null,
          rounds: null,
        });
      }
      retryAndExpire(kind, period, p.from);
    }

    // real-time salary: the closed windows not settled yet, in order
    const closedTo = refLastClosed('realtime', at, r.offsetMs).to.getTime();
    for (const w of windows) {
      if (w <= windowsDone || w + REF_WINDOW_MS > closedTo) continue;
      const p = { from: new Date(w), to: new Date(w + REF_WINDOW_MS) };
      for (const c of due('realtimeSalary', 'realtime', p)) {
        const members = new Set(team.get(c.downlineId) ?? [c.downlineId]);
        const counted = rounds.filter(
          (x) => x.window === w && members.has(x.memberId) && x.stake > 0n && x.stake >= c.realtime!.minBet,
        );
        if (counted.length === 0) continue;
        const lost = counted.filter((x) => x.win < x.stake);
        const won = counted.filter((x) => x.win >= x.stake);
        const sum = (list: SettledRound[], f: (x: SettledRound) => bigint) =>
          list.reduce((a, x) => a + f(x), 0n);
        const profitBase = sum(won, (x) => x.stake);
        const lossBase = sum(lost, (x) => x.stake);
        const ggr = sum(counted, (x) => x.stake - x.win);
        const owed =
          profitBase * BigInt(c.realtime!.profitRateBp) + lossBase * BigInt(c.realtime!.lossRateBp);
        pay(c, p, {
          validBet: profitBase + lossBase,
          netLoss: ggr > 0n ? ggr : 0n,
          activeMembers: 0,
          base: profitBase + lossBase,
          rateBp: 0,
          amount: owed / 10_000n,
          profitBase,
          lossBase,
          rounds: counted.length,
        });
      }
      windowsDone = w;
    }
    retryAndExpire('realtimeSalary', 'realtime', refLastClosed('realtime', at, r.offsetMs).from);
    release(at);

    for (const id of released ?? []) {
      held.delete(id);
      release(at, id);
    }
  }
  return { payouts, available };
}

/**
 * The raw rows of a merchant the reference reads: members, every vendor transaction, deposit
 * entries with what the member's own lines received, the active-member thresholds (defaults: no
 * deposit, 1.00 of valid bets), and the members' available MAIN balances now.
 */
export async function loadReferenceRows(db: Executor, merchantId: number): Promise<RefRows> {
  const [tz] = await rows<{ tz: string }>(
    db,
    sql`select time_zone as tz from merchant where id = ${merchantId}`,
  );
  if (tz?.tz !== 'Asia/Dhaka') throw new Error(`the reference models Asia/Dhaka (UTC+6), not ${tz?.tz}`);
  const members = await rows<{ id: number; parent_id: number | null; type: number }>(
    db,
    sql`select id, parent_id, type from member where merchant_id = ${merchantId}`,
  );
  const txns = await rows<{
    id: string;
    member_id: number;
    vendor_code: string;
    round_id: string;
    op: string;
    amount: string;
    status: string;
    created_at: Date | string;
  }>(
    db,
    sql`select id::text, member_id, vendor_code, round_id, op, amount::text, status, created_at
        from vendor_txn where merchant_id = ${merchantId}`,
  );
  const entries = await rows<{ id: string; member_id: number; created_at: Date | string }>(
    db,
    sql`select id::text, member_id, created_at from ledger_entry
        where merchant_id = ${merchantId} and type = 'deposit' and member_id is not null`,
  );
  const lines = await rows<{ entry_id: string; member_id: number | null; amount: string }>(
    db,
    sql`select l.entry_id::text, a.member_id, l.amount::text from ledger_line l
        join ledger_account a on a.id = l.account_id
        where a.merchant_id = ${merchantId} and a.member_id is not null`,
  );
  const byEntry = new Map<string, { memberId: number | null; amount: bigint }[]>();
  for (const l of lines) {
    byEntry.set(l.entry_id, [
      ...(byEntry.get(l.entry_id) ?? []),
      { memberId: l.member_id, amount: BigInt(l.amount) },
    ]);
  }
  const [setting] = await rows<{ d: string; b: string }>(
    db,
    sql`select active_min_deposit::text as d, active_min_valid_bet::text as b from figure_setting
        where merchant_id = ${merchantId}`,
  );
  const accounts = await rows<{ member_id: number; balance: string; held: string }>(
    db,
    sql`select member_id, balance::text, held::text from ledger_account
        where merchant_id = ${merchantId} and member_id is not null and code = 'main'`,
  );
  return {
    offsetMs: 6 * HOUR,
    members: members.map((m) => ({
      id: Number(m.id),
      parentId: m.parent_id === null ? null : Number(m.parent_id),
      type: Number(m.type),
    })),
    vendorTxns: txns.map((t) => ({
      id: BigInt(t.id),
      memberId: Number(t.member_id),
      vendor: t.vendor_code,
      roundId: t.round_id,
      op: t.op,
      amount: BigInt(t.amount),
      status: t.status,
      createdAt: new Date(t.created_at),
    })),
    deposits: entries.map((e) => ({
      memberId: Number(e.member_id),
      amount: (byEntry.get(e.id) ?? [])
        .filter((l) => l.memberId === Number(e.member_id))
        .reduce((s, l) => s + l.amount, 0n),
      createdAt: new Date(e.created_at),
    })),
    thresholds: setting
      ? { minDeposit: BigInt(setting.d), minValidBet: BigInt(setting.b) }
      : { minDeposit: 0n, minValidBet: 100n },
    available: new Map(accounts.map((a) => [Number(a.member_id), BigInt(a.balance) - BigInt(a.held)])),
  };
}

/** A merchant's payout rows as written, in the order written. */
export async function loadPayouts(db: Executor, merchantId: number): Promise<(RefPayout & { id: number })[]> {
  const list = await rows<{
    id: number;
    contract_id: number;
    kind: RefKind;
    period_start: Date | string;
    period_end: Date | string;
    payer_id: number | null;
    payee_id: number;
    valid_bet: string;
    net_loss: string;
    active_members: number;
    base: string;
    rate_bp: number;
    amount: string;
    paid: string;
    status: RefStatus;
    profit_base: string | null;
    loss_base: string | null;
    round_count: number | null;
    payable_at: Date | string | null;
  }>(
    db,
    sql`select id, contract_id, kind, period_start, period_end, payer_id, payee_id, valid_bet::text,
               net_loss::text, active_members, base::text, rate_bp, amount::text, paid::text, status,
               profit_base::text, loss_base::text, round_count, payable_at
        from contract_payout where merchant_id = ${merchantId} order by id`,
  );
  return list.map((p) => ({
    id: Number(p.id),
    contractId: Number(p.contract_id),
    kind: p.kind,
    periodStart: new Date(p.period_start),
    periodEnd: new Date(p.period_end),
    payerId: p.payer_id === null ? null : Number(p.payer_id),
    payeeId: Number(p.payee_id),
    validBet: BigInt(p.valid_bet),
    netLoss: BigInt(p.net_loss),
    activeMembers: Number(p.active_members),
    base: BigInt(p.base),
    rateBp: Number(p.rate_bp),
    amount: BigInt(p.amount),
    paid: BigInt(p.paid),
    status: p.status,
    profitBase: p.profit_base === null ? null : BigInt(p.profit_base),
    lossBase: p.loss_base === null ? null : BigInt(p.loss_base),
    rounds: p.round_count === null ? null : Number(p.round_count),
    payableAt: p.payable_at === null ? null : new Date(p.payable_at),
  }));
}

/** Per payout id: what its ledger entries moved into the payee's MAIN, and how many entries. */
export async function payoutPostings(db: Executor, merchantId: number) {
  const list = await rows<{ ref_id: string; n: string; to_payee: string; total: string }>(
    db,
    sql`select e.ref_id, count(distinct e.id)::text as n,
               coalesce(sum(l.amount) filter (where a.member_id = p.payee_id and a.code = 'main'), 0)::text as to_payee,
               coalesce(sum(l.amount), 0)::text as total
        from ledger_entry e
        join contract_payout p on p.id = e.ref_id::bigint
        join ledger_line l on l.entry_id = e.id
        join ledger_account a on a.id = l.account_id
        where e.merchant_id = ${merchantId} and e.ref_type = 'contract_payout'
        group by e.ref_id`,
  );
  return new Map(
    list.map((r) => [
      Number(r.ref_id),
      { entries: Number(r.n), toPayee: BigInt(r.to_payee), total: BigInt(r.total) },
    ]),
  );
}

/** A merchant's contracts that were ever active (accepted), with their terms, as the reference reads them. */
export async function loadContracts(db: Executor, merchantId: number): Promise<RefContract[]> {
  const list = await rows<{
    id: number;
    kind: RefKind;
    period: RefPeriodName;
    upline_id: number | null;
    downline_id: number;
    status: string;
    accepted_at: Date | string;
    terminated_at: Date | string | null;
    profit_rate_bp: number | null;
    loss_rate_bp: number | null;
    min_bet: string | null;
  }>(
    db,
    sql`select id, kind, period, upline_id, downline_id, status, accepted_at, terminated_at, profit_rate_bp,
               loss_rate_bp, min_bet::text
        from agent_contract where merchant_id = ${merchantId} and accepted_at is not null order by id`,
  );
  const tiers = await rows<{
    contract_id: number;
    min_valid_bet: string;
    min_active_members: number;
    min_net_loss: string;
    rate_bp: number;
  }>(
    db,
    sql`select t.contract_id, t.min_valid_bet::text, t.min_active_members, t.min_net_loss::text, t.rate_bp
        from agent_contract_tier t join agent_contract c on c.id = t.contract_id
        where c.merchant_id = ${merchantId} order by t.contract_id, t.seq`,
  );
  return list.map((c) => ({
    id: Number(c.id),
    kind: c.kind,
    period: c.period,
    uplineId: c.upline_id === null ? null : Number(c.upline_id),
    downlineId: Number(c.downline_id),
    tiers: tiers
      .filter((t) => Number(t.contract_id) === Number(c.id))
      .map((t) => ({
        validBet: BigInt(t.min_valid_bet),
        activeMembers: Number(t.min_active_members),
        netLoss: BigInt(t.min_net_loss),
        rateBp: Number(t.rate_bp),
      })),
    realtime:
      c.kind === 'realtimeSalary'
        ? {
            profitRateBp: Number(c.profit_rate_bp),
            lossRateBp: Number(c.loss_rate_bp),
            minBet: BigInt(c.min_bet!),
          }
        : undefined,
    acceptedAt: new Date(c.accepted_at),
    endedAt: c.status === 'active' || c.terminated_at === null ? null : new Date(c.terminated_at),
  }));
}
