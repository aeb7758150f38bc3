import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinor, type TAdminContractOfferBody, type TContractAction } from '@bp/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { testClock, type TestClock } from '../../test/clock.js';
import {
  addVendor,
  createMerchant,
  fund,
  newAgent,
  newMember,
  openVendorSession,
  postMoney,
  vendorCallback,
} from '../../test/factories.js';
import {
  loadPayouts,
  loadReferenceRows,
  payoutPostings,
  refLastClosed,
  refPeriodAt,
  referenceSettlement,
  REF_SCHEDULE,
  REF_WINDOW_MS,
  type RefContract,
  type RefKind,
  type RefPayout,
  type RefPeriodName,
  type RefRun,
  type RefTier,
} from '../../test/settlement-reference.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { rows } from '../../platform/sql.js';
import { createMerchantService } from '../merchant/index.js';
import { createMemberService } from '../member/index.js';
import { createAuditService, type AuditWho } from '../audit/index.js';
import { operatorRepo } from '../operator/index.js';
import { checkLedgerInvariants, createLedgerService } from '../ledger/index.js';
import { createSettlementAdmin } from './settlement-admin.service.js';
import {
  checkContractInvariants,
  createAgentContractService,
  createContractSettlement,
  SETTLE_JOB,
  type AgentContractService,
  type ContractSettlement,
} from './index.js';

/**
 * The settlement engine against an independent reference (test/settlement-reference.ts), on random
 * merchants: an agent tree up to five levels with players under every level, contracts of hourly
 * salary, daily salary and dividend (every period) offered and accepted through the contract
 * service (so the rate rules apply; an offer above the upline's rates is refused), random balances,
 * deposits, and bets, wins and rollbacks through the signed seamless-wallet callbacks. The scheduled
 * job then runs at instants after each period closed (the test clock), and a last time again.
 * Every payout row, every posting, every balance must be the reference's; the ledger invariants
 * hold; settling any period again pays nothing.
 */
const VENDOR = 'CPROP';
const KINDS: RefKind[] = ['hourlySalary', 'dailySalary', 'dividend', 'realtimeSalary'];
/**
 * The wallet stamps rows with the database's clock; real-time windows settle once that clock has
 * passed them. Each case's rounds are moved this far into the past (its contracts were accepted
 * before), as if they had been played then, so their windows are closed for both clocks. (Deposits
 * keep their time: the ledger is append-only.)
 */
const PAST_MS = 15 * 60_000;
const DIVIDEND_PERIODS: RefPeriodName[] = ['daily', 'weekly', 'semimonthly', 'monthly'];
const PERIOD_OF: Partial<Record<RefKind, RefPeriodName>> = {
  hourlySalary: 'hourly',
  dailySalary: 'daily',
  realtimeSalary: 'realtime',
};

// ---------------------------------------------------------------- plans

interface RoundPlan {
  bets: number[];
  rollbackFirst: boolean;
  /** percent of the bets paid back as the win; null: the round is never settled */
  win: number | null;
  lateRollback: boolean;
}
interface MemberPlan {
  fund: number;
  deposit: number;
  rounds: RoundPlan[];
}
interface TierStep {
  validBet: number;
  activeMembers: number;
  netLoss: number;
  rate: number;
}
interface ContractPlan {
  has: boolean;
  /** a top-level agent's tiers: thresholds and rates as steps over the previous tier */
  steps: TierStep[];
  /** a downline's tiers: which of its upline's tiers it follows, raised by `bumps`, its rates lowered by `shift` */
  picks: boolean[];
  bumps: TierStep[];
  shift: number;
  /** first offer one tier above the upline's best rate: refused */
  overreach: boolean;
  /**
   * real-time salary: a top-level agent's profit and loss rates (bp) and minimum bet; for a
   * downline, how much lower its rates are and how much higher its minimum bet
   */
  realtime: { profit: number; loss: number; minBet: number };
}
interface AgentPlan extends MemberPlan {
  top: boolean;
  parentPick: number;
  players: MemberPlan[];
  contracts: Record<RefKind, ContractPlan>;
  dividendPeriod: RefPeriodName;
  /** an operator's hold on its payouts before the first run: released once some are held, or kept */
  hold: 'none' | 'released' | 'kept';
}
interface RunPlan {
  agents: AgentPlan[];
  minDeposit: number;
  minValidBet: number;
  /** minutes after each period's end at which the job runs */
  delays: number[];
  /** percent of what they owe that payers of short payouts receive before a run repeats */
  topUp: number;
}

const roundArb: fc.Arbitrary<RoundPlan> = fc.record({
  bets: fc.array(
    fc.integer({ min: 1, max: 400 }).map((n) => n * 100),
    { minLength: 1, maxLength: 2 },
  ),
  rollbackFirst: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  // the win as a percentage of the stake: most rounds are lost, some won big
  win: fc.option(fc.constantFrom(0, 0, 0, 0, 35, 100, 190, 300), { freq: 6, nil: null }),
  lateRollback: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
});
const memberArb = (maxRounds: number): fc.Arbitrary<MemberPlan> =>
  fc.record({
    fund: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 1_500 }).map((n) => n * 100),
    ),
    deposit: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 200 }).map((n) => n * 100),
    ),
    rounds: fc.array(roundArb, { maxLength: maxRounds }),
  });
const stepArb: fc.Arbitrary<TierStep> = fc.record({
  validBet: fc.integer({ min: 0, max: 20 }).map((n) => n * 2_000),
  activeMembers: fc.integer({ min: 0, max: 2 }),
  netLoss: fc.integer({ min: 0, max: 20 }).map((n) => n * 1_000),
  rate: fc.integer({ min: 1, max: 60 }),
});
const bumpArb: fc.Arbitrary<TierStep> = fc.record({
  validBet: fc.integer({ min: 0, max: 10 }).map((n) => n * 1_000),
  activeMembers: fc.integer({ min: 0, max: 1 }),
  netLoss: fc.integer({ min: 0, max: 10 }).map((n) => n * 500),
  rate: fc.constant(0),
});
const contractArb: fc.Arbitrary<ContractPlan> = fc.record({
  has: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 3 }),
  picks: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  bumps: fc.array(bumpArb, { minLength: 3, maxLength: 3 }),
  shift: fc.nat(),
  overreach: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  realtime: fc.record({
    profit: fc.integer({ min: 0, max: 150 }),
    loss: fc.integer({ min: 0, max: 300 }),
    minBet: fc.constantFrom(0, 0, 1_000, 5_000, 15_000),
  }),
});
const agentArb: fc.Arbitrary<AgentPlan> = fc.record({
  top: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  parentPick: fc.integer({ min: 0, max: 3 }),
  fund: fc.oneof(
    { weight: 2, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3_000 }).map((n) => n * 100) },
  ),
  deposit: fc.constant(0),
  rounds: fc.array(roundArb, { maxLength: 1 }),
  players: fc.array(memberArb(3), { maxLength: 3 }),
  contracts: fc.record({
    hourlySalary: contractArb,
    dailySalary: contractArb,
    dividend: contractArb,
    realtimeSalary: contractArb,
  }),
  dividendPeriod: fc.constantFrom(...DIVIDEND_PERIODS),
  hold: fc.constantFrom('none', 'none', 'none', 'none', 'none', 'released', 'kept'),
});
const runArb: fc.Arbitrary<RunPlan> = fc.record({
  agents: fc.array(agentArb, { minLength: 2, maxLength: 9 }),
  minDeposit: fc.constantFrom(0, 0, 1_000, 5_000),
  minValidBet: fc.constantFrom(0, 100, 100, 3_000),
  delays: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 7, maxLength: 7 }),
  topUp: fc.constantFrom(0, 40, 100, 250),
});

/**
 * A case that reaches every outcome whatever the random ones do: a dividend its upline pays in part
 * (the upline's own player won, so its team lost less than its downline's), one the upline cannot pay
 * at all (its team won), salaries the house pays, and periods nobody played in.
 */
const none: ContractPlan = {
  has: false,
  steps: [{ validBet: 0, activeMembers: 0, netLoss: 0, rate: 1 }],
  picks: [true, true, true],
  bumps: Array.from({ length: 3 }, () => ({ validBet: 0, activeMembers: 0, netLoss: 0, rate: 0 })),
  shift: 0,
  overreach: false,
  realtime: { profit: 0, loss: 0, minBet: 0 },
};
const flat = (rate: number, shift = 0): ContractPlan => ({
  ...none,
  has: true,
  steps: [{ validBet: 0, activeMembers: 0, netLoss: 0, rate }],
  shift,
});
const noContracts = { hourlySalary: none, dailySalary: none, dividend: none, realtimeSalary: none };
const agentOf = (p: Partial<AgentPlan> & { players: MemberPlan[] }): AgentPlan => ({
  top: false,
  parentPick: 0,
  fund: 0,
  deposit: 0,
  rounds: [],
  contracts: noContracts,
  dividendPeriod: 'daily',
  hold: 'none',
  ...p,
});
const plays = (bet: number, winPercent: number): MemberPlan => ({
  fund: 1_000_00,
  deposit: 0,
  rounds: [{ bets: [bet], rollbackFirst: false, win: winPercent, lateRollback: false }],
});
const EVERY_OUTCOME: RunPlan = {
  agents: [
    // dividend 6 % of 200.00 (400.00 lost below, 200.00 won here); owes its downline 5 % of 400.00
    agentOf({ top: true, players: [plays(100_00, 300)], contracts: { ...noContracts, dividend: flat(12) } }),
    // held, then released (paid as far as its upline's balance reaches)
    agentOf({
      players: [plays(400_00, 0)],
      contracts: { ...noContracts, dividend: flat(12, 100) },
      hold: 'released',
    }),
    // its team won: no dividend, and nothing to pay its downline's with
    agentOf({
      top: true,
      dividendPeriod: 'weekly',
      players: [plays(100_00, 500)],
      contracts: { ...noContracts, dividend: flat(12) },
    }),
    agentOf({
      dividendPeriod: 'weekly',
      players: [plays(300_00, 0)],
      contracts: { ...noContracts, dividend: flat(12, 100) },
    }),
    // salaries from the house
    agentOf({
      top: true,
      players: [plays(200_00, 25)],
      contracts: {
        hourlySalary: flat(10),
        dailySalary: flat(20),
        dividend: none,
        realtimeSalary: { ...none, has: true, realtime: { profit: 50, loss: 120, minBet: 0 } },
      },
    }),
  ],
  minDeposit: 0,
  minValidBet: 100,
  delays: [5, 5, 5, 5, 5, 5, 5],
  topUp: 40,
};

/** A top-level agent's tiers (climbing: each asks more in some condition and pays more). */
function topTiers(kind: RefKind, steps: TierStep[]): RefTier[] {
  const scale = kind === 'dividend' ? 50 : 2; // dividends 0.5-30 %, salaries 0.02-1.2 % per step
  const tiers: RefTier[] = [];
  for (const s of steps) {
    const prev = tiers.at(-1);
    const t: RefTier = {
      validBet: (prev?.validBet ?? 0n) + BigInt(s.validBet) + (prev ? 100n : 0n),
      activeMembers: kind === 'hourlySalary' ? 0 : (prev?.activeMembers ?? 0) + s.activeMembers,
      netLoss: kind === 'dividend' ? (prev?.netLoss ?? 0n) + BigInt(s.netLoss) : 0n,
      rateBp: (prev?.rateBp ?? 0) + s.rate * scale,
    };
    tiers.push(t);
  }
  return tiers;
}

/**
 * A downline's tiers under its upline's: some of the upline's tiers, each asking at least as much
 * (cumulative bumps keep them climbing) for the upline's rate there minus one shift, so no tier
 * pays more than the upline's tiers pay for the same figures.
 */
function downlineTiers(kind: RefKind, parent: RefTier[], p: ContractPlan): RefTier[] {
  let idx = parent.map((_, i) => i).filter((i) => p.picks[i]);
  if (idx.length === 0) idx = [parent.length - 1];
  const shift = p.shift % parent[idx[0]!]!.rateBp;
  let vb = 0n;
  let am = 0;
  let nl = 0n;
  return idx.map((i, j) => {
    const b = p.bumps[j]!;
    vb += BigInt(b.validBet);
    am += kind === 'hourlySalary' ? 0 : Math.min(b.activeMembers, 1);
    nl += kind === 'dividend' ? BigInt(b.netLoss) : 0n;
    const up = parent[i]!;
    return {
      validBet: up.validBet + vb,
      activeMembers: up.activeMembers + am,
      netLoss: up.netLoss + nl,
      rateBp: up.rateBp - shift,
    };
  });
}

/** A top-level agent's real-time terms (one rate at least above zero). */
function topRealtime(p: ContractPlan): NonNullable<RefContract['realtime']> {
  const { profit, loss, minBet } = p.realtime;
  return { profitRateBp: profit, lossRateBp: profit + loss === 0 ? 1 : loss, minBet: BigInt(minBet) };
}

/** A downline's real-time terms: rates no higher, a minimum bet no lower than its upline's. */
function downlineRealtime(up: NonNullable<RefContract['realtime']>, p: ContractPlan) {
  let profitRateBp = Math.max(0, up.profitRateBp - (p.realtime.profit % 40));
  let lossRateBp = Math.max(0, up.lossRateBp - (p.realtime.loss % 80));
  if (profitRateBp + lossRateBp === 0) [profitRateBp, lossRateBp] = [up.profitRateBp, up.lossRateBp];
  return { profitRateBp, lossRateBp, minBet: up.minBet + BigInt(p.realtime.minBet % 2_000) };
}

const money = (v: bigint) => fromMinor(v, 2);
const rate = (bp: number) => fromMinor(bp, 2);
function termsOf(kind: RefKind, tiers: RefTier[], period: RefPeriodName, rt?: RefContract['realtime']) {
  switch (kind) {
    case 'realtimeSalary':
      return {
        profitRate: rate(rt!.profitRateBp),
        lossRate: rate(rt!.lossRateBp),
        minBet: money(rt!.minBet),
      };
    case 'hourlySalary':
      return { tiers: tiers.map((t) => ({ validBet: money(t.validBet), rate: rate(t.rateBp) })) };
    case 'dailySalary':
      return {
        tiers: tiers.map((t) => ({
          validBet: money(t.validBet),
          activeMembers: t.activeMembers,
          rate: rate(t.rateBp),
        })),
      };
    case 'dividend':
      return {
        period: period as 'daily',
        tiers: tiers.map((t) => ({
          validBet: money(t.validBet),
          netLoss: money(t.netLoss),
          activeMembers: t.activeMembers,
          rate: rate(t.rateBp),
        })),
      };
  }
}

// ---------------------------------------------------------------- the app

let t: TestApp;
let clock: TestClock;
let contracts: AgentContractService;
let settlement: ContractSettlement;
let settlementAdmin: ReturnType<typeof createSettlementAdmin>;
const db = () => t.database.db;
const setClock = (d: Date) => clock.advance(d.getTime() - clock.now().getTime());

beforeAll(async () => {
  clock = testClock({ frozen: true });
  t = await createTestApp({ deps: { clock } });
  contracts = createAgentContractService({
    db: db(),
    members: createMemberService({ db: db(), clock }),
    audit: createAuditService({ db: db(), clock }),
    clock,
  });
  settlement = createContractSettlement({ db: db(), ledger: createLedgerService({ db: db() }), clock });
  settlementAdmin = createSettlementAdmin({
    db: db(),
    settlement,
    members: createMemberService({ db: db(), clock }),
    audit: createAuditService({ db: db(), clock }),
    clock,
  });
});
afterAll(() => t.close());

interface Built {
  merchant: MerchantContext;
  operator: AuditWho;
  agents: { id: number; username: string; parent: number | null }[];
  contracts: RefContract[];
  refused: number;
}

/** A fresh merchant with the plan's tree, thresholds and contracts (the clock stands at the real now). */
async function build(plan: RunPlan): Promise<Built> {
  setClock(new Date(Date.now() - PAST_MS));
  const m = await createMerchant(db());
  await addVendor(db(), m.id, VENDOR);
  // an owner nobody logs in as (no password hash): the operator side of the contract service
  const op = await operatorRepo.insert(db(), {
    merchantId: m.id,
    username: 'owner',
    role: 'owner',
    active: true,
    passwordHash: '!',
  });
  const operator: AuditWho = {
    actor: {
      kind: 'operator',
      operatorId: op.id,
      merchantId: m.id,
      name: 'owner',
      role: 'owner',
      sessionId: 0,
    },
    ip: null,
  };
  const merchant = (await createMerchantService({ db: db() }).getById(m.id))!;
  await db().execute(
    sql`insert into figure_setting (merchant_id, active_min_deposit, active_min_valid_bet, updated_at)
        values (${m.id}, ${plan.minDeposit}, ${plan.minValidBet}, now())`,
  );

  const agents: Built['agents'] = [];
  const depth: number[] = [];
  for (const [i, a] of plan.agents.entries()) {
    // deeper trees are likelier: the parent is picked from the newest agents that may have children
    const eligible = agents.map((_, j) => j).filter((j) => depth[j]! < 4);
    const parent =
      i === 0 || a.top || eligible.length === 0
        ? null
        : eligible[eligible.length - 1 - (a.parentPick % eligible.length)]!;
    const parentId = parent === null ? null : agents[parent]!.id;
    const row = await newAgent(db(), m.id, { parentId, password: null });
    agents.push({ id: row.id, username: row.username, parent: parentId });
    depth.push(parent === null ? 0 : depth[parent]! + 1);
  }

  const actor = (id: number): MemberActor => ({
    kind: 'member',
    memberId: id,
    merchantId: m.id,
    type: 1,
    username: agents.find((a) => a.id === id)!.username,
    sessionId: 0,
  });
  const made: RefContract[] = [];
  let refused = 0;
  for (const kind of KINDS) {
    const held = new Map<number, RefContract>();
    for (const [i, a] of plan.agents.entries()) {
      const c = a.contracts[kind];
      const me = agents[i]!;
      if (!c.has) continue;
      let contractId: number;
      let tiers: RefTier[] = [];
      let realtime: RefContract['realtime'];
      let period: RefPeriodName;
      if (me.parent === null) {
        period = PERIOD_OF[kind] ?? a.dividendPeriod;
        if (kind === 'realtimeSalary') realtime = topRealtime(c);
        else tiers = topTiers(kind, c.steps);
        const body = {
          kind,
          downlineId: me.id,
          ...termsOf(kind, tiers, period, realtime),
        } as TAdminContractOfferBody;
        contractId = (await contracts.adminOffer(operator, merchant, body)).contract.id;
      } else {
        const up = held.get(me.parent);
        if (!up) continue; // an upline without a contract of the kind offers none
        period = up.period;
        if (kind === 'realtimeSalary') realtime = downlineRealtime(up.realtime!, c);
        else tiers = downlineTiers(kind, up.tiers, c);
        const offer = (list: RefTier[], rt: RefContract['realtime']) =>
          contracts.act(actor(me.parent!), merchant, kind, {
            action: 'offer',
            downlineId: me.id,
            ...termsOf(kind, list, period, rt),
          } as TContractAction);
        if (c.overreach) {
          // one basis point above what the upline earns for the same figures (or the same bet)
          const best = up.tiers.at(-1);
          const err = await (
            best
              ? offer([{ ...best, rateBp: best.rateBp + 1 }], undefined)
              : offer([], { ...up.realtime!, lossRateBp: up.realtime!.lossRateBp + 1 })
          ).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).code).toBe('contract_rate_above_upline');
          refused++;
        }
        contractId = (await offer(tiers, realtime)).contract.id;
      }
      await contracts.act(actor(me.id), merchant, kind, { action: 'accept', contractId });
      const ref: RefContract = {
        id: contractId,
        kind,
        period,
        uplineId: me.parent,
        downlineId: me.id,
        tiers,
        realtime,
        acceptedAt: clock.now(),
        endedAt: null,
      };
      held.set(me.id, ref);
      made.push(ref);
    }
  }
  return { merchant, operator, agents, contracts: made, refused };
}

/** Every member's money and play: funds, deposits, then each member's rounds (members in parallel). */
async function play(plan: RunPlan, b: Built) {
  const players: { id: number; plan: MemberPlan }[] = [];
  for (const [i, a] of plan.agents.entries()) {
    players.push({ id: b.agents[i]!.id, plan: a });
    for (const p of a.players) {
      const row = await newMember(db(), b.merchant.id, { parentId: b.agents[i]!.id, password: null });
      players.push({ id: row.id, plan: p });
    }
  }
  for (const p of players) {
    if (p.plan.fund > 0) await fund(db(), b.merchant.id, p.id, BigInt(p.plan.fund));
    if (p.plan.deposit > 0) await postMoney(db(), b.merchant.id, p.id, 'deposit', BigInt(p.plan.deposit));
  }
  const call = async (
    memberId: number,
    op: 'debit' | 'credit' | 'rollback',
    body: Record<string, unknown>,
  ) => {
    const res = await vendorCallback(t.app, db(), {
      merchantId: b.merchant.id,
      merchantCode: b.merchant.code,
      vendor: VENDOR,
      op,
      body: { playerId: String(memberId), ...body },
    });
    // a refusal (no funds, a settled round) is part of the play; a server error is not
    expect(res.statusCode, res.body).toBeLessThan(500);
  };
  await Promise.all(
    players
      .filter((p) => p.plan.rounds.length > 0)
      .map(async (p) => {
        const session = await openVendorSession(db(), b.merchant.id, p.id, VENDOR, clock);
        for (const r of p.plan.rounds) {
          const roundId = `r-${randomBytes(6).toString('hex')}`;
          const debits = r.bets.map(() => `d-${randomBytes(6).toString('hex')}`);
          for (const [k, bet] of r.bets.entries()) {
            await call(p.id, 'debit', {
              token: session.token,
              txnId: debits[k],
              roundId,
              amount: money(BigInt(bet)),
              gameCode: 'slot-1',
            });
          }
          const rollback = () =>
            call(p.id, 'rollback', {
              txnId: `b-${randomBytes(6).toString('hex')}`,
              refTxnId: debits[0],
              roundId,
            });
          if (r.rollbackFirst) await rollback();
          if (r.win !== null) {
            await call(p.id, 'credit', {
              txnId: `c-${randomBytes(6).toString('hex')}`,
              roundId,
              amount: money((BigInt(r.bets.reduce((x, y) => x + y, 0)) * BigInt(r.win)) / 100n),
              gameCode: 'slot-1',
            });
          }
          if (r.lateRollback) await rollback();
        }
      }),
  );
}

async function jobRun(at: Date) {
  setClock(at);
  expect(await t.app.scheduler.runNow(SETTLE_JOB)).toBe(true);
}

/** A payout's fields in one order (what the comparison reads). */
const canon = (p: RefPayout) => ({
  contractId: p.contractId,
  kind: p.kind,
  periodStart: p.periodStart,
  periodEnd: p.periodEnd,
  payerId: p.payerId,
  payeeId: p.payeeId,
  validBet: p.validBet,
  netLoss: p.netLoss,
  activeMembers: p.activeMembers,
  base: p.base,
  rateBp: p.rateBp,
  amount: p.amount,
  paid: p.paid,
  status: p.status,
  profitBase: p.profitBase,
  lossBase: p.lossBase,
  rounds: p.rounds,
  payableAt: p.payableAt,
});
const text = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));

async function balances(merchantId: number) {
  const list = await rows<{ member_id: number; available: string }>(
    db(),
    sql`select member_id, (balance - held)::text as available from ledger_account
        where merchant_id = ${merchantId} and member_id is not null and code = 'main'`,
  );
  return new Map(list.map((r) => [Number(r.member_id), BigInt(r.available)]));
}

const stats = {
  runs: 0,
  contracts: 0,
  payouts: 0,
  paid: 0,
  partial: 0,
  insufficient: 0,
  notReached: 0,
  expired: 0,
  held: 0,
  released: 0,
  realtime: 0,
  refused: 0,
  retried: 0,
};

describe('contract settlement against an independent reference', () => {
  it('pays what the reference computes, once, with the ledger balanced', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(runArb, async (plan) => {
        const b = await build(plan);
        await play(plan, b);
        await db().execute(
          sql`update vendor_txn set created_at = created_at - ${`${PAST_MS} milliseconds`}::interval
              where merchant_id = ${b.merchant.id}`,
        );
        const ref = await loadReferenceRows(db(), b.merchant.id);
        // an operator holds some agents' payouts; some are released after a run held payouts of theirs
        const hold = (id: number, on: boolean) =>
          settlementAdmin.hold(
            b.operator,
            b.merchant,
            id,
            on ? { hold: true, reason: 'review' } : { hold: false },
          );
        const held = b.agents.filter((_, i) => plan.agents[i]!.hold !== 'none').map((a) => a.id);
        const toRelease = new Set(
          b.agents.filter((_, i) => plan.agents[i]!.hold === 'released').map((a) => a.id),
        );
        for (const id of held) await hold(id, true);

        // a run after each period closed (the one the play happened in); where payouts are short,
        // their payers receive money and the run repeats a minute later (short payouts of that
        // period are paid more, older ones have expired); then the last run once more
        const end = new Date(Date.now() - PAST_MS);
        const times = [
          ...new Set(
            [...REF_SCHEDULE, { kind: 'realtimeSalary' as const, period: 'realtime' as const }]
              .filter(({ kind, period }) => b.contracts.some((c) => c.kind === kind && c.period === period))
              .map(
                ({ period }, i) =>
                  refPeriodAt(period, end, ref.offsetMs).to.getTime() + plan.delays[i]! * 60_000,
              ),
          ),
        ].sort((x, y) => x - y);
        const runs: RefRun[] = [];
        const run = async (r: RefRun) => {
          for (const [id, amount] of r.topUps ?? []) await fund(db(), b.merchant.id, id, amount);
          await jobRun(r.at);
          runs.push(r);
        };
        for (const ms of times) {
          await run({ at: new Date(ms) });
          // released once payouts of theirs are held (at the run's instant)
          const due = await rows<{ payee_id: number }>(
            db(),
            sql`select distinct payee_id from contract_payout
                where merchant_id = ${b.merchant.id} and status = 'held' order by payee_id`,
          );
          const releasing = due.map((r) => Number(r.payee_id)).filter((id) => toRelease.delete(id));
          for (const id of releasing) await hold(id, false);
          if (releasing.length > 0) runs.at(-1)!.release = releasing;
          const owed = await rows<{ payer_id: number; owed: string }>(
            db(),
            sql`select payer_id, sum(amount - paid)::text as owed from contract_payout
                where merchant_id = ${b.merchant.id} and status in ('partial', 'insufficient')
                group by payer_id order by payer_id`,
          );
          const topUps = owed
            .map((o): [number, bigint] => [Number(o.payer_id), (BigInt(o.owed) * BigInt(plan.topUp)) / 100n])
            .filter(([, amount]) => amount > 0n);
          if (topUps.length > 0) await run({ at: new Date(ms + 60_000), topUps });
        }
        if (runs.length > 0) await run({ at: runs.at(-1)!.at });

        const expected = referenceSettlement(ref, b.contracts, runs, held);
        const written = await loadPayouts(db(), b.merchant.id);
        expect(text(written.map(canon))).toBe(text(expected.payouts.map(canon)));

        // each payout's postings moved exactly what it paid into the payee's MAIN, balanced
        const postings = await payoutPostings(db(), b.merchant.id);
        for (const p of written) {
          const got = postings.get(p.id) ?? { entries: 0, toPayee: 0n, total: 0n };
          expect({ id: p.id, toPayee: got.toPayee, total: got.total }).toEqual({
            id: p.id,
            toPayee: p.paid,
            total: 0n,
          });
          if (p.paid === 0n) expect(got.entries).toBe(0);
        }
        const now = await balances(b.merchant.id);
        for (const [id, v] of expected.available) expect({ id, v: now.get(id) ?? 0n }).toEqual({ id, v });
        expect(await checkLedgerInvariants(db(), b.merchant.id)).toEqual([]);
        expect(await checkContractInvariants(db(), b.merchant.id)).toEqual([]);

        // settling any of these periods again pays nothing and writes nothing
        const entries = async () =>
          (
            await rows<{ n: string }>(
              db(),
              sql`select count(*)::text as n from ledger_entry where merchant_id = ${b.merchant.id}`,
            )
          )[0]!.n;
        const before = await entries();
        for (const { at } of runs) {
          for (const { kind, period } of REF_SCHEDULE) {
            const s = await settlement.settle(
              b.merchant.id,
              kind,
              period,
              refLastClosed(period, at, ref.offsetMs),
              at,
            );
            expect(s).toMatchObject({ settled: 0, owed: 0n, paid: 0n });
          }
        }
        for (const w of new Set(
          written.filter((p) => p.kind === 'realtimeSalary').map((p) => p.periodStart.getTime()),
        )) {
          const window = { from: new Date(w), to: new Date(w + REF_WINDOW_MS) };
          const s = await settlement.settle(
            b.merchant.id,
            'realtimeSalary',
            'realtime',
            window,
            runs.at(-1)!.at,
          );
          expect(s).toMatchObject({ settled: 0, owed: 0n, paid: 0n });
        }
        expect(await entries()).toBe(before);
        expect(await balances(b.merchant.id)).toEqual(now);
        expect((await loadPayouts(db(), b.merchant.id)).length).toBe(written.length);

        // this merchant leaves the scheduled runs of the next cases
        for (const c of b.contracts.filter((x) => x.uplineId === null)) {
          await contracts.adminTerminate(b.operator, b.merchant, c.id, true);
        }

        stats.runs++;
        stats.contracts += b.contracts.length;
        stats.refused += b.refused;
        stats.payouts += written.length;
        for (const p of written) {
          if (p.status === 'paid') stats.paid++;
          if (p.status === 'partial') stats.partial++;
          if (p.status === 'insufficient') stats.insufficient++;
          if (p.status === 'not_reached') stats.notReached++;
          if (p.status === 'expired') stats.expired++;
          if (p.status === 'held') stats.held++;
          if (p.payableAt !== null) stats.released++;
          if (p.kind === 'realtimeSalary') stats.realtime++;
          if ((postings.get(p.id)?.entries ?? 0) > 1) stats.retried++;
        }
      }),
      {
        numRuns: Number(process.env.SETTLE_PROPERTY_RUNS ?? 6),
        examples: [[EVERY_OUTCOME]],
        // a failing case is reported as found: shrinking re-runs whole cases (seconds each)
        endOnFailure: true,
      },
    );
    console.log('settlement property:', stats);
    // the cases reached every outcome
    expect(stats.paid).toBeGreaterThan(0);
    expect(stats.notReached).toBeGreaterThan(0);
    expect(stats.partial + stats.insufficient + stats.expired).toBeGreaterThan(0);
    expect(stats.realtime).toBeGreaterThan(0);
    expect(stats.released).toBeGreaterThan(0);
    expect(stats.retried).toBeGreaterThan(0);
  });
});
