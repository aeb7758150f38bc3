import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ADMIN_PAGE_SIZE, adminPatchOf, ZPage } from './admin.js';
import { ZRowId, ZRowIdNumber } from './ids.js';
import { ZAmount, ZMoney } from './money.js';
import { ZLocalizedText } from './system.js';
import { ZTicketConfig } from './ticket.js';

/**
 * Promotions and the bonus wallet (issue 16, API-REFERENCE 3.7). An operator defines promotions per
 * merchant; a member joins or claims one; its reward is bonus money held in the member's bonus account
 * until its wagering (turnover) requirement is met, then converted to real money; it is forfeited
 * when it expires first. A withdrawal while wagering is open is refused with the remaining turnover.
 */

/** The original's announcement categories (API-REFERENCE 3.7); the SPEC 2.7 filters name them. */
export const PROMOTION_CATEGORIES = [
  'sport_promo',
  'live_promo',
  'rng_promo',
  'pvp_promo',
  'fish_promo',
  'lotto_promo',
  'rebate_promo',
  'point_mall',
  'player_rank_rules',
  'deposit_promo',
  'app_download',
  'new_player',
  'other_promo',
] as const;
/** Client kinds a promotion may be limited to: a desktop browser, a phone's browser, the app. */
export const PROMOTION_DEVICES = ['WEB', 'MOBILE', 'APP'] as const;

/** SPEC 2.7 tags ("HIGH RABATE" there is a typo of the original's). */
export const PROMOTION_TAGS = ['NEWBIE', 'LIMITED', 'SPECIAL_OFFER', 'DAILY', 'HIGH_REBATE', 'VIP'] as const;
/**
 * ALL: every member; NEW_MEMBERS: registered since the promotion's start; VIP_LEVELS: members of the
 * levels listed; AGENT_TEAMS: the whole downline of the agents listed; MEMBER_LIST: the members listed.
 */
export const PROMOTION_AUDIENCES = [
  'ALL',
  'NEW_MEMBERS',
  'VIP_LEVELS',
  'AGENT_TEAMS',
  'MEMBER_LIST',
] as const;
const ZUsernameRef = z.string().trim().min(1).max(64);
/**
 * FIRST_DEPOSIT: join, then the first credited deposit grants it; CLAIM: the member claims it;
 * SIGN_UP: paid to every member who registers while it runs (SPEC 9 registration bonus);
 * REFERRAL_*: paid to the referrer per invited friend (see referral.ts);
 * DAILY_LOGIN: the daily check-in, claimed once per merchant day (MCSFE_claimLoginPromotion).
 * NTH_DEPOSIT: the member's N-th credited deposit (`depositNth`) grants it, once;
 * DEPOSIT_OVER: every credited deposit of at least `minDeposit` grants it (once per deposit, or once
 * per merchant day with `oncePerDay`);
 * BONUS_CODE: the member redeems one of its codes (SPEC 3 bonus / redeem code), once per member.
 * The deposit triggers pay members of the audience automatically.
 */
export const PROMOTION_TRIGGERS = [
  'FIRST_DEPOSIT',
  /** one entry per member while it runs; its prizes are drawn at its draw time (raffle.ts) */
  'RAFFLE',
  'CLAIM',
  'SIGN_UP',
  'REFERRAL_REGISTER',
  'REFERRAL_DEPOSIT',
  'REFERRAL_TURNOVER',
  'DAILY_LOGIN',
  'NTH_DEPOSIT',
  'DEPOSIT_OVER',
  'BONUS_CODE',
  /** the member applies with a remark and images; an operator approves or rejects (promotion-application.ts) */
  'APPLICATION',
  /** the member's valid bets in the period (`betVolumePeriod`) reach `betVolumeTarget`: claim once per period */
  'BET_VOLUME',
] as const;
/**
 * BET_VOLUME periods: a merchant calendar day, a merchant week (Monday first), or the promotion's
 * whole schedule (from its start; once per member).
 */
export const BET_VOLUME_PERIODS = ['DAILY', 'WEEKLY', 'SCHEDULE'] as const;
/** Triggers whose reward can be a share of the deposit. */
export const DEPOSIT_TRIGGERS = ['FIRST_DEPOSIT', 'NTH_DEPOSIT', 'DEPOSIT_OVER'] as const;
const isDepositTrigger = (t: string) => (DEPOSIT_TRIGGERS as readonly string[]).includes(t);
/**
 * TICKET: the reward is a ticket of a prize game (wheel, egg, envelope) drawn when the member opens it;
 * RAFFLE: the prizes of the promotion's raffle (raffle.ts), paid to the entries drawn
 */
export const PROMOTION_REWARD_KINDS = [
  'PERCENT',
  'FIXED',
  'TICKET',
  'RAFFLE',
  'POINTS',
  'FREE_SPINS',
] as const;
/**
 * FREE_SPINS: `freeSpins.count` spins of a built-in slot at `freeSpins.stake` each, played when the
 * member opens that game for real money; the stake is the house's, the wins are bonus money wagered
 * `wageringMultiple` times (expiry: `expiryDays`, unplayed spins are forfeited with it). The triggers
 * that grant one reward per claim; a raffle, a ticket, a referral, a check-in, an application and a
 * bet volume pay other kinds.
 */
export const FREE_SPINS_TRIGGERS = [
  'CLAIM',
  'SIGN_UP',
  'FIRST_DEPOSIT',
  'NTH_DEPOSIT',
  'DEPOSIT_OVER',
  'BONUS_CODE',
] as const;
export const ZFreeSpinsConfig = z.object({
  count: z.number().int().min(1).max(1000),
  /** the stake of each spin */
  stake: ZAmount,
  /** the built-in slot: its vendor and game code in the catalogue */
  vendor: z.string().trim().min(1).max(32),
  gameCode: z.string().trim().min(1).max(64),
});
export const ZFreeSpinsView = z.object({
  count: z.number().int(),
  stake: ZMoney,
  vendor: z.string(),
  gameCode: z.string(),
});
/** A claim's free spins: granted, left to play, played, forfeited at expiry, and what they won. */
export const ZClaimFreeSpins = z.object({
  vendor: z.string(),
  gameCode: z.string(),
  stake: ZMoney,
  granted: z.number().int(),
  remaining: z.number().int(),
  used: z.number().int(),
  forfeited: z.number().int(),
  win: ZMoney,
});
// POINTS: `rewardPoints` whole points into the member's points balance (points.ts; not money)
export const PROMOTION_WAGERING_BASES = ['BONUS', 'BONUS_DEPOSIT'] as const;
/** Which money a bet draws first while a bonus is open (the rest from the other). */
export const PROMOTION_BET_ORDERS = ['REAL_FIRST', 'BONUS_FIRST'] as const;
/** The catalogue's game types, whose stakes count towards wagering at each promotion's percent. */
export const WAGERING_GAME_TYPES = [
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'ESPORTS',
  'PVP',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
] as const;
const ZContributions = z.partialRecord(z.enum(WAGERING_GAME_TYPES), z.number().int().min(0).max(100));
/**
 * What a member sees on a promotion (SPEC 4 activity statuses): Join / Claim (it can act), Joined
 * (waiting for its deposit), Process (bonus granted, wagering open), Claimed (paid out as real money),
 * Close (ended, expired or no longer open to this member), `coming soon` (not started).
 */
export const PROMOTION_STATUSES = [
  'Join',
  'Claim',
  'Joined',
  'Process',
  'Claimed',
  'Close',
  'coming soon',
  'Signed',
  /** an APPLICATION promotion: the member's application waits for an operator, or was rejected */
  'Applying',
  'Rejected',
] as const;
export type TPromotionStatus = (typeof PROMOTION_STATUSES)[number];
/** A claim's own state (MCS2_getPromotionClaimList). */
export const CLAIM_STATES = ['JOINED', 'ACTIVE', 'CONVERTED', 'FORFEITED'] as const;

const ZInstant = z.iso.datetime({ offset: true }).nullable();

const ZPromotionFields = z.object({
  category: z.enum(PROMOTION_CATEGORIES),
  tags: z.array(z.enum(PROMOTION_TAGS)).max(PROMOTION_TAGS.length).default([]),
  /** plain text per language (EN, BN) */
  title: ZLocalizedText.refine((t) => Object.keys(t).length > 0, { message: 'title is required' }),
  /** HTML per language; sanitised by the server on write */
  content: ZLocalizedText.default({}),
  sequence: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  active: z.boolean().default(true),
  startDate: ZInstant.default(null),
  endDate: ZInstant.default(null),
  audience: z.enum(PROMOTION_AUDIENCES).default('ALL'),
  /** VIP_LEVELS: the level numbers whose members it is for */
  audienceVipLevels: z.array(z.number().int().min(0).max(99)).max(100).default([]),
  /** AGENT_TEAMS: the agents (usernames) whose whole downline it is for */
  audienceAgents: z.array(ZUsernameRef).max(1000).default([]),
  /** MEMBER_LIST: the members (usernames) it is for */
  audienceMembers: z.array(ZUsernameRef).max(10_000).default([]),
  /** members (usernames) kept out of it whatever the audience */
  excludedMembers: z.array(ZUsernameRef).max(10_000).default([]),
  trigger: z.enum(PROMOTION_TRIGGERS),
  rewardKind: z.enum(PROMOTION_REWARD_KINDS),
  /** FIXED: the bonus */
  rewardAmount: ZAmount.nullable().default(null),
  /** PERCENT: percent of the deposit (up to two decimals) */
  rewardPercent: z.number().positive().max(1000).multipleOf(0.01).nullable().default(null),
  /** PERCENT: the most it pays */
  rewardCap: ZAmount.nullable().default(null),
  /** FIRST_DEPOSIT: the smallest deposit that qualifies */
  minDeposit: ZAmount.default('0'),
  /** turnover multiple (0: paid as cash, no wagering) */
  wageringMultiple: z.number().min(0).max(1000).multipleOf(0.01).default(0),
  wageringBase: z.enum(PROMOTION_WAGERING_BASES).default('BONUS'),
  /** days the bonus can still be converted after its grant; null: never expires */
  expiryDays: z.number().int().min(1).max(3650).nullable().default(null),
  /** one claim per IP address: a second account from the same address does not collect it */
  onePerIp: z.boolean().default(false),
  /**
   * one claim per device: a second account on a device (the device id of the claimant's session or
   * of its registration) that another member claimed from does not collect it
   */
  onePerDevice: z.boolean().default(false),
  /** ISO 3166-1 alpha-2 countries the claim's address must be in (its IP's country); []: any */
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code, upper case'))
    .max(250)
    .default([]),
  /** the kinds of client a claim may come from (the session's user agent); []: any */
  devices: z.array(z.enum(PROMOTION_DEVICES)).max(PROMOTION_DEVICES.length).default([]),
  /** bets draw real money first (default) or bonus money first while the bonus is open */
  betOrder: z.enum(PROMOTION_BET_ORDERS).default('REAL_FIRST'),
  /** the largest stake accepted while the bonus is open (null: no limit) */
  maxBet: ZAmount.nullable().default(null),
  /** percent of a settled stake that counts towards wagering per game type; a type not listed: 100 */
  contributions: ZContributions.default({}),
  /** a withdrawal request forfeits the open bonus instead of being refused for its turnover */
  forfeitOnWithdraw: z.boolean().default(false),
  /**
   * TICKET: the ticket's prize table (cash and bonus amounts in minor units as digit text); a bonus
   * prize is wagered wageringMultiple times within expiryDays, which is also how long a ticket waits
   */
  ticketConfig: ZTicketConfig.nullable().default(null),
  /** NTH_DEPOSIT: which credited deposit of the member grants it (2: the second) */
  depositNth: z.number().int().min(1).max(1000).nullable().default(null),
  /** DEPOSIT_OVER: at most once per merchant day (otherwise once per deposit) */
  oncePerDay: z.boolean().default(false),
  /** POINTS: the whole points the reward pays */
  rewardPoints: z.number().int().min(1).max(100_000_000).nullable().default(null),
  /** BET_VOLUME: the valid bets to reach in one period */
  betVolumeTarget: ZAmount.nullable().default(null),
  /** BET_VOLUME: which period the valid bets are counted in (one reward per member and period) */
  betVolumePeriod: z.enum(BET_VOLUME_PERIODS).nullable().default(null),
  /** BET_VOLUME: the catalogue game types whose bets count (empty: every game) */
  betVolumeGameTypes: z.array(z.enum(WAGERING_GAME_TYPES)).max(WAGERING_GAME_TYPES.length).default([]),
  /**
   * BET_VOLUME: members who reached the target in a period and did not claim are paid by the job
   * `promotion.betVolume` once the period has ended (periods ending after it was turned on); off:
   * a period not claimed before it ends is not paid
   */
  autoGrant: z.boolean().default(false),
  /** FREE_SPINS: the spins, their stake and the built-in slot they are played on */
  freeSpins: ZFreeSpinsConfig.nullable().default(null),
});
export const ZPromotionInput = ZPromotionFields.refine(
  (v) => !v.startDate || !v.endDate || new Date(v.startDate) < new Date(v.endDate),
  {
    message: 'startDate must be before endDate',
    path: ['endDate'],
  },
)
  .refine((v) => v.audience !== 'VIP_LEVELS' || v.audienceVipLevels.length > 0, {
    message: 'a VIP audience needs at least one level',
    path: ['audienceVipLevels'],
  })
  .refine((v) => v.audience !== 'AGENT_TEAMS' || v.audienceAgents.length > 0, {
    message: "an agents' teams audience needs at least one agent",
    path: ['audienceAgents'],
  })
  .refine((v) => v.audience !== 'MEMBER_LIST' || v.audienceMembers.length > 0, {
    message: 'a member list audience needs at least one member',
    path: ['audienceMembers'],
  })
  .refine((v) => (v.trigger === 'RAFFLE') === (v.rewardKind === 'RAFFLE'), {
    message: 'a raffle pays raffle prizes, and raffle prizes need the raffle trigger',
    path: ['rewardKind'],
  })
  .refine((v) => v.rewardKind !== 'FIXED' || v.rewardAmount !== null, {
    message: 'a fixed reward needs rewardAmount',
    path: ['rewardAmount'],
  })
  .refine((v) => v.rewardKind !== 'PERCENT' || (v.rewardPercent !== null && v.rewardCap !== null), {
    message: 'a percent reward needs rewardPercent and rewardCap',
    path: ['rewardPercent'],
  })
  .refine((v) => v.rewardKind !== 'PERCENT' || isDepositTrigger(v.trigger), {
    message: 'a percent reward needs a deposit trigger',
    path: ['rewardKind'],
  })
  .refine((v) => v.rewardKind !== 'TICKET' || v.ticketConfig !== null, {
    message: 'a ticket reward needs ticketConfig',
    path: ['ticketConfig'],
  })
  .refine((v) => v.trigger !== 'NTH_DEPOSIT' || v.depositNth !== null, {
    message: 'an N-th deposit trigger needs depositNth',
    path: ['depositNth'],
  })
  .refine((v) => v.rewardKind !== 'POINTS' || v.rewardPoints !== null, {
    message: 'a points reward needs rewardPoints',
    path: ['rewardPoints'],
  })
  .refine((v) => v.rewardKind !== 'FREE_SPINS' || v.freeSpins !== null, {
    message: 'a free spins reward needs freeSpins',
    path: ['freeSpins'],
  })
  .refine(
    (v) => v.rewardKind !== 'FREE_SPINS' || (FREE_SPINS_TRIGGERS as readonly string[]).includes(v.trigger),
    {
      message: `free spins are granted by the ${FREE_SPINS_TRIGGERS.join(', ')} triggers (or an operator's grant)`,
      path: ['trigger'],
    },
  )
  .refine((v) => v.trigger !== 'BET_VOLUME' || (v.betVolumeTarget !== null && v.betVolumePeriod !== null), {
    message: 'a bet volume trigger needs betVolumeTarget and betVolumePeriod',
    path: ['betVolumeTarget'],
  })
  .refine((v) => !v.autoGrant || v.trigger === 'BET_VOLUME', {
    message: 'autoGrant pays bet volume periods: it needs the BET_VOLUME trigger',
    path: ['autoGrant'],
  });
export type TPromotionInput = z.input<typeof ZPromotionInput>;
export const ZPromotionUpdate = adminPatchOf(ZPromotionFields);

export const ZPromotionAdmin = z.object({
  id: z.number().int(),
  category: z.string(),
  tags: z.array(z.string()),
  title: ZLocalizedText,
  content: ZLocalizedText,
  sequence: z.number().int(),
  active: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  audience: z.string(),
  audienceVipLevels: z.array(z.number().int()),
  audienceAgents: z.array(z.string()),
  audienceMembers: z.array(z.string()),
  excludedMembers: z.array(z.string()),
  trigger: z.string(),
  rewardKind: z.string(),
  rewardAmount: ZMoney.nullable(),
  rewardPercent: z.number().nullable(),
  rewardCap: ZMoney.nullable(),
  minDeposit: ZMoney,
  wageringMultiple: z.number(),
  wageringBase: z.string(),
  expiryDays: z.number().int().nullable(),
  onePerIp: z.boolean(),
  onePerDevice: z.boolean(),
  countries: z.array(z.string()),
  devices: z.array(z.string()),
  betOrder: z.string(),
  maxBet: ZMoney.nullable(),
  contributions: z.record(z.string(), z.number()),
  forfeitOnWithdraw: z.boolean(),
  ticketConfig: ZTicketConfig.nullable(),
  depositNth: z.number().int().nullable(),
  oncePerDay: z.boolean(),
  rewardPoints: z.number().int().nullable(),
  betVolumeTarget: ZMoney.nullable(),
  betVolumePeriod: z.enum(BET_VOLUME_PERIODS).nullable(),
  betVolumeGameTypes: z.array(z.string()),
  /** BET_VOLUME: finished periods are paid by the job to members who reached the target */
  autoGrant: z.boolean(),
  freeSpins: ZFreeSpinsView.nullable(),
  updatedAt: z.string(),
});
export type TPromotionAdmin = z.infer<typeof ZPromotionAdmin>;

export const ZAdminPromotionQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});

/** A promotion as a player sees it, in the request's language. */
export const ZPlayerPromotion = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** sanitised HTML */
  content: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  trigger: z.string(),
  rewardKind: z.string(),
  rewardAmount: ZMoney.nullable(),
  rewardPercent: z.number().nullable(),
  rewardCap: ZMoney.nullable(),
  minDeposit: ZMoney,
  wageringMultiple: z.number(),
  wageringBase: z.string(),
  expiryDays: z.number().int().nullable(),
  betOrder: z.string(),
  maxBet: ZMoney.nullable(),
  contributions: z.record(z.string(), z.number()),
  forfeitOnWithdraw: z.boolean(),
  depositNth: z.number().int().nullable(),
  oncePerDay: z.boolean(),
  /** POINTS: the whole points the reward pays */
  rewardPoints: z.number().int().nullable(),
  /** BET_VOLUME: the valid bets to reach in one period, the period, the game types that count */
  betVolumeTarget: ZMoney.nullable(),
  betVolumePeriod: z.enum(BET_VOLUME_PERIODS).nullable(),
  betVolumeGameTypes: z.array(z.string()),
  /**
   * BET_VOLUME: the member's valid bets in the current period so far (actual, against the target);
   * null for visitors and other triggers
   */
  betVolumeProgress: ZMoney.nullable(),
  /** BET_VOLUME: when the current period ends (ISO instant; null: with the promotion) */
  betVolumePeriodEnd: z.string().nullable(),
  /** FREE_SPINS: the spins, their stake and the slot */
  freeSpins: ZFreeSpinsView.nullable(),
  /** this member's status (visitors: Join, Claim, `coming soon` or Close) */
  status: z.enum(PROMOTION_STATUSES),
});
export type TPlayerPromotion = z.infer<typeof ZPlayerPromotion>;

export const ZPromotionClaim = z.object({
  id: z.string(),
  promotionId: z.number().int(),
  title: z.string(),
  state: z.enum(CLAIM_STATES),
  status: z.enum(PROMOTION_STATUSES),
  depositAmount: ZMoney.nullable(),
  bonusAmount: ZMoney.nullable(),
  /** a POINTS reward: the points it paid */
  points: z.number().int().nullable(),
  /** a FREE_SPINS reward: its spins left, used and forfeited, and their winnings (bonusAmount too) */
  freeSpins: ZClaimFreeSpins.nullable(),
  requiredTurnover: ZMoney,
  currentTurnover: ZMoney,
  remainingTurnover: ZMoney,
  /**
   * wagering progress: currentTurnover / requiredTurnover in percent, rounded down to two decimals
   * (100 only once met; a converted bonus is 100, a claim with nothing to bet yet is 0)
   */
  progressPercent: z.number().min(0).max(100),
  /** the promotion's largest single bet while its wagering is open (null: no limit) */
  maxBet: ZMoney.nullable(),
  /** ISO instants */
  createdDate: z.string(),
  grantedDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  closedDate: z.string().nullable(),
});
export type TPromotionClaim = z.infer<typeof ZPromotionClaim>;

/**
 * Free spins a member can still play (the reward centre): one row per open claim with spins left,
 * whatever granted it (a FREE_SPINS promotion, or a ticket's free-spins prize), soonest expiry first.
 */
export const ZFreeSpinReward = z.object({
  claimId: z.string(),
  promotionId: z.number().int(),
  /** the promotion's title in the request's language */
  title: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  /** the slot's name in the request's language (its code when the catalogue has no name) */
  gameName: z.string(),
  /** the stake of each spin */
  stake: ZMoney,
  granted: z.number().int(),
  remaining: z.number().int(),
  /** ISO instant: unplayed spins are forfeited then (null: no expiry) */
  expiryDate: z.string().nullable(),
});
export type TFreeSpinReward = z.infer<typeof ZFreeSpinReward>;

export const ZAdminPromotionClaim = ZPromotionClaim.extend({
  memberId: z.number().int(),
  username: z.string(),
});
export type TAdminPromotionClaim = z.infer<typeof ZAdminPromotionClaim>;

export const ZAdminPromotionClaimQuery = z.object({
  promotionId: ZRowId.optional(),
  memberId: ZRowId.optional(),
  state: z.enum(CLAIM_STATES).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});

/** An operator grants a promotion's fixed reward to one member by hand (audited; once per member). */
export const ZAdminPromotionGrant = z.object({
  memberId: ZRowIdNumber,
  remark: z.string().trim().max(140).optional(),
});

/**
 * The list's filters: a category, a tag, and a window (SPEC 2.7 date presets: the next or previous
 * 7 or 30 days): promotions running at some time inside [from, to), ended ones included when the
 * window reaches back. Without a window: what runs now or is coming.
 */
export const ZPromotionListQuery = z
  .object({
    category: z.enum(PROMOTION_CATEGORIES).optional(),
    tag: z.enum(PROMOTION_TAGS).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'from and to go together',
    path: ['to'],
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), {
    message: 'from must be before to',
    path: ['to'],
  })
  .refine(
    (q) => !q.from || !q.to || new Date(q.to).getTime() - new Date(q.from).getTime() <= 92 * 86_400_000,
    {
      message: 'a window of at most 92 days',
      path: ['to'],
    },
  );
/** PROMOFE_getPromotionAnnouncementCategory: the categories with promotions running or coming. */
export const ZPromotionCategoryCount = z.object({
  category: z.enum(PROMOTION_CATEGORIES),
  count: z.number().int(),
});
export const ZJoinPromotion = z.object({ promotionId: ZRowIdNumber });

export const PROMOTION_ERRORS = {
  /** a FREE_SPINS reward names a game that is not a built-in slot of the catalogue */
  promotion_free_spins_game: {
    status: 400,
    en: 'Free spins need a built-in slot game of the catalogue (vendor and game code)',
    bn: 'ফ্রি স্পিনের জন্য ক্যাটালগের একটি বিল্ট-ইন স্লট গেম প্রয়োজন (ভেন্ডর ও গেম কোড)',
  },
  promotion_not_found: { status: 404, en: 'This promotion does not exist', bn: 'এই প্রচারটি বিদ্যমান নেই' },
  promotion_unavailable: {
    status: 409,
    en: 'This promotion is not open to you now',
    bn: 'এই প্রচারটি এখন আপনার জন্য উন্মুক্ত নয়',
  },
  promotion_already_joined: {
    status: 409,
    en: 'You have already taken part in this promotion',
    bn: 'আপনি ইতিমধ্যে এই প্রচারে অংশ নিয়েছেন',
  },
  promotion_bet_volume_not_reached: {
    status: 409,
    en: 'Your valid bets in this period have not reached the target yet',
    bn: 'এই সময়ে আপনার বৈধ বাজি এখনও লক্ষ্যে পৌঁছায়নি',
  },
  promotion_ip_limit: {
    status: 409,
    en: 'This promotion has already been claimed by another account from your network address',
    bn: 'আপনার নেটওয়ার্ক ঠিকানা থেকে অন্য একটি অ্যাকাউন্ট ইতিমধ্যে এই প্রচারটি নিয়েছে',
  },
  promotion_device_limit: {
    status: 409,
    en: 'This promotion has already been claimed by another account on this device',
    bn: 'এই ডিভাইসে অন্য একটি অ্যাকাউন্ট ইতিমধ্যে এই প্রচারটি নিয়েছে',
  },
  promotion_country_not_allowed: {
    status: 403,
    en: 'This promotion is not available in your country',
    bn: 'এই প্রচারটি আপনার দেশে উপলব্ধ নয়',
  },
  promotion_device_not_allowed: {
    status: 403,
    en: 'This promotion is not available on this device',
    bn: 'এই প্রচারটি এই ডিভাইসে উপলব্ধ নয়',
  },
} as const;

const tags = ['promotions'];
export const promotionEndpoints = {
  available: defineEndpoint({
    id: 'promotion.available',
    method: 'GET',
    path: '/wps/relay/MCSFE_getAvailablePromotions',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZPromotionListQuery,
    response: z.array(ZPlayerPromotion),
    summary: "The merchant's running promotions open to the member, with the member's status of each",
    tags,
  }),
  merchantAvailable: defineEndpoint({
    id: 'promotion.merchantAvailable',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    modId: 'REWCEN3',
    auth: 'none',
    query: ZPromotionListQuery,
    response: z.array(ZPlayerPromotion),
    summary: "The merchant's current and coming promotions, for visitors",
    tags,
  }),
  claimable: defineEndpoint({
    id: 'promotion.claimable',
    method: 'GET',
    path: '/wps/relay/MCSFE_getClaimPromotion',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: z.array(ZPlayerPromotion),
    summary: 'Promotions the member can join or claim now',
    tags,
  }),
  registerList: defineEndpoint({
    id: 'promotion.registerList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getRegisterPromotionList',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: z.array(ZPlayerPromotion),
    summary: 'Sign-up promotions running now, with what the member got from each',
    tags,
  }),
  claims: defineEndpoint({
    id: 'promotion.claims',
    method: 'GET',
    path: '/wps/relay/MCS2_getPromotionClaimList',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: z.array(ZPromotionClaim),
    summary: "The member's promotion claims with their bonus and wagering progress, newest first",
    tags,
  }),
  freeSpins: defineEndpoint({
    id: 'promotion.freeSpins',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFreeSpinList',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: z.array(ZFreeSpinReward),
    summary: "The member's free spins still to play (spins left, stake, slot, expiry), soonest expiry first",
    tags,
  }),
  categories: defineEndpoint({
    id: 'promotion.categories',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    auth: 'none',
    response: z.array(ZPromotionCategoryCount),
    summary: 'The promotion categories (SPEC 2.7 filters) with how many promotions each holds now',
    tags,
  }),
  /** The legacy list (API-REFERENCE 3.7 `GET /wps/promotions`): the member's promotions with status. */
  legacyList: defineEndpoint({
    id: 'promotion.legacyList',
    method: 'GET',
    path: '/wps/promotions',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZPromotionListQuery,
    response: z.array(ZPlayerPromotion),
    summary: 'The promotions open to the member with its status (the legacy path of getAvailablePromotions)',
    tags,
  }),
  /** API-REFERENCE 3.7 `GET /wps/promotions/deposit`: what the deposit page offers to join. */
  depositList: defineEndpoint({
    id: 'promotion.depositList',
    method: 'GET',
    path: '/wps/promotions/deposit',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: z.array(ZPlayerPromotion),
    summary: 'Deposit promotions the member has joined or can join before depositing',
    tags,
  }),
  /** The legacy "accept" call (API-REFERENCE 3.7 `POST /wps/promotions`): join or claim. */
  join: defineEndpoint({
    id: 'promotion.join',
    method: 'POST',
    path: '/wps/promotions',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: ZJoinPromotion,
    response: ZPromotionClaim,
    summary: 'Joins a deposit promotion or claims a reward (once per member)',
    tags,
  }),
};

export const adminPromotionEndpoints = {
  list: defineEndpoint({
    id: 'admin.promotions.list',
    method: 'GET',
    path: '/admin/api/promotions',
    auth: 'operator',
    query: ZAdminPromotionQuery,
    response: ZPage(ZPromotionAdmin),
    summary: "The merchant's promotions",
    tags: ['admin'],
  }),
  create: defineEndpoint({
    id: 'admin.promotions.create',
    method: 'POST',
    path: '/admin/api/promotions',
    auth: 'operator',
    body: ZPromotionInput,
    response: ZPromotionAdmin,
    summary: 'Defines a promotion (audited; HTML content sanitised)',
    tags: ['admin'],
  }),
  update: defineEndpoint({
    id: 'admin.promotions.update',
    method: 'PUT',
    path: '/admin/api/promotions/:id',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZPromotionUpdate,
    response: ZPromotionAdmin,
    summary: 'Changes a promotion (audited; the whole is validated again)',
    tags: ['admin'],
  }),
  claims: defineEndpoint({
    id: 'admin.promotionClaims.list',
    method: 'GET',
    path: '/admin/api/promotion-claims',
    auth: 'operator',
    query: ZAdminPromotionClaimQuery,
    response: ZPage(ZAdminPromotionClaim),
    summary: "Members' claims of the merchant's promotions, newest first (filters: promotion, member, state)",
    tags: ['admin'],
  }),
  grant: defineEndpoint({
    id: 'admin.promotions.grant',
    method: 'POST',
    path: '/admin/api/promotions/:id/grant',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZAdminPromotionGrant,
    response: ZAdminPromotionClaim,
    summary: "Grants a promotion's fixed reward to a member by hand (audited; once per member)",
    tags: ['admin'],
  }),
};

/**
 * Bonus and redeem codes (SPEC 3): an operator makes codes for a BONUS_CODE promotion, single-use
 * (maxUses 1) or multi-use up to a limit; a member redeems one (once per member and promotion).
 * SPEC 4 redeem statuses of a code: Available (uses left), Used up, Expired (promotion ended) or
 * Disabled.
 */
export const REDEEM_CODE_STATUSES = ['Available', 'Used up', 'Expired', 'Disabled'] as const;
const ZCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,32}$/, 'letters and digits, 4 to 32');
export const ZPromotionCodeInput = z.object({
  /** the code; left out: the server makes a random one */
  code: ZCodeText.optional(),
  /** redemptions it allows (1: single-use) */
  maxUses: z.number().int().min(1).max(1_000_000).default(1),
  /** how many codes to make at once (random codes only) */
  count: z.number().int().min(1).max(500).default(1),
});
export const ZPromotionCodeUpdate = z.object({ active: z.boolean() });
export const ZPromotionCode = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  code: z.string(),
  maxUses: z.number().int(),
  used: z.number().int(),
  active: z.boolean(),
  status: z.enum(REDEEM_CODE_STATUSES),
  createdAt: z.string(),
});
export type TPromotionCode = z.infer<typeof ZPromotionCode>;
export const ZRedeemCode = z.object({ code: ZCodeText });

export const PROMOTION_CODE_ERRORS = {
  promotion_code_invalid: {
    status: 404,
    en: 'This code is not valid',
    bn: 'এই কোডটি বৈধ নয়',
  },
  promotion_code_used_up: {
    status: 409,
    en: 'This code has been used up',
    bn: 'এই কোডটি সম্পূর্ণ ব্যবহৃত হয়ে গেছে',
  },
  promotion_code_exists: {
    status: 409,
    en: 'This code already exists',
    bn: 'এই কোডটি ইতিমধ্যে আছে',
  },
} as const;

export const promotionCodeEndpoints = {
  redeem: defineEndpoint({
    id: 'promotion.redeemCode',
    method: 'POST',
    path: '/wps/relay/MCSFE_redeemBonusCode',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: ZRedeemCode,
    response: ZPromotionClaim,
    summary:
      "Redeems a bonus / redeem code: its promotion's reward, once per member (codes have a use limit)",
    tags,
  }),
};

export const adminPromotionCodeEndpoints = {
  list: defineEndpoint({
    id: 'admin.promotionCodes.list',
    method: 'GET',
    path: '/admin/api/promotions/:id/codes',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    response: z.array(ZPromotionCode),
    summary: "A bonus-code promotion's codes with their uses and redeem status",
    tags: ['admin'],
  }),
  create: defineEndpoint({
    id: 'admin.promotionCodes.create',
    method: 'POST',
    path: '/admin/api/promotions/:id/codes',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZPromotionCodeInput,
    response: z.array(ZPromotionCode),
    summary: 'Makes codes for a bonus-code promotion: one given code, or random ones (audited)',
    tags: ['admin'],
  }),
  update: defineEndpoint({
    id: 'admin.promotionCodes.update',
    method: 'PUT',
    path: '/admin/api/promotion-codes/:codeId',
    auth: 'operator',
    params: z.object({ codeId: ZRowId }),
    body: ZPromotionCodeUpdate,
    response: ZPromotionCode,
    summary: 'Disables or enables a code (audited)',
    tags: ['admin'],
  }),
};
