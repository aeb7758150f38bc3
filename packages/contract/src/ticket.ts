import { z } from 'zod';
import { ADMIN_PAGE_SIZE, ZPage } from './admin.js';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ZRowId, ZRowIdNumber } from './ids.js';
import { ZMoney } from './money.js';

/**
 * Ticket games of the promotions (issue 16): prize wheel, golden egg, red envelope. A ticket's
 * configuration is a table of weighted prizes; the draw is made and verified by `@bp/games`
 * (`drawTicketFair`, `verifyTicketDraw`), which checks the same rules as this schema
 * (`ticketConfigProblems`), since the engine must refuse a bad table whoever calls it. Amounts are
 * integer minor units for cash and bonus, counts for points and free spins, 0 for nothing; as bigint
 * in the server, as digit text in JSON. A free-spins prize also names its spins' stake and slot.
 */
export const TICKET_GAME_TYPES = ['wheel', 'egg', 'envelope'] as const;
export type TTicketGame = (typeof TICKET_GAME_TYPES)[number];

export const TICKET_PRIZE_TYPES = ['cash', 'bonus', 'points', 'freeSpins', 'nothing'] as const;
export type TTicketPrizeKind = (typeof TICKET_PRIZE_TYPES)[number];

/** The same bounds as @bp/games TICKET_LIMITS. */
export const TICKET_CONFIG_LIMITS = {
  minPrizes: 2,
  maxPrizes: 24,
  maxTotalWeight: 1_000_000_000,
  maxAmount: 9_000_000_000_000_000n,
  maxLabelLength: 40,
} as const;

const AMOUNT_TEXT = /^(0|[1-9]\d{0,18})$/;
/** zod runs refinements after a failed format check too, so they must not assume valid text */
const bigOrNull = (v: bigint | string): bigint | null =>
  typeof v === 'bigint' ? v : AMOUNT_TEXT.test(v) ? BigInt(v) : null;

const ZTicketAmount = z.union([
  z.bigint().nonnegative().max(TICKET_CONFIG_LIMITS.maxAmount),
  z
    .string()
    .regex(AMOUNT_TEXT, 'amount must be a whole number of minor units')
    .refine((s) => (bigOrNull(s) ?? 0n) <= TICKET_CONFIG_LIMITS.maxAmount, {
      message: 'amount is too large',
    }),
]);

/**
 * A free-spins prize's spins: the stake of each spin in minor units (like the table's amounts) and the
 * built-in slot of the merchant's catalogue they are played on (the server refuses any other game with
 * promotion_free_spins_game).
 */
export const ZTicketSpins = z.object({
  stake: ZTicketAmount.refine((v) => (bigOrNull(v) ?? 0n) > 0n, { message: 'a stake must be positive' }),
  vendor: z.string().trim().min(1).max(32),
  gameCode: z.string().trim().min(1).max(64),
});

export const ZTicketPrize = z
  .object({
    kind: z.enum(TICKET_PRIZE_TYPES),
    /** minor units (cash, bonus), or a count (points, the spins of freeSpins), 0 for nothing */
    amount: ZTicketAmount,
    weight: z.number().int().positive().max(TICKET_CONFIG_LIMITS.maxTotalWeight),
    label: z.string().max(TICKET_CONFIG_LIMITS.maxLabelLength).optional(),
    /** freeSpins only: each spin's stake and the slot */
    spins: ZTicketSpins.optional(),
  })
  .refine((p) => (p.kind === 'nothing') === (bigOrNull(p.amount) === 0n), {
    message: 'a prize of nothing has amount 0; any other prize a positive amount',
    path: ['amount'],
  })
  .refine((p) => (p.kind === 'freeSpins') === (p.spins !== undefined), {
    message: 'a freeSpins prize needs spins {stake, vendor, gameCode}; no other prize has them',
    path: ['spins'],
  })
  .refine((p) => p.kind !== 'freeSpins' || (bigOrNull(p.amount) ?? 0n) <= 1000n, {
    message: 'at most 1000 free spins',
    path: ['amount'],
  });
export type TTicketPrize = z.infer<typeof ZTicketPrize>;

export const ZTicketConfig = z.object({
  game: z.enum(TICKET_GAME_TYPES),
  prizes: z
    .array(ZTicketPrize)
    .min(TICKET_CONFIG_LIMITS.minPrizes)
    .max(TICKET_CONFIG_LIMITS.maxPrizes)
    .refine(
      (ps) => ps.reduce((s, p) => s + (Number(p.weight) || 0), 0) <= TICKET_CONFIG_LIMITS.maxTotalWeight,
      {
        message: `the weights must add up to at most ${TICKET_CONFIG_LIMITS.maxTotalWeight}`,
      },
    ),
});
export type TTicketConfig = z.infer<typeof ZTicketConfig>;

/** A drawn ticket as recorded and shown (the engine's TicketDraw). */
export const ZTicketDraw = z.object({
  game: z.enum(TICKET_GAME_TYPES),
  index: z.number().int().nonnegative(),
  kind: z.enum(TICKET_PRIZE_TYPES),
  amount: z.string().regex(/^\d+$/),
  roll: z.number().int().nonnegative(),
  totalWeight: z.number().int().positive(),
  label: z.string().optional(),
});
export type TTicketDraw = z.infer<typeof ZTicketDraw>;

/**
 * A ticket as a member holds it (issue 16): AVAILABLE waits for the member's claim (the draw), CLAIMED
 * was drawn and paid, CANCELLED the member declined it, EXPIRED was not drawn in time.
 */
export const TICKET_STATUSES = ['AVAILABLE', 'CLAIMED', 'CANCELLED', 'EXPIRED'] as const;
export type TTicketStatus = (typeof TICKET_STATUSES)[number];
const ZYesNo = z.enum(['Y', 'N']);

/** PROMOFE_getClaimTicketList's query as the original sends it (`_` is its cache breaker). */
export const ZTicketListQuery = z.object({
  isApp: ZYesNo.default('N'),
  /** AVAILABLE: only tickets waiting for a draw (what the original asks) */
  status: z.enum(TICKET_STATUSES).optional(),
  /** Y: every ticket of the member whatever its status (newest first); N: the status asked, AVAILABLE by default */
  isAll: ZYesNo.default('N'),
  _: z.string().max(40).optional(),
});

/** A prize as shown on the wheel or card: money as decimal text for cash and bonus, a count otherwise. */
export const ZTicketPrizeView = z.object({
  kind: z.enum(TICKET_PRIZE_TYPES),
  amount: z.string(),
  label: z.string().optional(),
  /** freeSpins: each spin's stake (decimal text) and the slot */
  spins: z.object({ stake: ZMoney, vendor: z.string(), gameCode: z.string() }).optional(),
});
export type TTicketPrizeView = z.infer<typeof ZTicketPrizeView>;

/** The fairness data of a draw: the server seed is revealed once the ticket is drawn or closed. */
export const ZTicketFairness = z.object({
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string().nullable(),
  nonce: z.number().int().nonnegative(),
  /** the game-client verify page for this draw (`/gs/verify/?kind=ticket...`); null before the draw */
  verifyUrl: z.string().nullable(),
});

export const ZTicketRow = z.object({
  /** the promotion's title in the request's language ("Register Bonus") */
  name: z.string(),
  transactionId: z.string(),
  ticketId: z.string(),
  /** the game: wheel, egg, envelope */
  type: z.enum(TICKET_GAME_TYPES),
  status: z.enum(TICKET_STATUSES),
  promotionId: z.number().int(),
  /** the prize table in display order (the wheel's segments clockwise) */
  prizes: z.array(ZTicketPrizeView),
  issuedDate: z.string(),
  expiryDate: z.string().nullable(),
  /** the drawn prize (CLAIMED) */
  prize: ZTicketPrizeView.nullable(),
  outcome: ZTicketDraw.nullable(),
  fairness: ZTicketFairness,
});
export type TTicketRow = z.infer<typeof ZTicketRow>;

export const ZClaimTicket = z.object({
  transactionId: z.string().min(1).max(64),
  isApp: ZYesNo.default('N'),
  /** the member's seed for this draw (the page makes a random one); the server picks one when absent */
  clientSeed: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'printable characters without spaces')
    .optional(),
});
export type TClaimTicket = z.input<typeof ZClaimTicket>;

/** PROMOFE_claimTicket's answer: the drawn ticket, its prize as paid and what verifies it. */
export const ZTicketResult = ZTicketRow.extend({
  prize: ZTicketPrizeView,
  outcome: ZTicketDraw,
  /**
   * where the prize went: main wallet, bonus (with wagering), the points balance, the member's free
   * spins (MCSFE_getFreeSpinList; their wins are bonus money with the promotion's wagering), or nowhere
   */
  paidTo: z.enum(['main', 'bonus', 'points', 'freeSpins', 'none']),
  /** turnover to bet before a bonus prize converts ('0.00' otherwise) */
  requiredTurnover: ZMoney,
});
export type TTicketResult = z.infer<typeof ZTicketResult>;

export const ZCancelTicket = z.object({ transactionId: z.string().min(1).max(64) });

/** MCSFE_claimIssuedPromotion: the claim an operator issued to the member. */
export const ZClaimIssued = z.object({ claimId: z.string().regex(/^[1-9]\d{0,17}$/) });

/** A reward an operator issued to the member, waiting for the member's claim. */
export const ZIssuedReward = z.object({
  claimId: z.string(),
  promotionId: z.number().int(),
  title: z.string(),
  rewardKind: z.string(),
  /** FIXED: the bonus; TICKET: null */
  rewardAmount: ZMoney.nullable(),
  /** TICKET: the game the reward's ticket opens */
  ticketGame: z.enum(TICKET_GAME_TYPES).nullable(),
  issuedDate: z.string(),
});
export type TIssuedReward = z.infer<typeof ZIssuedReward>;

export const ZClaimIssuedResult = z.object({
  claimId: z.string(),
  promotionId: z.number().int(),
  /** the claim's state after the grant (a ticket reward stays JOINED until its ticket is drawn) */
  state: z.string(),
  /** TICKET: the ticket the claim issued */
  transactionId: z.string().nullable(),
});

export const ZTicketGlobalConfig = z.object({
  /** the reward centre is on (REWCEN3) */
  enabled: z.boolean(),
  games: z.array(z.enum(TICKET_GAME_TYPES)),
  /** tickets waiting for the member's draw (0 for visitors) */
  availableCount: z.number().int().nonnegative(),
  /** rewards issued by an operator waiting for the member's claim */
  issuedCount: z.number().int().nonnegative(),
  /** claims of free spins with spins left to play (MCSFE_getFreeSpinList) */
  freeSpinCount: z.number().int().nonnegative(),
  /** how the draw is made, for the fairness link's explanation */
  seedScheme: z.string(),
});
export type TTicketGlobalConfig = z.infer<typeof ZTicketGlobalConfig>;

export const ZAdminTicket = z.object({
  ticketId: z.string(),
  transactionId: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  promotionId: z.number().int(),
  claimId: z.string(),
  type: z.enum(TICKET_GAME_TYPES),
  status: z.enum(TICKET_STATUSES),
  serverSeedHash: z.string(),
  prize: ZTicketPrizeView.nullable(),
  issuedDate: z.string(),
  expiryDate: z.string().nullable(),
  claimedDate: z.string().nullable(),
  closedDate: z.string().nullable(),
});
export type TAdminTicket = z.infer<typeof ZAdminTicket>;

export const ZAdminTicketQuery = z.object({
  memberId: ZRowId.optional(),
  promotionId: ZRowId.optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});

/** An operator gives a member a ticket of a TICKET promotion (audited; each call is one more ticket). */
export const ZAdminTicketGrant = z.object({
  promotionId: ZRowIdNumber,
  memberId: ZRowIdNumber,
  remark: z.string().trim().max(140).optional(),
});

/** An operator issues a promotion's reward to a member, to be claimed by the member (once per member). */
export const ZAdminPromotionIssue = z.object({
  memberId: ZRowIdNumber,
  remark: z.string().trim().max(140).optional(),
});

export const TICKET_ERRORS = {
  ticket_not_found: { status: 404, en: 'This ticket does not exist', bn: 'এই টিকিটটি বিদ্যমান নেই' },
  ticket_already_claimed: {
    status: 409,
    en: 'This ticket has already been opened',
    bn: 'এই টিকিটটি ইতিমধ্যে খোলা হয়েছে',
  },
  ticket_closed: {
    status: 409,
    en: 'This ticket was cancelled or has expired',
    bn: 'এই টিকিটটি বাতিল বা মেয়াদোত্তীর্ণ হয়েছে',
  },
  ticket_expired: { status: 409, en: 'This ticket has expired', bn: 'এই টিকিটের মেয়াদ শেষ হয়েছে' },
  reward_not_issued: {
    status: 404,
    en: 'There is no reward waiting for you here',
    bn: 'এখানে আপনার জন্য কোনো পুরস্কার অপেক্ষা করছে না',
  },
} as const;

const tags = ['promotions'];
export const ticketEndpoints = {
  list: defineEndpoint({
    id: 'ticket.list',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getClaimTicketList',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZTicketListQuery,
    response: z.array(ZTicketRow),
    summary: "The member's tickets (AVAILABLE by default), newest first",
    tags,
  }),
  claim: defineEndpoint({
    id: 'ticket.claim',
    method: 'POST',
    path: '/wps/relay/PROMOFE_claimTicket',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: ZClaimTicket,
    response: ZTicketResult,
    summary: 'Draws a ticket on the server (provably fair) and pays its prize, once',
    tags,
  }),
  cancel: defineEndpoint({
    id: 'ticket.cancel',
    method: 'POST',
    path: '/wps/relay/MCSFE_cancelTicket',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: ZCancelTicket,
    response: ZTicketRow,
    summary: 'Declines a ticket (its server seed is revealed)',
    tags,
  }),
  issued: defineEndpoint({
    id: 'ticket.issuedList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getIssuedPromotionList',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    response: z.array(ZIssuedReward),
    summary: 'Rewards an operator issued to the member, waiting for the claim',
    tags,
  }),
  claimIssued: defineEndpoint({
    id: 'ticket.claimIssued',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimIssuedPromotion',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: ZClaimIssued,
    response: ZClaimIssuedResult,
    summary: 'Claims a reward an operator issued (pays it, or issues its ticket)',
    tags,
  }),
  globalConfig: defineEndpoint({
    id: 'ticket.globalConfig',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getTicketGlobalConfig',
    auth: 'optional',
    response: ZTicketGlobalConfig,
    summary: "The ticket games on offer and the member's counts (the reward centre's badge)",
    tags,
  }),
};

export const adminTicketEndpoints = {
  list: defineEndpoint({
    id: 'admin.tickets.list',
    method: 'GET',
    path: '/admin/api/tickets',
    auth: 'operator',
    query: ZAdminTicketQuery,
    response: ZPage(ZAdminTicket),
    summary: "Members' tickets of the merchant, newest first (filters: member, promotion, status)",
    tags: ['admin'],
  }),
  grant: defineEndpoint({
    id: 'admin.tickets.grant',
    method: 'POST',
    path: '/admin/api/tickets',
    auth: 'operator',
    body: ZAdminTicketGrant,
    response: ZAdminTicket,
    summary: 'Gives a member a ticket of a TICKET promotion (audited)',
    tags: ['admin'],
  }),
  issue: defineEndpoint({
    id: 'admin.promotions.issue',
    method: 'POST',
    path: '/admin/api/promotions/:id/issue',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZAdminPromotionIssue,
    response: ZIssuedReward.extend({ memberId: z.number().int() }),
    summary:
      "Issues a promotion's reward to a member, to be claimed by the member (audited; once per member)",
    tags: ['admin'],
  }),
};
