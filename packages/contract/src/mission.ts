import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ZRowId, ZRowIdNumber } from './ids.js';
import { ZAmount, ZMoney } from './money.js';
import { ZLocalizedText } from './system.js';

/**
 * Daily check-in, missions and the leaderboard (issue 16, API-REFERENCE 3.7, SPEC 2.4
 * missionLeaderboard). Periods are the merchant's calendar days and weeks (Monday first); days are
 * `yyyy-MM-dd` in the merchant's time zone.
 */

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One day of the check-in calendar (the current week). */
export const ZCheckinDay = z.object({
  date: ZDay,
  signed: z.boolean(),
  today: z.boolean(),
  /** paid that day (signed), or what it pays if the streak goes on (today unsigned and later days) */
  amount: ZMoney.nullable(),
});
export const ZCheckinCalendar = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  today: ZDay,
  /** SPEC 4 activity status of today's check-in */
  todayStatus: z.enum(['Signed', 'Claim']),
  /** the streak of consecutive days signed, up to today (or yesterday while today is unsigned) */
  consecutiveDays: z.number().int().min(0),
  /** the day amounts of a streak (day 1 first; after the last the list starts again) */
  dayAmounts: z.array(ZMoney),
  /** turnover multiple of each reward (0: paid as cash) */
  wageringMultiple: z.number(),
  days: z.array(ZCheckinDay),
  /** what today's check-in paid (only in the claim's answer) */
  reward: ZMoney.nullable(),
});
export type TCheckinCalendar = z.infer<typeof ZCheckinCalendar>;

export const ZCheckinQuery = z.object({ promotionId: ZRowId.optional() });
export const ZCheckinClaim = z.object({ promotionId: ZRowIdNumber.optional() });
export const ZCheckinDays = z.object({
  /** day 1 of a streak first; amounts as JSON numbers or decimal text */
  dayAmounts: z
    .array(z.union([z.number().positive().finite(), ZAmount]))
    .min(1)
    .max(31),
});
export const ZCheckinDaysAdmin = z.object({
  promotionId: z.number().int(),
  dayAmounts: z.array(ZMoney),
});

export const ZHeartbeat = z.object({ day: ZDay, activeDaysThisWeek: z.number().int() });

export const MISSION_KINDS = ['SLOT_BET', 'DEPOSIT', 'ROUNDS', 'LOGIN_DAYS'] as const;
export type TMissionKind = (typeof MISSION_KINDS)[number];
export const MISSION_PERIODS = ['DAILY', 'WEEKLY'] as const;
/** Money kinds: target and progress are amounts; the others count rounds or days. */
export const MONEY_MISSION_KINDS: readonly TMissionKind[] = ['SLOT_BET', 'DEPOSIT'];

const ZMissionFields = z.object({
  /** plain text per language (EN, BN) */
  title: ZLocalizedText.refine((t) => Object.keys(t).length > 0, { message: 'title is required' }),
  kind: z.enum(MISSION_KINDS),
  period: z.enum(MISSION_PERIODS),
  /** an amount (SLOT_BET, DEPOSIT) or a whole count (ROUNDS, LOGIN_DAYS) */
  target: ZAmount,
  rewardAmount: ZAmount,
  sequence: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  active: z.boolean().default(true),
});
export const ZMissionInput = ZMissionFields.refine(
  (v) => MONEY_MISSION_KINDS.includes(v.kind as TMissionKind) || /^\d+$/.test(String(v.target)),
  {
    message: 'a count must be a whole number',
    path: ['target'],
  },
).refine((v) => v.kind !== 'LOGIN_DAYS' || Number(v.target) <= (v.period === 'DAILY' ? 1 : 7), {
  message: 'more login days than the period has',
  path: ['target'],
});
export type TMissionInput = z.input<typeof ZMissionInput>;
export const ZMissionUpdate = ZMissionFields.partial();

export const ZMissionAdmin = z.object({
  id: z.number().int(),
  title: ZLocalizedText,
  kind: z.enum(MISSION_KINDS),
  period: z.enum(MISSION_PERIODS),
  target: z.string(),
  rewardAmount: ZMoney,
  sequence: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type TMissionAdmin = z.infer<typeof ZMissionAdmin>;

/** A mission as the member sees it this period. Claim: completed, reward waiting; Claimed: paid. */
export const ZPlayerMission = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(MISSION_KINDS),
  period: z.enum(MISSION_PERIODS),
  /** amounts as money text, counts as whole numbers in text */
  target: z.string(),
  progress: z.string(),
  /** progress / target in percent, rounded down (100 only once complete) */
  percent: z.number().min(0).max(100),
  rewardAmount: ZMoney,
  status: z.enum(['Process', 'Claim', 'Claimed']),
  periodStart: ZDay,
  /** the first day of the next period */
  periodEnd: ZDay,
});
export type TPlayerMission = z.infer<typeof ZPlayerMission>;

export const ZMissionSummary = z.object({
  /** completed missions whose reward waits (the missionLeaderboard menu badge) */
  claimableCount: z.number().int(),
  missions: z.array(ZPlayerMission),
});
export type TMissionSummary = z.infer<typeof ZMissionSummary>;

export const ZMissionClaim = z.object({ missionId: ZRowIdNumber });

export const ZLeaderboardQuery = z.object({
  period: z.enum(MISSION_PERIODS).default('WEEKLY'),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZLeaderboardRow = z.object({
  rank: z.number().int(),
  /** masked (`ab***yz`) except the caller's own */
  username: z.string(),
  validBet: ZMoney,
  me: z.boolean(),
});
export const ZLeaderboard = z.object({
  period: z.enum(MISSION_PERIODS),
  periodStart: ZDay,
  periodEnd: ZDay,
  list: z.array(ZLeaderboardRow),
  /** the caller's own place (rank null: no valid bets this period) */
  mine: z.object({ rank: z.number().int().nullable(), validBet: ZMoney }),
});
export type TLeaderboard = z.infer<typeof ZLeaderboard>;

export const MISSION_ERRORS = {
  checkin_unavailable: {
    status: 404,
    en: 'There is no daily check-in running now',
    bn: 'এখন কোনো দৈনিক চেক-ইন চলছে না',
  },
  checkin_already_signed: {
    status: 409,
    en: 'You have already checked in today',
    bn: 'আপনি আজ ইতিমধ্যে চেক-ইন করেছেন',
  },
  mission_not_found: { status: 404, en: 'This mission does not exist', bn: 'এই মিশনটি বিদ্যমান নেই' },
  mission_not_completed: {
    status: 409,
    en: 'This mission is not completed yet',
    bn: 'এই মিশনটি এখনও সম্পূর্ণ হয়নি',
  },
  mission_already_claimed: {
    status: 409,
    en: 'You have already claimed this reward for this period',
    bn: 'আপনি এই সময়ের পুরস্কার ইতিমধ্যে নিয়েছেন',
  },
} as const;

const tags = ['promotions'];
const member = { auth: 'member', members: REAL_MEMBERS, refusal: 'need_real_account' } as const;
export const checkinEndpoints = {
  calendar: defineEndpoint({
    id: 'checkin.calendar',
    method: 'GET',
    path: '/wps/relay/MCSFE_getLoginPromotionCalendar',
    ...member,
    query: ZCheckinQuery,
    response: ZCheckinCalendar,
    summary: "The daily check-in calendar of this week: signed days, today's status, the streak",
    tags,
  }),
  claim: defineEndpoint({
    id: 'checkin.claim',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimLoginPromotion',
    ...member,
    body: ZCheckinClaim,
    response: ZCheckinCalendar,
    summary: "Claims today's check-in reward (once per merchant day; escalates with the streak)",
    tags,
  }),
  heartbeat: defineEndpoint({
    id: 'checkin.heartbeat',
    method: 'GET',
    path: '/wps/relay/PROMOFE_recordCustomerHeartbeatDaily',
    ...member,
    response: ZHeartbeat,
    summary: 'Records that the member was active today (once a day; what login-day missions count)',
    tags,
  }),
};

export const missionEndpoints = {
  summary: defineEndpoint({
    id: 'mission.summary',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionSummaryDetails',
    ...member,
    response: ZMissionSummary,
    summary: "The merchant's missions with the member's progress this period and the claimable count",
    tags,
  }),
  quests: defineEndpoint({
    id: 'mission.quests',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getParticipableQuestList',
    ...member,
    response: z.array(ZPlayerMission),
    summary: 'The missions the member can still complete or claim this period',
    tags,
  }),
  claim: defineEndpoint({
    id: 'mission.claim',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimMissionReward',
    ...member,
    body: ZMissionClaim,
    response: ZPlayerMission,
    summary: "Claims a completed mission's reward (once per member and period)",
    tags,
  }),
  leaderboard: defineEndpoint({
    id: 'mission.leaderboard',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionLeaderboard',
    ...member,
    query: ZLeaderboardQuery,
    response: ZLeaderboard,
    summary: "The merchant's ranking by valid bets this day or week, and the caller's own place",
    tags,
  }),
  rankBoard: defineEndpoint({
    id: 'mission.rankBoard',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getRankBoardList',
    ...member,
    query: ZLeaderboardQuery,
    response: ZLeaderboard,
    summary: 'The same ranking under the PROMOFE name',
    tags,
  }),
};

export const adminMissionEndpoints = {
  list: defineEndpoint({
    id: 'admin.missions.list',
    method: 'GET',
    path: '/admin/api/missions',
    auth: 'operator',
    response: z.array(ZMissionAdmin),
    summary: "The merchant's missions",
    tags: ['admin'],
  }),
  create: defineEndpoint({
    id: 'admin.missions.create',
    method: 'POST',
    path: '/admin/api/missions',
    auth: 'operator',
    body: ZMissionInput,
    response: ZMissionAdmin,
    summary: 'Defines a daily or weekly mission (audited)',
    tags: ['admin'],
  }),
  update: defineEndpoint({
    id: 'admin.missions.update',
    method: 'PUT',
    path: '/admin/api/missions/:id',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZMissionUpdate,
    response: ZMissionAdmin,
    summary: 'Changes a mission (audited; the whole is validated again)',
    tags: ['admin'],
  }),
  checkinDays: defineEndpoint({
    id: 'admin.promotions.checkinDays',
    method: 'PUT',
    path: '/admin/api/promotions/:id/checkin-days',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZCheckinDays,
    response: ZCheckinDaysAdmin,
    summary: "Sets a daily check-in promotion's reward per consecutive day (audited)",
    tags: ['admin'],
  }),
};
