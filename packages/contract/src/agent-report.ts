import { z } from 'zod';
import { AGENTS_ONLY, defineEndpoint } from './endpoint.js';
import { ZAmount, ZMoney } from './money.js';
import { DATE_PRESETS, RECORD_TYPES } from './account-record.js';

/**
 * The agent centre's reports (issue 15, API-REFERENCE 3.9 legacy agent reports): every one reads the
 * caller's own team only (its downlines in the member tree), per period (the spec's date presets or
 * from/to merchant dates, in the merchant's time zone) and, where it lists members, per member.
 * The figures (valid bet, GGR, active member) have one definition each, on the server's team-figure
 * module, shared with the settlement engine. Money is decimal text in the merchant's currency.
 */

/**
 * Ledger entry types of an agent's income (salary and dividend payouts). The settlement engine posts
 * its payouts with these types; the income report reads them. They map onto the account record's
 * `salary` and `dividend` record types by prefix.
 */
export const AGENT_INCOME_ENTRY_TYPES = {
  daily: 'salary_daily',
  hourly: 'salary_hourly',
  realtime: 'salary_realtime',
  dividend: 'dividend',
} as const;
export const AGENT_INCOME_KINDS = ['daily', 'hourly', 'realtime', 'dividend'] as const;
export type TAgentIncomeKind = (typeof AGENT_INCOME_KINDS)[number];
export function agentIncomeKindOf(entryType: string): TAgentIncomeKind | undefined {
  return AGENT_INCOME_KINDS.find((k) => AGENT_INCOME_ENTRY_TYPES[k] === entryType);
}

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');
const ZRange = {
  /** explicit from/to (merchant dates, inclusive) win over the preset; neither: last 7 days */
  preset: z.enum(DATE_PRESETS).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
};
const ZPaging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
/** A member of the caller's team, by username. */
const ZUsername = z.string().trim().min(1).max(64);
const ZPeriod = z.object({ from: z.string(), to: z.string() });
const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    period: ZPeriod,
  });

// ------------------------------------------------------------------ team overview

export const ZTeamOverviewQuery = z.object({
  ...ZRange,
  /** a downline: the overview of that member and its own downlines */
  username: ZUsername.optional(),
});
export type TTeamOverviewQuery = z.input<typeof ZTeamOverviewQuery>;

const ZMoneyFigures = {
  deposits: ZMoney,
  withdrawals: ZMoney,
  /** stakes of settled rounds (rolled-back and voided rounds excluded) */
  validBets: ZMoney,
  wins: ZMoney,
  /** validBets - wins */
  ggr: ZMoney,
  /** zero until promotions pay bonuses */
  bonuses: ZMoney,
  /** zero until promotions pay rebates */
  rebates: ZMoney,
  /** ggr - bonuses - rebates */
  netResult: ZMoney,
};

export const ZTeamOverviewPoint = z.object({
  /** merchant date yyyy-MM-dd */
  day: z.string(),
  newRegistrations: z.number().int(),
  firstDeposits: z.number().int(),
  betCount: z.number().int(),
  ...ZMoneyFigures,
});

export const ZTeamOverview = z.object({
  period: ZPeriod,
  /** team size now (downlines) */
  members: z.number().int(),
  newRegistrations: z.number().int(),
  /** members meeting the merchant's deposit and valid-bet thresholds in the period */
  activeMembers: z.number().int(),
  firstDeposits: z.number().int(),
  depositCount: z.number().int(),
  withdrawalCount: z.number().int(),
  betCount: z.number().int(),
  ...ZMoneyFigures,
  /** one point per merchant day of the period (days without figures are zero) */
  series: z.array(ZTeamOverviewPoint),
});
export type TTeamOverview = z.infer<typeof ZTeamOverview>;

// ------------------------------------------------------------------ team betting

export const TEAM_BET_STATUSES = ['settled', 'unsettled', 'cancelled'] as const;
export type TTeamBetStatus = (typeof TEAM_BET_STATUSES)[number];
export const BET_GAME_TYPES = [
  'LIVE',
  'RNG',
  'FISH',
  'SPORTS',
  'ESPORTS',
  'PVP',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
] as const;

export const ZTeamBettingQuery = z.object({
  ...ZPaging,
  ...ZRange,
  username: ZUsername.optional(),
  gameType: z.enum(BET_GAME_TYPES).optional(),
  vendor: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .optional(),
  status: z.enum(TEAM_BET_STATUSES).optional(),
});
export type TTeamBettingQuery = z.input<typeof ZTeamBettingQuery>;

export const ZTeamBettingRow = z.object({
  /** the vendor's bet transaction id */
  betId: z.string(),
  roundId: z.string(),
  username: z.string(),
  vendor: z.string(),
  gameCode: z.string().nullable(),
  gameType: z.string().nullable(),
  betAmount: ZMoney,
  /** the stake when the round is settled and not cancelled, else 0 */
  validBet: ZMoney,
  winAmount: ZMoney,
  /** the player's side: winAmount - validBet of a settled round */
  profit: ZMoney,
  status: z.enum(TEAM_BET_STATUSES),
  /** yyyy-MM-dd HH:mm:ss, merchant time zone */
  betTime: z.string(),
});
export const ZTeamBettingPage = pageOf(ZTeamBettingRow).extend({
  totals: z.object({ betAmount: ZMoney, validBet: ZMoney, winAmount: ZMoney, profit: ZMoney }),
});
export type TTeamBettingPage = z.infer<typeof ZTeamBettingPage>;

// ------------------------------------------------------------------ user loss

export const ZUserLossQuery = z.object({
  ...ZPaging,
  ...ZRange,
  username: ZUsername.optional(),
  /** direct downlines only */
  directOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type TUserLossQuery = z.input<typeof ZUserLossQuery>;

const ZLossFigures = {
  deposits: ZMoney,
  withdrawals: ZMoney,
  /** valid bets */
  bets: ZMoney,
  wins: ZMoney,
  /** the member's side: wins - bets (negative: a loss) */
  net: ZMoney,
};
export const ZUserLossRow = z.object({
  username: z.string(),
  isAgent: z.boolean(),
  betCount: z.number().int(),
  ...ZLossFigures,
});
export const ZUserLossPage = pageOf(ZUserLossRow).extend({ totals: z.object(ZLossFigures) });
export type TUserLossPage = z.infer<typeof ZUserLossPage>;

// ------------------------------------------------------------------ my income

export const ZIncomeQuery = z.object({
  ...ZPaging,
  ...ZRange,
  kind: z.enum(AGENT_INCOME_KINDS).optional(),
});
export type TIncomeQuery = z.input<typeof ZIncomeQuery>;

export const ZIncomeRow = z.object({
  id: z.string(),
  time: z.string(),
  kind: z.enum(AGENT_INCOME_KINDS),
  amount: ZMoney,
  /** the settlement period the payout is for, when the payout says */
  remark: z.string(),
});
export const ZIncomePage = pageOf(ZIncomeRow).extend({
  /** per kind over the whole period (not only this page) */
  totals: z.object({ daily: ZMoney, hourly: ZMoney, realtime: ZMoney, dividend: ZMoney, total: ZMoney }),
});
export type TIncomePage = z.infer<typeof ZIncomePage>;

// ------------------------------------------------------------------ downline transactions

export const ZDownlineTransactionQuery = z.object({
  ...ZPaging,
  ...ZRange,
  username: ZUsername.optional(),
  type: z.enum(RECORD_TYPES).optional(),
});
export type TDownlineTransactionQuery = z.input<typeof ZDownlineTransactionQuery>;

export const ZDownlineTransactionRow = z.object({
  id: z.string(),
  time: z.string(),
  username: z.string(),
  type: z.enum(RECORD_TYPES),
  entryType: z.string(),
  /** signed, on the member's own accounts: money in positive */
  amount: ZMoney,
  remark: z.string(),
});
export const ZDownlineTransactionPage = pageOf(ZDownlineTransactionRow);
export type TDownlineTransactionPage = z.infer<typeof ZDownlineTransactionPage>;

// ------------------------------------------------------------------ commission

export const ZCommissionQuery = z.object({ ...ZPaging, ...ZRange });
export type TCommissionQuery = z.input<typeof ZCommissionQuery>;

export const ZCommissionRow = z.object({
  day: z.string(),
  /** the team's base figures that day */
  validBets: ZMoney,
  ggr: ZMoney,
  netResult: ZMoney,
  /** what the caller was paid that day, by kind */
  daily: ZMoney,
  hourly: ZMoney,
  realtime: ZMoney,
  dividend: ZMoney,
  total: ZMoney,
});
export const ZCommissionPage = pageOf(ZCommissionRow).extend({
  totals: ZCommissionRow.omit({ day: true }),
});
export type TCommissionPage = z.infer<typeof ZCommissionPage>;

// ------------------------------------------------------------------ operator settings

export const ZTeamFigureSettings = z.object({
  /** an active member deposits at least this much in the period */
  activeMinDeposit: ZMoney,
  /** and bets at least this much (valid bets) */
  activeMinValidBet: ZMoney,
});
export type TTeamFigureSettings = z.infer<typeof ZTeamFigureSettings>;
export const ZTeamFigureSettingsUpdate = z
  .object({ activeMinDeposit: ZAmount.optional(), activeMinValidBet: ZAmount.optional() })
  .refine((v) => v.activeMinDeposit !== undefined || v.activeMinValidBet !== undefined, {
    message: 'nothing to change',
  });
export type TTeamFigureSettingsUpdate = z.input<typeof ZTeamFigureSettingsUpdate>;

const tags = ['agent reports'];
const agentCall = { auth: 'member', members: AGENTS_ONLY, refusal: 'error_not_agent', tags } as const;

export const agentReportEndpoints = {
  teamOverview: defineEndpoint({
    ...agentCall,
    id: 'agentReport.teamOverview',
    method: 'GET',
    path: '/wps/report/teamOverview',
    query: ZTeamOverviewQuery,
    response: ZTeamOverview,
    summary:
      "Team overview: the team's members, registrations, active members, money and bets, with a daily series",
  }),
  teamBetting: defineEndpoint({
    ...agentCall,
    id: 'agentReport.teamPVPRNGBetting',
    method: 'GET',
    path: '/wps/report/teamPVPRNGBetting',
    query: ZTeamBettingQuery,
    response: ZTeamBettingPage,
    summary: "Team betting record: the team's bets, newest first (member, game type, vendor, status filters)",
  }),
  userLoss: defineEndpoint({
    ...agentCall,
    id: 'agentReport.userLoss',
    method: 'GET',
    path: '/wps/report/userLoss',
    query: ZUserLossQuery,
    response: ZUserLossPage,
    summary: 'User loss: deposits, withdrawals, bets, wins and net per downline in the period',
  }),
  income: defineEndpoint({
    ...agentCall,
    id: 'agentReport.income',
    method: 'GET',
    path: '/wps/report/income',
    query: ZIncomeQuery,
    response: ZIncomePage,
    summary: "My income: the caller's salary and dividend payouts by kind",
  }),
  downlineTransaction: defineEndpoint({
    ...agentCall,
    id: 'agentReport.downlineTransaction',
    method: 'GET',
    path: '/wps/report/downlineTransaction',
    query: ZDownlineTransactionQuery,
    response: ZDownlineTransactionPage,
    summary: "Account details: the team's ledger movements by type, newest first",
  }),
  commission: defineEndpoint({
    ...agentCall,
    id: 'agentReport.commission',
    method: 'GET',
    path: '/wps/report/commission',
    query: ZCommissionQuery,
    response: ZCommissionPage,
    summary: "Commission: per day, the team's valid bets, GGR and net result and the caller's income",
  }),
};

export const adminTeamFigureEndpoints = {
  getSettings: defineEndpoint({
    id: 'admin.teamFigure.settings.get',
    method: 'GET',
    path: '/admin/api/team-figure-settings',
    auth: 'operator',
    response: ZTeamFigureSettings,
    summary: 'What makes a member active in a period (deposit and valid-bet thresholds)',
    tags: ['admin'],
  }),
  setSettings: defineEndpoint({
    id: 'admin.teamFigure.settings.update',
    method: 'PUT',
    path: '/admin/api/team-figure-settings',
    auth: 'operator',
    body: ZTeamFigureSettingsUpdate,
    response: ZTeamFigureSettings,
    summary: 'Change the active-member thresholds (audited)',
    tags: ['admin'],
  }),
};
