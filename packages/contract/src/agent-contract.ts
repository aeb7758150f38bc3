import { z } from 'zod';
import { ADMIN_PAGE_SIZE, ZPage } from './admin.js';
import { AGENTS_ONLY, defineEndpoint } from './endpoint.js';
import { ZRowId, ZRowIdNumber } from './ids.js';
import { ZAmount, ZMoney } from './money.js';
import { DATE_PRESETS } from './account-record.js';

/**
 * Agent contracts (SPEC §3, §4; DOMAIN-NOTES 3): an upline offers a contract of one kind to a direct
 * downline agent, the downline accepts or rejects it, the accepted one is active until it is
 * terminated (by either side, or by an operator) or superseded by a newer accepted offer. Operators
 * are the upline of top-level agents (`upline: null` = the platform).
 *
 * Rates cross the API as percent text with at most two decimals ("0.50" = 0.5 %) and live as integer
 * basis points; thresholds are money (decimal text, minor units inside).
 */
export const CONTRACT_KINDS = ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] as const;
export type TContractKind = (typeof CONTRACT_KINDS)[number];

/** The white-label switch of each kind (API-REFERENCE §4); all sit under AGENTPOLICY3. */
export const CONTRACT_MODULE: Record<TContractKind, string> = {
  dividend: 'SIGNCONDIV3',
  dailySalary: 'DAILYSALCONT3',
  hourlySalary: 'HOURSAL3',
  realtimeSalary: 'RTSALARY3',
};

export const CONTRACT_STATUSES = [
  'offered',
  'active',
  'rejected',
  'terminated',
  'superseded',
  'withdrawn',
] as const;
export type TContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Dividend periods (SPEC §3); salaries run daily, hourly, and real time (every 5 minutes). */
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type TDividendPeriod = (typeof DIVIDEND_PERIODS)[number];
export const CONTRACT_PERIODS = [...DIVIDEND_PERIODS, 'hourly', 'realtime'] as const;
export type TContractPeriod = (typeof CONTRACT_PERIODS)[number];

/** At most this many tiers per contract. */
export const CONTRACT_MAX_TIERS = 10;

/** A rate in percent with at most two decimals, 0 to 100 ("1.25" = 1.25 %). */
export const ZRate = z.union([
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'rate is a percent with at most two decimals'),
  z.number().nonnegative().max(100),
]);
export type TRate = z.input<typeof ZRate>;

const ZActiveMembers = z.coerce.number().int().min(0).max(10_000_000);

export const ZDividendTier = z.object({
  /** period valid bets of the team at least */
  validBet: ZAmount,
  /** period net loss of the team (the platform's win) at least */
  netLoss: ZAmount,
  activeMembers: ZActiveMembers,
  rate: ZRate,
});
export const ZDailySalaryTier = z.object({ validBet: ZAmount, activeMembers: ZActiveMembers, rate: ZRate });
export const ZHourlySalaryTier = z.object({ validBet: ZAmount, rate: ZRate });

const ZTiers = <T extends z.ZodType>(tier: T) => z.array(tier).min(1).max(CONTRACT_MAX_TIERS);

/** Whom an offer is for: a direct downline agent, by id or username. */
const ZDownlineRef = {
  downlineId: ZRowIdNumber.optional(),
  downlineUsername: z.string().trim().min(1).max(64).optional(),
};
const hasDownline = (b: { downlineId?: number; downlineUsername?: string }) =>
  b.downlineId !== undefined || b.downlineUsername !== undefined;
const downlineMessage = { message: 'downlineId or downlineUsername is required' };

/** The terms of each kind (what an offer carries besides the downline). */
export const ZDividendTerms = z.object({
  period: z.enum(DIVIDEND_PERIODS),
  tiers: ZTiers(ZDividendTier),
});
export const ZDailySalaryTerms = z.object({ tiers: ZTiers(ZDailySalaryTier) });
export const ZHourlySalaryTerms = z.object({ tiers: ZTiers(ZHourlySalaryTier) });
export const ZRealtimeSalaryTerms = z.object({
  /** rate on the valid stake of a bet the player won */
  profitRate: ZRate,
  /** rate on the valid stake of a bet the player lost */
  lossRate: ZRate,
  /** bets below this stake earn nothing */
  minBet: ZAmount,
});
export const CONTRACT_TERMS = {
  dividend: ZDividendTerms,
  dailySalary: ZDailySalaryTerms,
  hourlySalary: ZHourlySalaryTerms,
  realtimeSalary: ZRealtimeSalaryTerms,
} as const;
/** Parsed terms of an offer, by kind. */
export type TContractTerms =
  | ({ kind: 'dividend' } & z.output<typeof ZDividendTerms>)
  | ({ kind: 'dailySalary' } & z.output<typeof ZDailySalaryTerms>)
  | ({ kind: 'hourlySalary' } & z.output<typeof ZHourlySalaryTerms>)
  | ({ kind: 'realtimeSalary' } & z.output<typeof ZRealtimeSalaryTerms>);

const ZContractId = { contractId: ZRowIdNumber };
/**
 * `confirm: true` accepts (or terminates) although downline contracts end with it; without it such
 * a call answers `contract_confirm_required` with the contracts that would end, and changes nothing.
 */
const ZConfirm = { confirm: z.boolean().optional() };

const ZAccept = z.object({ action: z.literal('accept'), ...ZContractId, ...ZConfirm });
const ZReject = z.object({ action: z.literal('reject'), ...ZContractId });
const ZTerminate = z.object({ action: z.literal('terminate'), ...ZContractId, ...ZConfirm });
const ZOffer = { action: z.literal('offer'), ...ZDownlineRef };

/** The body of a contract relay's POST: one action on a contract of the relay's kind. */
export const ZDividendAction = z.discriminatedUnion('action', [
  ZDividendTerms.extend(ZOffer).refine(hasDownline, downlineMessage),
  ZAccept,
  ZReject,
  ZTerminate,
]);
export const ZDailySalaryAction = z.discriminatedUnion('action', [
  ZDailySalaryTerms.extend(ZOffer).refine(hasDownline, downlineMessage),
  ZAccept,
  ZReject,
  ZTerminate,
]);
export const ZHourlySalaryAction = z.discriminatedUnion('action', [
  ZHourlySalaryTerms.extend(ZOffer).refine(hasDownline, downlineMessage),
  ZAccept,
  ZReject,
  ZTerminate,
]);
export const ZRealtimeSalaryAction = z.discriminatedUnion('action', [
  ZRealtimeSalaryTerms.extend(ZOffer).refine(hasDownline, downlineMessage),
  ZAccept,
  ZReject,
  ZTerminate,
]);
export type TContractAction =
  | z.output<typeof ZDividendAction>
  | z.output<typeof ZDailySalaryAction>
  | z.output<typeof ZHourlySalaryAction>
  | z.output<typeof ZRealtimeSalaryAction>;
export type TContractActionInput =
  | z.input<typeof ZDividendAction>
  | z.input<typeof ZDailySalaryAction>
  | z.input<typeof ZHourlySalaryAction>
  | z.input<typeof ZRealtimeSalaryAction>;

export const ZContractTier = z.object({
  validBet: ZMoney,
  /** dividend only; "0.00" otherwise */
  netLoss: ZMoney,
  /** 0 where the kind has no such condition */
  activeMembers: z.number().int(),
  /** percent, two decimals */
  rate: z.string(),
});

export const ZContractParty = z.object({ id: z.number().int(), username: z.string() });

export const ZContract = z.object({
  id: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  status: z.enum(CONTRACT_STATUSES),
  period: z.enum(CONTRACT_PERIODS),
  /** null: the platform (an operator gave it to a top-level agent) */
  upline: ZContractParty.nullable(),
  downline: ZContractParty,
  /** tiers in ascending order (empty for real-time salary) */
  tiers: z.array(ZContractTier),
  /** real-time salary only (null otherwise) */
  profitRate: z.string().nullable(),
  lossRate: z.string().nullable(),
  minBet: ZMoney.nullable(),
  /** 1 for the downline's first contract of this kind, then 2, 3, ... */
  version: z.number().int(),
  /** why it ended: rejected, withdrawn, upline, downline, operator, cascade (an upline's contract changed), superseded */
  endReason: z.string().nullable(),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone */
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  terminatedAt: z.string().nullable(),
});
export type TContract = z.infer<typeof ZContract>;

export const ZContractListQuery = z.object({
  /** filter of the contracts I gave; default: offered and active */
  status: z.enum(CONTRACT_STATUSES).optional(),
  downlineUsername: z.string().trim().min(1).max(64).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TContractListQuery = z.input<typeof ZContractListQuery>;
export type TContractListFilter = z.output<typeof ZContractListQuery>;

export const ZContractList = z.object({
  kind: z.enum(CONTRACT_KINDS),
  /** my contract of this kind (I am its downline) */
  active: ZContract.nullable(),
  /** an offer waiting for my answer */
  pending: ZContract.nullable(),
  /** my earlier contracts and answered offers, newest first (at most 20) */
  history: z.array(ZContract),
  /** I hold an active contract of this kind, so I may offer one to my direct downline agents */
  canOffer: z.boolean(),
  /** contracts I gave my direct downlines, newest first */
  given: ZPage(ZContract),
});
export type TContractList = z.infer<typeof ZContractList>;

export const ZContractActionResult = z.object({
  action: z.enum(['offer', 'accept', 'reject', 'terminate']),
  contract: ZContract,
  /** the contract this accept replaced (now superseded) */
  superseded: ZContract.nullable(),
  /** downline contracts this action ended (terminated, or withdrawn offers) */
  ended: z.array(ZContract),
});
export type TContractActionResult = z.infer<typeof ZContractActionResult>;

/** The value of `contract_confirm_required`: what the action would end. */
export const ZContractConfirmValue = z.object({ affected: z.array(ZContract) });

// ------------------------------------------------------------------ operator API

export const ZAdminContractQuery = z.object({
  kind: z.enum(CONTRACT_KINDS).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  /** contracts where this agent is a party */
  username: z.string().trim().min(1).max(64).optional(),
  /** only the platform's contracts with top-level agents */
  topLevel: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});
export type TAdminContractQuery = z.input<typeof ZAdminContractQuery>;
export type TAdminContractFilter = z.output<typeof ZAdminContractQuery>;

const ZAdminTarget = {
  downlineId: ZRowIdNumber.optional(),
  downlineUsername: z.string().trim().min(1).max(64).optional(),
};
export const ZAdminContractOffer = z
  .discriminatedUnion('kind', [
    ZDividendTerms.extend({ kind: z.literal('dividend'), ...ZAdminTarget }),
    ZDailySalaryTerms.extend({ kind: z.literal('dailySalary'), ...ZAdminTarget }),
    ZHourlySalaryTerms.extend({ kind: z.literal('hourlySalary'), ...ZAdminTarget }),
    ZRealtimeSalaryTerms.extend({ kind: z.literal('realtimeSalary'), ...ZAdminTarget }),
  ])
  .refine(hasDownline, downlineMessage);
export type TAdminContractOffer = z.input<typeof ZAdminContractOffer>;
export type TAdminContractOfferBody = z.output<typeof ZAdminContractOffer>;

export const ZAdminContractTerminate = z.object(ZConfirm);

const tags = ['agent-contract'];
const relay = <K extends TContractKind, B extends z.ZodType>(
  kind: K,
  path: string,
  body: B,
  summary: string,
) => ({
  list: defineEndpoint({
    id: `agentContract.${kind}.list`,
    method: 'GET',
    path,
    modId: CONTRACT_MODULE[kind],
    auth: 'member',
    members: AGENTS_ONLY,
    refusal: 'error_not_agent',
    query: ZContractListQuery,
    response: ZContractList,
    summary: `${summary}: my contract, my pending offer, my history and the contracts I gave`,
    tags,
  }),
  act: defineEndpoint({
    id: `agentContract.${kind}.act`,
    method: 'POST',
    path,
    modId: CONTRACT_MODULE[kind],
    auth: 'member',
    members: AGENTS_ONLY,
    refusal: 'error_not_agent',
    body,
    response: ZContractActionResult,
    summary: `${summary}: offer to a direct downline agent, accept, reject or terminate`,
    tags,
  }),
});

/** The relays of API-REFERENCE 3.9: GET lists, POST acts. */
export const agentContractEndpoints = {
  dividend: relay('dividend', '/wps/relay/MCS2_processDividendReq', ZDividendAction, 'Dividend contracts'),
  dailySalary: relay(
    'dailySalary',
    '/wps/relay/MCS2_processDailySalContract',
    ZDailySalaryAction,
    'Daily salary contracts',
  ),
  hourlySalary: relay(
    'hourlySalary',
    '/wps/relay/MCS2_processContractHourSalary',
    ZHourlySalaryAction,
    'Hourly salary contracts',
  ),
  realtimeSalary: relay(
    'realtimeSalary',
    '/wps/relay/MCSFE_processRealTimeSalaryContract',
    ZRealtimeSalaryAction,
    'Real-time salary contracts',
  ),
};

export const adminAgentContractEndpoints = {
  list: defineEndpoint({
    id: 'admin.agentContracts.list',
    method: 'GET',
    path: '/admin/api/agent-contracts',
    auth: 'operator',
    query: ZAdminContractQuery,
    response: ZPage(ZContract),
    summary: 'Agent contracts of the merchant (filters: kind, status, agent, top level)',
    tags: ['admin'],
  }),
  offer: defineEndpoint({
    id: 'admin.agentContracts.offer',
    method: 'POST',
    path: '/admin/api/agent-contracts',
    auth: 'operator',
    body: ZAdminContractOffer,
    response: ZContractActionResult,
    summary: 'The platform offers a contract to a top-level agent (audited); the agent accepts it',
    tags: ['admin'],
  }),
  terminate: defineEndpoint({
    id: 'admin.agentContracts.terminate',
    method: 'POST',
    path: '/admin/api/agent-contracts/:id/terminate',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZAdminContractTerminate,
    response: ZContractActionResult,
    summary: 'Terminates an active contract or withdraws an offer (audited; downline contracts end with it)',
    tags: ['admin'],
  }),
};

/**
 * paid: in full; partial / insufficient: the payer's balance covered part / none of it, retried by
 * each run until the next period of the kind closes, then `expired` (what was paid stays paid);
 * not_reached: no tier reached, nothing owed; held: an operator holds the payee's payouts (nothing
 * moved; paid as the balance allows once released).
 */
export const PAYOUT_STATUSES = ['paid', 'partial', 'insufficient', 'not_reached', 'held', 'expired'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const ZAdminPayoutQuery = z.object({
  kind: z.enum(CONTRACT_KINDS).optional(),
  status: z.enum(PAYOUT_STATUSES).optional(),
  /** payouts to or from this agent */
  username: z.string().trim().min(1).max(64).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});
export type TAdminPayoutQuery = z.input<typeof ZAdminPayoutQuery>;
export type TAdminPayoutFilter = z.output<typeof ZAdminPayoutQuery>;

/** One settled (contract, period): the figures, the tier's rate, what was owed and what was paid. */
export const ZContractPayout = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone; the end is exclusive */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** null: the platform paid */
  payer: ZContractParty.nullable(),
  payee: ZContractParty,
  validBet: ZMoney,
  netLoss: ZMoney,
  activeMembers: z.number().int(),
  base: ZMoney,
  rate: z.string(),
  amount: ZMoney,
  paid: ZMoney,
  status: z.enum(PAYOUT_STATUSES),
});
export type TContractPayout = z.infer<typeof ZContractPayout>;

export const adminContractPayoutEndpoints = {
  list: defineEndpoint({
    id: 'admin.contractPayouts.list',
    method: 'GET',
    path: '/admin/api/contract-payouts',
    auth: 'operator',
    query: ZAdminPayoutQuery,
    response: ZPage(ZContractPayout),
    summary: 'Settled contract payouts of the merchant: figures, rate, owed and paid (partial, insufficient)',
    tags: ['admin'],
  }),
};

// ------------------------------------------------------------------ the agent's payout records

export const PAYOUT_ROLES = ['received', 'paid'] as const;
export type TPayoutRole = (typeof PAYOUT_ROLES)[number];

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');

export const ZAgentPayoutQuery = z.object({
  kind: z.enum(CONTRACT_KINDS),
  /** received: my payouts as payee (default); paid: what I owed my direct downlines as payer */
  role: z.enum(PAYOUT_ROLES).default('received'),
  /** periods starting in this range: explicit from/to (merchant dates, inclusive) win over the preset; neither: last 7 days */
  preset: z.enum(DATE_PRESETS).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TAgentPayoutQuery = z.input<typeof ZAgentPayoutQuery>;
export type TAgentPayoutFilter = z.output<typeof ZAgentPayoutQuery>;

/** Real-time salary: what the payout was made of (the rounds of the 5-minute window). */
export const ZRealtimePayoutDetail = z.object({
  /** percent, two decimals: the contract's rates on a round the member did not lose / lost */
  profitRate: z.string(),
  lossRate: z.string(),
  /** rounds below this stake earn nothing */
  minBet: ZMoney,
  /** counted stakes of rounds the member did not lose (won or drew) / lost */
  profitBase: ZMoney,
  lossBase: ZMoney,
  /** rounds counted */
  rounds: z.number().int(),
});

export const ZAgentPayoutRow = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone; the end is exclusive */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** the other party: the payer (received; null = the platform) or the payee (paid) */
  counterpart: z.string().nullable(),
  /** the figures of the payee's team the tier was chosen on */
  validBet: ZMoney,
  netLoss: ZMoney,
  activeMembers: z.number().int(),
  /** the base the rate applied to: valid bets (salaries, real-time: counted stakes) or net loss (dividends) */
  base: ZMoney,
  /** the tier reached, 1-based; null when none was reached (and for real-time salary, which has no tiers) */
  tier: z.number().int().nullable(),
  /** percent, two decimals: the tier's rate; null when no tier was reached and for real-time salary */
  rate: z.string().nullable(),
  /** real-time salary only (null otherwise) */
  realtime: ZRealtimePayoutDetail.nullable(),
  amount: ZMoney,
  paid: ZMoney,
  status: z.enum(PAYOUT_STATUSES),
  /** when the period was settled (merchant time) */
  settledAt: z.string(),
});
export type TAgentPayoutRow = z.infer<typeof ZAgentPayoutRow>;

export const ZAgentPayoutPage = ZPage(ZAgentPayoutRow).extend({
  kind: z.enum(CONTRACT_KINDS),
  role: z.enum(PAYOUT_ROLES),
  /** the merchant dates asked for (inclusive) */
  period: z.object({ from: z.string(), to: z.string() }),
  /** over every row of the filter, not only this page */
  totals: z.object({ amount: ZMoney, paid: ZMoney }),
});
export type TAgentPayoutPage = z.infer<typeof ZAgentPayoutPage>;

/**
 * What the caller owes its direct downlines as payer (payouts partial or insufficient, not expired):
 * while it owes anything its withdrawals and transfers out are refused (`agent_payout_owed`).
 */
export const ZAgentPayoutStatus = z.object({
  /** amount - paid over the payouts owed */
  owed: ZMoney,
  /** payouts owed */
  count: z.number().int(),
  frozen: z.boolean(),
  /** an operator holds the caller's own payouts (as payee): they are recorded held, nothing moves */
  held: z.boolean(),
});
export type TAgentPayoutStatus = z.infer<typeof ZAgentPayoutStatus>;

const agentCall = {
  auth: 'member',
  members: AGENTS_ONLY,
  refusal: 'error_not_agent',
  modId: 'AGENTPOLICY3',
  tags,
} as const;

export const agentPayoutEndpoints = {
  list: defineEndpoint({
    ...agentCall,
    id: 'agentContract.payouts',
    method: 'GET',
    path: '/wps/agent/contractPayouts',
    query: ZAgentPayoutQuery,
    response: ZAgentPayoutPage,
    summary:
      "The caller's salary and dividend payouts of one kind, as payee or as payer to its direct downlines: period, figures, tier, rate, amount, paid, status",
  }),
  status: defineEndpoint({
    ...agentCall,
    id: 'agentContract.payoutStatus',
    method: 'GET',
    path: '/wps/agent/payoutStatus',
    response: ZAgentPayoutStatus,
    summary:
      'What the caller owes its downlines (payouts short): while it owes, withdrawals and transfers out are frozen',
  }),
};

// ------------------------------------------------------------------ operators: settlement runs and holds

export const SETTLEMENT_TRIGGERS = ['schedule', 'operator'] as const;

/** One settlement of (kind, period, period start): what it found to settle, wrote, owed and paid. */
export const ZSettlementRun = z.object({
  id: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  period: z.enum(CONTRACT_PERIODS),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone; the end is exclusive */
  periodStart: z.string(),
  periodEnd: z.string(),
  trigger: z.enum(SETTLEMENT_TRIGGERS),
  /** the operator who re-ran it (null: the schedule) */
  operator: z.string().nullable(),
  startedAt: z.string(),
  /** null: still running, or cut short (a crash; the next run settles the rest) */
  finishedAt: z.string().nullable(),
  /** contracts that had no payout of the period when the run began */
  contracts: z.number().int(),
  /** payouts this run wrote */
  settled: z.number().int(),
  totalOwed: ZMoney,
  totalPaid: ZMoney,
  /** payouts left partial or insufficient */
  shortCount: z.number().int(),
  /** why it failed (null: it did not) */
  error: z.string().nullable(),
});
export type TSettlementRun = z.infer<typeof ZSettlementRun>;

export const ZSettlementRunQuery = z.object({
  kind: z.enum(CONTRACT_KINDS).optional(),
  /** runs of periods starting on these merchant dates (inclusive) */
  from: ZDay.optional(),
  to: ZDay.optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});
export type TSettlementRunQuery = z.input<typeof ZSettlementRunQuery>;
export type TSettlementRunFilter = z.output<typeof ZSettlementRunQuery>;

/**
 * Re-runs one closed period: settles the contracts that have no payout of it yet, pays nothing twice.
 * `period` is the dividend's (salaries imply theirs: daily, hourly, realtime); `periodStart` is the
 * period's first instant in merchant time (yyyy-MM-dd, or yyyy-MM-dd HH:mm[:ss] for hours and
 * 5-minute windows).
 */
export const ZSettlementRerun = z.object({
  kind: z.enum(CONTRACT_KINDS),
  period: z.enum(CONTRACT_PERIODS).optional(),
  periodStart: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, 'yyyy-MM-dd or yyyy-MM-dd HH:mm[:ss]'),
});
export type TSettlementRerun = z.input<typeof ZSettlementRerun>;

export const ZPayoutHoldUpdate = z
  .object({
    /** true: hold the agent's payouts (as payee); false: release them */
    hold: z.boolean(),
    /** why (required to hold) */
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .refine((v) => !v.hold || v.reason !== undefined, {
    message: 'a reason is required to hold',
    path: ['reason'],
  });
export type TPayoutHoldUpdate = z.input<typeof ZPayoutHoldUpdate>;

export const ZPayoutHold = z.object({
  agentId: z.number().int(),
  username: z.string(),
  held: z.boolean(),
  reason: z.string().nullable(),
  /** merchant time; null when not held */
  heldAt: z.string().nullable(),
  /** what the release paid now: held payouts paid (in full or in part) and the amount */
  released: z.object({ payouts: z.number().int(), paid: ZMoney }).nullable(),
});
export type TPayoutHold = z.infer<typeof ZPayoutHold>;

export const adminSettlementEndpoints = {
  runs: defineEndpoint({
    id: 'admin.settlementRuns.list',
    method: 'GET',
    path: '/admin/api/settlement-runs',
    auth: 'operator',
    query: ZSettlementRunQuery,
    response: ZPage(ZSettlementRun),
    summary:
      'Settlement runs of the merchant, newest period first: contracts, settled, owed, paid, short, failures',
    tags: ['admin'],
  }),
  rerun: defineEndpoint({
    id: 'admin.settlementRuns.rerun',
    method: 'POST',
    path: '/admin/api/settlement-runs',
    auth: 'operator',
    body: ZSettlementRerun,
    response: ZSettlementRun,
    summary: 'Re-runs a closed period (audited): settles only the contracts it missed, pays nothing twice',
    tags: ['admin'],
  }),
  hold: defineEndpoint({
    id: 'admin.agents.payoutHold',
    method: 'PUT',
    path: '/admin/api/agents/:id/payout-hold',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZPayoutHoldUpdate,
    response: ZPayoutHold,
    summary:
      "Holds an agent's payouts (recorded held, nothing moves) or releases them (the held payouts are paid once, as the payers' balances allow); audited",
    tags: ['admin'],
  }),
};

export const AGENT_CONTRACT_ERRORS = {
  contract_not_found: { status: 404, en: 'This contract does not exist', bn: 'এই চুক্তিটি বিদ্যমান নেই' },
  contract_not_downline: {
    status: 403,
    en: 'You can only offer contracts to your direct downline agents',
    bn: 'আপনি শুধুমাত্র আপনার সরাসরি ডাউনলাইন এজেন্টদের চুক্তি দিতে পারেন',
  },
  contract_downline_not_agent: {
    status: 409,
    en: 'Contracts are offered to agents only',
    bn: 'চুক্তি শুধুমাত্র এজেন্টদের দেওয়া হয়',
  },
  contract_not_top_level: {
    status: 409,
    en: 'This agent has an upline agent, who offers its contracts',
    bn: 'এই এজেন্টের একজন আপলাইন এজেন্ট আছেন, যিনি এর চুক্তি দেন',
  },
  contract_no_own_contract: {
    status: 409,
    en: 'You need an active contract of this kind to offer one',
    bn: 'চুক্তি দেওয়ার জন্য আপনার এই ধরনের একটি সক্রিয় চুক্তি থাকতে হবে',
  },
  contract_rate_above_upline: {
    status: 409,
    en: "The rates exceed the upline's own contract",
    bn: 'হারগুলো আপলাইনের নিজের চুক্তির চেয়ে বেশি',
  },
  contract_period_mismatch: {
    status: 409,
    en: "The dividend period must be the upline's own",
    bn: 'ডিভিডেন্ডের সময়কাল আপলাইনের নিজের সময়কালের মতো হতে হবে',
  },
  contract_tiers_invalid: {
    status: 422,
    en: 'Each tier must ask for more than the one before it and pay a higher rate',
    bn: 'প্রতিটি স্তরের শর্ত আগের স্তরের চেয়ে বেশি এবং হার বেশি হতে হবে',
  },
  contract_rate_invalid: {
    status: 422,
    en: 'A rate is a percent between 0.01 and 100',
    bn: 'হার ০.০১ থেকে ১০০ এর মধ্যে একটি শতাংশ',
  },
  contract_not_pending: {
    status: 409,
    en: 'This offer is no longer waiting for an answer',
    bn: 'এই প্রস্তাবটি আর উত্তরের অপেক্ষায় নেই',
  },
  contract_not_active: {
    status: 409,
    en: 'This contract is not active',
    bn: 'এই চুক্তিটি সক্রিয় নয়',
  },
  contract_wrong_party: {
    status: 403,
    en: 'Only the downline of an offer can answer it',
    bn: 'শুধুমাত্র প্রস্তাবের ডাউনলাইন এর উত্তর দিতে পারেন',
  },
  contract_confirm_required: {
    status: 409,
    en: 'Downline contracts with higher rates will be terminated; confirm to go on',
    bn: 'উচ্চ হারের ডাউনলাইন চুক্তিগুলো বাতিল হবে; চালিয়ে যেতে নিশ্চিত করুন',
  },
  settlement_period_invalid: {
    status: 422,
    en: 'This is not the start of a period of this kind',
    bn: 'এটি এই ধরনের কোনো সময়কালের শুরু নয়',
  },
  settlement_period_open: {
    status: 409,
    en: 'This period has not closed yet',
    bn: 'এই সময়কাল এখনও শেষ হয়নি',
  },
  agent_payout_owed: {
    status: 409,
    en: 'You owe your downlines salary or dividend payouts: withdrawals and transfers out are frozen until they are paid',
    bn: 'আপনার ডাউনলাইনদের বেতন বা ডিভিডেন্ড বকেয়া আছে: তা পরিশোধ না হওয়া পর্যন্ত উত্তোলন ও বাইরে স্থানান্তর বন্ধ থাকবে',
  },
} as const;
