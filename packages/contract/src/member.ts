import { ZRowId } from './ids.js';
import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS, REAL_MEMBERS } from './endpoint.js';
import { ALL_LANGUAGES } from './constants.js';
import { ADMIN_PAGE_SIZE, ZPage } from './admin.js';

/** Non-member / internal account type: exists (e.g. house or test accounts) but may never log in. */
export const NON_MEMBER_TYPE = 9;
export const MEMBER_TYPE = { MEMBER: 0, AGENT: 1, TRIAL: 4, NON_MEMBER: NON_MEMBER_TYPE } as const;
export const MEMBER_STATUSES = ['active', 'blocked'] as const;
export type TMemberStatus = (typeof MEMBER_STATUSES)[number];

export const ZMemberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** agents 1, 2, 41, 42; trial 4; members 0 */
  type: z.number().int(),
  clubLabel: z.object({ labelName: z.string() }),
  /** registration time, ms since epoch */
  regDate: z.number().int(),
  /** masked, e.g. `0133671****`; empty when none */
  mobile: z.string(),
  firstTimeLogin: z.boolean(),
  language: z.string().nullable(),
  /**
   * The password was chosen by someone else (an operator, the upline agent, a generated one): the site
   * asks for a new one before anything else, on every load until it is changed, not only at login.
   */
  mustChangePassword: z.boolean(),
});
export type TMemberInfo = z.infer<typeof ZMemberInfo>;

export const ZMemberIcon = z.object({
  /** avatar id ('0' = default) */
  avatar: z.string(),
  avatarType: z.literal('STATIC'),
});

export const ZLanguageRequest = z.object({
  language: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase().replace('_', '-'))
    .pipe(z.enum(ALL_LANGUAGES)),
});

/** Kinds of auth_event rows (the login record). */
export const AUTH_EVENT_KINDS = [
  'login',
  'login_failed',
  'lockout',
  'logout',
  'login_verify',
  'verification',
  'password_change',
  'password_reset',
  'payment_password',
  'captcha_failed',
  'slider_failed',
  'freeplay',
  'login_refused',
  'account_blocked',
  'account_unblocked',
  'register',
  'totp_bind',
  'social_login',
] as const;
export type TAuthEventKind = (typeof AUTH_EVENT_KINDS)[number];

const ZIsoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const ZLoginHistoryQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZLoginHistoryEntry = z.object({
  id: z.number().int(),
  kind: z.string(),
  result: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});

export const ZAuthEventQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
  memberId: ZRowId.optional(),
  /** exact username tried (case-insensitive) */
  username: z.string().trim().min(1).max(64).optional(),
  kind: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  /** inclusive */
  from: ZIsoDate.optional(),
  /** exclusive */
  to: ZIsoDate.optional(),
});
export type TAuthEventQuery = z.input<typeof ZAuthEventQuery>;

export const ZAuthEvent = ZLoginHistoryEntry.extend({
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  detail: z.unknown(),
});
export type TAuthEvent = z.infer<typeof ZAuthEvent>;

export const ZAuthSettings = z.object({
  singleSession: z.boolean(),
  sessionIdleMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
  sessionMaxHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90),
  allowPlainPayloads: z.boolean(),
  captchaAlways: z.boolean(),
  /** username logins and registrations need a solved slider challenge */
  sliderRequired: z.boolean(),
  /**
   * registrations must send the terms tick and the age agreement; off, consent is recorded as given by
   * the front end (clients of the original platform send neither)
   */
  consentRequired: z.boolean(),
  captchaAfterFailures: z.number().int().min(0).max(100),
  lockoutFailures: z.number().int().min(1).max(100),
  lockoutMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  failureWindowMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  ipLockoutFailures: z.number().int().min(1).max(10_000),
  /** the merchant's default password ({secret}); accounts created with it must change it at first login */
  defaultPassword: z.string().min(6).max(64).nullable(),
  passwordMaxAgeDays: z.number().int().min(1).max(3650),
  /** the age the registration form's age agreement names; served with the register settings */
  ageLimit: z.number().int().min(0).max(99),
  /** play money of a new trial account, minor units */
  trialBalanceMinor: z.number().int().min(0),
});
export type TAuthSettings = z.infer<typeof ZAuthSettings>;

export const ZAdminMember = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  vipLabel: z.string(),
  parentId: z.number().int().nullable(),
  referralCode: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;

export const ZAdminMemberQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
  /** part of the username (case-insensitive) */
  username: z.string().trim().min(1).max(64).optional(),
  type: z.coerce.number().int().optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  /** direct downline of this member */
  parentId: ZRowId.optional(),
});
export type TAdminMemberQuery = z.input<typeof ZAdminMemberQuery>;

export const ZAdminMemberStatus = z.object({ status: z.enum(MEMBER_STATUSES) });

const tags = ['member'];
const adminTags = ['admin'];

export const memberEndpoints = {
  info: defineEndpoint({
    id: 'member.info',
    method: 'GET',
    path: '/wps/member/info',
    modId: 'COMM3',
    auth: 'member',
    members: MEMBER_KINDS,
    response: ZMemberInfo,
    summary: 'The logged-in member (401 login.not.session for anonymous callers)',
    tags,
  }),
  icon: defineEndpoint({
    id: 'member.info.icon',
    method: 'GET',
    path: '/wps/member/info/icon',
    modId: 'PROFPIC3',
    auth: 'member',
    members: MEMBER_KINDS,
    response: ZMemberIcon,
    summary: "The member's avatar",
    tags,
  }),
  language: defineEndpoint({
    id: 'member.language',
    method: 'POST',
    path: '/wps/member/language',
    modId: 'COMM3',
    auth: 'member',
    members: MEMBER_KINDS,
    body: ZLanguageRequest,
    response: z.object({ language: z.string() }),
    summary: "Stores the member's language",
    tags,
  }),
  loginHistory: defineEndpoint({
    id: 'member.loginHistory',
    method: 'GET',
    path: '/wps/member/login-history',
    modId: 'COMM3',
    auth: 'member',
    members: REAL_MEMBERS,
    query: ZLoginHistoryQuery,
    response: ZPage(ZLoginHistoryEntry),
    summary:
      "The member's own logins, failures, lockouts, logouts and security changes, newest first (real accounts only)",
    tags,
  }),
};

export const memberAdminEndpoints = {
  authEvents: defineEndpoint({
    id: 'admin.authEvents',
    method: 'GET',
    path: '/admin/api/auth-events',
    auth: 'operator',
    query: ZAuthEventQuery,
    response: ZPage(ZAuthEvent),
    summary: "The merchant's login record, newest first; filter by member, username, kind and date",
    tags: adminTags,
  }),
  authSettings: defineEndpoint({
    id: 'admin.authSettings',
    method: 'GET',
    path: '/admin/api/security/auth-settings',
    auth: 'operator',
    response: ZAuthSettings,
    summary: "The merchant's login, session and password settings",
    tags: adminTags,
  }),
  updateAuthSettings: defineEndpoint({
    id: 'admin.authSettings.update',
    method: 'PUT',
    path: '/admin/api/security/auth-settings',
    auth: 'operator',
    body: ZAuthSettings.partial(),
    response: ZAuthSettings,
    summary: "Changes the merchant's login, session and password settings (audited)",
    tags: adminTags,
  }),
  members: defineEndpoint({
    id: 'admin.members.list',
    method: 'GET',
    path: '/admin/api/members',
    auth: 'operator',
    query: ZAdminMemberQuery,
    response: ZPage(ZAdminMember),
    summary: "The merchant's members, newest first; filter by username, type, status and upline",
    tags: adminTags,
  }),
  setMemberStatus: defineEndpoint({
    id: 'admin.members.status',
    method: 'PUT',
    path: '/admin/api/members/:id/status',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZAdminMemberStatus,
    response: ZAdminMember,
    summary: 'Blocks (ending every session) or unblocks a member (audited)',
    tags: adminTags,
  }),
  rotateRsa: defineEndpoint({
    id: 'admin.security.rsa.rotate',
    method: 'POST',
    path: '/admin/api/security/rsa/rotate',
    auth: 'operator',
    response: z.object({ keyId: z.string(), spki: z.string(), previousKeyId: z.string().nullable() }),
    summary:
      'New payload-encryption key pair; the previous key keeps decrypting for the grace period (audited)',
    tags: adminTags,
  }),
};
