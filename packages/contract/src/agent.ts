import { z } from 'zod';
import { adminContentCrud, adminPatchOf } from './admin.js';
import { DATE_PRESETS } from './account-record.js';
import { AGENTS_ONLY, defineEndpoint } from './endpoint.js';
import { ZRowId, ZRowIdNumber } from './ids.js';
import { ZMoney } from './money.js';
import { ZRegisterRequest } from './registration.js';
import { ZLocalizedText } from './system.js';

/**
 * The agent's team (SPEC 2.5, API-REFERENCE 3.9 "legacy agent"): the downline list, the register
 * centre, promotion of a direct downline to agent, affiliate links and the members registered through
 * them, whether transfers to the downline are open, and the announcements operators write for agents.
 * Every call is an agent's (types 1, 2, 41, 42): a player is refused with `error_not_agent`, a trial
 * account with `need_real_account`. Every read is scoped to the caller's own team (the member tree).
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');
const ZPaging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const page = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
const ZPeriod = z.object({ from: z.string(), to: z.string() });

/** Downline kinds as the filters and rows name them: agents (types 1, 2, 41, 42) or members (type 0). */
export const DOWNLINE_KINDS = ['agent', 'member'] as const;
export type TDownlineKind = (typeof DOWNLINE_KINDS)[number];

/** Whose balance a merchant lets agents see in the downline list. */
export const DOWNLINE_BALANCE_VISIBILITY = ['none', 'direct', 'team'] as const;
export type TDownlineBalanceVisibility = (typeof DOWNLINE_BALANCE_VISIBILITY)[number];

// ---------------------------------------------------------------- downlines

export const ZAgentDownlinesQuery = z.object({
  ...ZPaging,
  /** part of the username, case-insensitive */
  username: opt(z.string().trim().min(1).max(64)),
  /** `direct`: the caller's direct downline only; `all` (default): the whole team */
  scope: opt(z.enum(['direct', 'all'])),
  kind: opt(z.enum(DOWNLINE_KINDS)),
  status: opt(z.enum(['active', 'blocked'])),
  /** registered on or after this merchant day */
  regFrom: opt(ZDay),
  /** registered on or before this merchant day */
  regTo: opt(ZDay),
  /** period of the deposit and bet totals: `from`/`to` (merchant days, inclusive) win over `preset` */
  preset: opt(z.enum(DATE_PRESETS)),
  from: opt(ZDay),
  to: opt(ZDay),
});
export type TAgentDownlinesQuery = z.input<typeof ZAgentDownlinesQuery>;

export const ZAgentDownline = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** member type (0 member; 1, 2, 41, 42 agents) */
  type: z.number().int(),
  kind: z.enum(DOWNLINE_KINDS),
  status: z.string(),
  /** levels below the caller: 1 = direct downline */
  level: z.number().int(),
  /** the direct upline's username */
  parentUsername: z.string().nullable(),
  /** yyyy-MM-dd HH:mm:ss, merchant time zone */
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** available MAIN balance; null where the merchant does not let agents see it */
  balance: ZMoney.nullable(),
  /** members below this one (its own downline, all levels) */
  teamSize: z.number().int(),
  /** completed deposits of the member in the period */
  depositAmount: ZMoney,
  depositCount: z.number().int(),
  /** stakes of the member's settled bets in the period (rolled-back bets excluded) */
  betAmount: ZMoney,
});
export type TAgentDownline = z.infer<typeof ZAgentDownline>;

export const ZAgentDownlinePage = page(ZAgentDownline).extend({
  period: ZPeriod,
  balanceVisibility: z.enum(DOWNLINE_BALANCE_VISIBILITY),
});
export type TAgentDownlinePage = z.infer<typeof ZAgentDownlinePage>;

/** The register centre: the agent opens an account directly under itself, with the merchant's rules. */
export const ZAgentDownlineRequest = ZRegisterRequest.pick({
  username: true,
  password: true,
  confirmPassword: true,
  payeeName: true,
  email: true,
  mobileNum: true,
  countryDialingCode: true,
  paymentPassword: true,
  qqNum: true,
  line: true,
  whatsapp: true,
  facebook: true,
  wechat: true,
  idNumber: true,
}).extend({
  /** `member` (default) or `agent` (a sub-agent) */
  memberType: z.preprocess(blankToUndefined, z.enum(DOWNLINE_KINDS).default('member')),
  nickname: opt(z.string().trim().min(1).max(32)),
});
export type TAgentDownlineRequest = z.input<typeof ZAgentDownlineRequest>;

export const ZAgentDownlineCreated = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  kind: z.enum(DOWNLINE_KINDS),
  parentUsername: z.string(),
  /** the account was made with a password the member did not choose: it must be changed at first login */
  mustChangePassword: z.boolean(),
});

/** A form body (the reference sends it form-encoded): the direct downline by id or by username. */
export const ZPromoteDownlineRequest = z
  .object({
    downlineId: opt(ZRowId),
    username: opt(z.string().trim().min(1).max(64)),
  })
  .refine((b) => b.downlineId !== undefined || b.username !== undefined, {
    message: 'downlineId or username is required',
  });
export type TPromoteDownlineRequest = z.input<typeof ZPromoteDownlineRequest>;

export const ZPromotedDownline = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  kind: z.enum(DOWNLINE_KINDS),
});

// ---------------------------------------------------------------- affiliate links

export const ZAffiliateUrl = z.object({
  affiUrlId: z.number().int(),
  /** the code the link carries (`/register?referralCode=<code>`) */
  code: z.string(),
  url: z.string(),
  /** what a registration through the link becomes */
  memberType: z.enum(DOWNLINE_KINDS),
  remark: z.string().nullable(),
  /** times the register page resolved the code */
  clicks: z.number().int(),
  /** accounts registered through the link */
  registrations: z.number().int(),
  createdAt: z.string(),
});
export type TAffiliateUrl = z.infer<typeof ZAffiliateUrl>;

export const ZAffiliateUrls = z.object({
  list: z.array(ZAffiliateUrl),
  /** live links an agent may hold (merchant setting) */
  maxLinks: z.number().int(),
});

export const ZAffiliateUrlCreate = z.object({
  memberType: z.preprocess(blankToUndefined, z.enum(DOWNLINE_KINDS).default('member')),
  /** a code of the agent's choosing (4-20 letters and digits); generated when absent */
  code: opt(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,20}$/, '4-20 letters and digits'),
  ),
  remark: opt(z.string().trim().max(100)),
});
export type TAffiliateUrlCreate = z.input<typeof ZAffiliateUrlCreate>;

export const ZAffiliateUrlDeleteQuery = z.object({ affiUrlId: ZRowId });

export const ZRegisteredAffiliatesQuery = z.object({
  ...ZPaging,
  /** one link only */
  affiUrlId: opt(ZRowId),
  username: opt(z.string().trim().min(1).max(64)),
  /** registered on or after / on or before these merchant days */
  from: opt(ZDay),
  to: opt(ZDay),
});
export type TRegisteredAffiliatesQuery = z.input<typeof ZRegisteredAffiliatesQuery>;

export const ZRegisteredAffiliate = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  kind: z.enum(DOWNLINE_KINDS),
  status: z.string(),
  affiUrlId: z.number().int(),
  code: z.string(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const ZRegisteredAffiliatePage = page(ZRegisteredAffiliate);

// ---------------------------------------------------------------- transfers, announcements

export const ZAgentTransferEnabled = z.object({
  /** transfers to the direct downline are open to this agent now */
  transferEnabled: z.boolean(),
  minAmount: ZMoney,
  maxAmount: ZMoney,
  dailyMaxAmount: ZMoney,
  remainingToday: ZMoney,
});

export const AGENT_ANNOUNCEMENT_PAGE_SIZE = 9;

export const ZAgentAnnouncementsQuery = z.object({
  pageNo: ZPaging.pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(AGENT_ANNOUNCEMENT_PAGE_SIZE),
  language: opt(z.string().trim().toUpperCase().max(8)),
});

export const ZAgentAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML, sanitised on the server on write and again on read */
  content: z.string(),
  sequence: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** yyyy-MM-dd HH:mm:ss, merchant time zone: when it was last changed */
  time: z.string(),
});
export const ZAgentAnnouncementPage = page(ZAgentAnnouncement);

const ZInstant = z.iso.datetime({ offset: true }).nullable();

export const ZAgentAnnouncementInput = z
  .object({
    title: ZLocalizedText.default({}),
    content: ZLocalizedText.refine((t) => Object.keys(t).length > 0, { message: 'content is required' }),
    sequence: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    active: z.boolean().default(true),
    startDate: ZInstant.default(null),
    endDate: ZInstant.default(null),
  })
  .refine((v) => !v.startDate || !v.endDate || new Date(v.startDate) < new Date(v.endDate), {
    message: 'startDate must be before endDate',
    path: ['endDate'],
  });
export type TAgentAnnouncementInput = z.input<typeof ZAgentAnnouncementInput>;

export const ZAgentAnnouncementAdmin = z.object({
  id: z.number().int(),
  title: ZLocalizedText,
  content: ZLocalizedText,
  sequence: z.number().int(),
  active: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  updatedAt: z.string(),
});
export type TAgentAnnouncementAdmin = z.infer<typeof ZAgentAnnouncementAdmin>;
export const ZAdminAgentAnnouncementUpdate = adminPatchOf(ZAgentAnnouncementInput);

export const ZAgentSettings = z.object({
  downlineBalance: z.enum(DOWNLINE_BALANCE_VISIBILITY),
  maxAffiliateLinks: z.number().int(),
});
export type TAgentSettings = z.infer<typeof ZAgentSettings>;
export const ZAgentSettingsUpdate = z
  .object({
    downlineBalance: z.enum(DOWNLINE_BALANCE_VISIBILITY).optional(),
    maxAffiliateLinks: ZRowIdNumber.max(1000).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'nothing to change' });
export type TAgentSettingsUpdate = z.input<typeof ZAgentSettingsUpdate>;

// ---------------------------------------------------------------- endpoints

const tags = ['agent'];
const agentCall = { auth: 'member', members: AGENTS_ONLY, refusal: 'error_not_agent', tags } as const;

export const agentEndpoints = {
  downlines: defineEndpoint({
    ...agentCall,
    id: 'agent.downlines',
    method: 'GET',
    path: '/wps/agent/downlines',
    query: ZAgentDownlinesQuery,
    response: ZAgentDownlinePage,
    summary:
      "The caller's team (or direct downline), paged and filtered, with team sizes and the period's deposits and bets",
  }),
  createDownline: defineEndpoint({
    ...agentCall,
    id: 'agent.createDownline',
    method: 'POST',
    path: '/wps/agent/downline',
    modId: 'REG3',
    encrypted: true,
    body: ZAgentDownlineRequest,
    response: ZAgentDownlineCreated,
    summary:
      "Register centre: opens a member or sub-agent directly under the caller, with the merchant's rules",
  }),
  promote: defineEndpoint({
    ...agentCall,
    id: 'agent.promoteDownlineToAgent',
    method: 'PUT',
    path: '/wps/agent/promoteDownlineToAgent',
    form: true,
    body: ZPromoteDownlineRequest,
    response: ZPromotedDownline,
    summary: 'Makes a direct downline member an agent (recorded in its account record)',
  }),
  affiliateUrls: defineEndpoint({
    ...agentCall,
    id: 'agent.affiliateUrls',
    method: 'GET',
    path: '/wps/agent/affiliateUrls',
    modId: 'AFFMAN3',
    response: ZAffiliateUrls,
    summary: "The caller's affiliate links with their clicks and registrations",
  }),
  createAffiliateUrl: defineEndpoint({
    ...agentCall,
    id: 'agent.createAffiliateUrl',
    method: 'POST',
    path: '/wps/agent/affiliateUrl',
    modId: 'AFFMAN3',
    body: ZAffiliateUrlCreate,
    response: ZAffiliateUrl,
    summary: 'A new affiliate link of the caller (up to the merchant’s limit)',
  }),
  deleteAffiliateUrl: defineEndpoint({
    ...agentCall,
    id: 'agent.deleteAffiliateUrl',
    method: 'DELETE',
    path: '/wps/agent/affiliateUrl',
    modId: 'AFFMAN3',
    query: ZAffiliateUrlDeleteQuery,
    response: z.literal(true),
    summary: "Deletes one of the caller's affiliate links: its code resolves no more",
  }),
  registeredAffiliates: defineEndpoint({
    ...agentCall,
    id: 'agent.registeredAffiliates',
    method: 'GET',
    path: '/wps/agent/registeredAffiliates',
    modId: 'AFFMAN3',
    query: ZRegisteredAffiliatesQuery,
    response: ZRegisteredAffiliatePage,
    summary: "Accounts registered through the caller's affiliate links, newest first",
  }),
  transferEnabled: defineEndpoint({
    ...agentCall,
    id: 'agent.transferEnabled',
    method: 'GET',
    path: '/wps/agent/transferEnabled',
    response: ZAgentTransferEnabled,
    summary: 'Whether the caller may transfer to its direct downline now, and the limits',
  }),
  announcements: defineEndpoint({
    ...agentCall,
    id: 'agent.announcements',
    method: 'GET',
    path: '/wps/agent/announcements',
    modId: 'AGEANNOUNCE3',
    query: ZAgentAnnouncementsQuery,
    response: ZAgentAnnouncementPage,
    summary: "Live announcements for the merchant's agents in the caller's language, 9 a page",
  }),
};

export const adminAgentEndpoints = {
  getSettings: defineEndpoint({
    id: 'admin.agent.settings.get',
    method: 'GET',
    path: '/admin/api/agent-settings',
    auth: 'operator',
    response: ZAgentSettings,
    summary: 'What agents may see and do in the agent centre (downline balances, affiliate links)',
    tags: ['admin'],
  }),
  setSettings: defineEndpoint({
    id: 'admin.agent.settings.update',
    method: 'PUT',
    path: '/admin/api/agent-settings',
    auth: 'operator',
    body: ZAgentSettingsUpdate,
    response: ZAgentSettings,
    summary: 'Change the agent-centre settings (audited)',
    tags: ['admin'],
  }),
  /** `/admin/api/agent-announcements` (audited as `agent_announcement.<verb>`) */
  announcements: adminContentCrud(
    'agentAnnouncement',
    'agent-announcements',
    ZAgentAnnouncementAdmin,
    ZAgentAnnouncementInput,
    ZAdminAgentAnnouncementUpdate,
  ),
};

/**
 * Refusals of the agent calls, in the error catalogue's codes: `not_found` for anyone but a direct
 * downline (or a link not the caller's), `conflict` for a member already an agent, a taken code
 * (`value.reason: 'code_taken'`) or the link limit (`value.reason: 'link_limit'`, `value.maxLinks`),
 * `forbidden` for a blocked downline.
 */
export const AGENT_REFUSALS = {
  notDownline: 'not_found',
  alreadyAgent: 'conflict',
  downlineBlocked: 'forbidden',
  linkLimit: 'conflict',
  codeTaken: 'conflict',
} as const;
