import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ADMIN_PAGE_SIZE, ZPage } from './admin.js';
import { ZRowId, ZRowIdNumber } from './ids.js';
import { ZAmount, ZMoney } from './money.js';

/**
 * Member referral, "invite friends" (issue 16, SPEC 2.4 `referral`, API-REFERENCE 3.1
 * `MCSFE_getReferralDetails`): every member has a referral code and a link
 * `<site>/register?referralCode=<code>`; a friend who registers through it is the member's invitee
 * (one referrer per invitee, same merchant). Referral promotions (triggers REFERRAL_REGISTER,
 * REFERRAL_DEPOSIT, REFERRAL_TURNOVER) pay the referrer a reward per invitee. Agents' affiliate links
 * (agent module) are another thing: they place new members in an agent's team.
 */
export const REFERRAL_TRIGGERS = ['REFERRAL_REGISTER', 'REFERRAL_DEPOSIT', 'REFERRAL_TURNOVER'] as const;
export type TReferralTrigger = (typeof REFERRAL_TRIGGERS)[number];
export const isReferralTrigger = (t: string): t is TReferralTrigger =>
  (REFERRAL_TRIGGERS as readonly string[]).includes(t);

/** One invited friend as the referrer sees them. */
export const ZReferralInvitee = z.object({
  /** masked username, e.g. `ra****01` */
  name: z.string(),
  /** ISO instant of the friend's registration */
  registeredDate: z.string(),
  /** the friend earned the referrer a reward (paid or waiting to be claimed) */
  qualified: z.boolean(),
  /** rewards paid for this friend */
  reward: ZMoney,
  /** rewards earned for this friend that wait for a claim */
  pendingReward: ZMoney,
});
export type TReferralInvitee = z.infer<typeof ZReferralInvitee>;

/** A running referral promotion's rules, in the request's language. */
export const ZReferralRule = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  /** sanitised HTML */
  content: z.string(),
  trigger: z.enum(REFERRAL_TRIGGERS),
  /** what the referrer gets per qualifying friend */
  rewardAmount: ZMoney,
  /** REFERRAL_DEPOSIT: the friend's deposit that qualifies */
  minDeposit: ZMoney,
  firstDepositOnly: z.boolean(),
  /** REFERRAL_TURNOVER: the friend's valid bets that qualify */
  turnoverTarget: ZMoney,
  /** the reward waits for a claim (MCSFE_signUpRequestReward) */
  claimRequired: z.boolean(),
  wageringMultiple: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type TReferralRule = z.infer<typeof ZReferralRule>;

export const ZReferralDetails = z.object({
  referralCode: z.string(),
  /** `<site>/register?referralCode=<code>` on the site the member asked from */
  referralLink: z.string(),
  /** the merchant's domains a link may also name (API-REFERENCE `promotionDomains[]`) */
  promotionDomains: z.array(z.string()),
  /** a referral promotion is running (the invite page shows its rules; the side menu its link) */
  enabled: z.boolean(),
  totalInvitations: z.number().int(),
  qualifiedInvitations: z.number().int(),
  rewardsEarned: ZMoney,
  pendingRewards: ZMoney,
  invitees: z.array(ZReferralInvitee),
  rules: z.array(ZReferralRule),
});
export type TReferralDetails = z.infer<typeof ZReferralDetails>;

export const ZReferralDetailsQuery = z.object({
  /** the original's flag (codes are made at registration here; accepted and ignored) */
  autoGenerate: z.enum(['true', 'false']).optional(),
});

export const ZReferralClaimRequest = z.object({ promotionId: ZRowIdNumber.optional() });
export const ZReferralClaimResult = z.object({ claimed: z.number().int(), amount: ZMoney });

/** The public promotion state the site reads at start (SPEC 3 "public state"). */
export const ZPromoState = z.object({
  /** promotions the caller can join or claim now (visitors: what they could join) */
  availablePromoCount: z.number().int(),
  /** SPEC: `availablePromo` (REFERRAL with enabled) */
  availablePromo: z.array(z.object({ promotionType: z.literal('REFERRAL'), enabled: z.boolean() })),
});
export type TPromoState = z.infer<typeof ZPromoState>;

/** An operator's referral settings of a referral promotion. */
export const ZReferralSettings = z.object({
  turnoverTarget: ZMoney,
  firstDepositOnly: z.boolean(),
  blockSameIp: z.boolean(),
  blockSameDevice: z.boolean(),
  claimRequired: z.boolean(),
});
export type TReferralSettings = z.infer<typeof ZReferralSettings>;
export const ZReferralSettingsInput = z
  .object({
    turnoverTarget: ZAmount,
    firstDepositOnly: z.boolean(),
    blockSameIp: z.boolean(),
    blockSameDevice: z.boolean(),
    claimRequired: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type TReferralSettingsInput = z.input<typeof ZReferralSettingsInput>;

/** A member's invitee as the operator sees them (unmasked, with the abuse facts). */
export const ZAdminReferral = z.object({
  inviteeId: z.number().int(),
  username: z.string(),
  registeredDate: z.string(),
  ip: z.string().nullable(),
  sameIp: z.boolean(),
  sameDevice: z.boolean(),
  reward: ZMoney,
  pendingReward: ZMoney,
});
export const ZAdminReferralQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});

export const REFERRAL_ERRORS = {
  referral_nothing_to_claim: {
    status: 409,
    en: 'There is no referral reward to claim',
    bn: 'দাবি করার মতো কোনো রেফারেল পুরস্কার নেই',
  },
  referral_not_referral_promotion: {
    status: 409,
    en: 'This promotion is not a referral promotion',
    bn: 'এই প্রচারটি রেফারেল প্রচার নয়',
  },
} as const;

const tags = ['referral'];
export const referralEndpoints = {
  details: defineEndpoint({
    id: 'referral.details',
    method: 'GET',
    path: '/wps/relay/MCSFE_getReferralDetails',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZReferralDetailsQuery,
    response: ZReferralDetails,
    summary: "The member's referral code and link, invitations and rewards, and the running referral rules",
    tags,
  }),
  claim: defineEndpoint({
    id: 'referral.claim',
    method: 'POST',
    path: '/wps/relay/MCSFE_signUpRequestReward',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: ZReferralClaimRequest,
    response: ZReferralClaimResult,
    summary: 'Claims the referral rewards that wait for a claim (of one promotion when named)',
    tags,
  }),
  promoState: defineEndpoint({
    id: 'promotion.state',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPromoState',
    auth: 'optional',
    response: ZPromoState,
    summary: 'availablePromoCount and availablePromo (REFERRAL enabled) for the caller, member or visitor',
    tags,
  }),
};

export const adminReferralEndpoints = {
  settings: defineEndpoint({
    id: 'admin.promotions.referral.get',
    method: 'GET',
    path: '/admin/api/promotions/:id/referral',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    response: ZReferralSettings,
    summary: "A referral promotion's referral settings",
    tags: ['admin'],
  }),
  updateSettings: defineEndpoint({
    id: 'admin.promotions.referral.update',
    method: 'PUT',
    path: '/admin/api/promotions/:id/referral',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZReferralSettingsInput,
    response: ZReferralSettings,
    summary: "Changes a referral promotion's referral settings (audited)",
    tags: ['admin'],
  }),
  memberReferrals: defineEndpoint({
    id: 'admin.members.referrals',
    method: 'GET',
    path: '/admin/api/members/:id/referrals',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    query: ZAdminReferralQuery,
    response: ZPage(ZAdminReferral),
    summary: 'The friends a member invited, with the abuse facts and the rewards paid for each',
    tags: ['admin'],
  }),
};
