import { ZRowIdNumber } from './ids.js';
import { z } from 'zod';
import { DEFAULT_AGE_LIMIT } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import { ZRegisterFieldRule, type TRegisterFieldRule } from './system.js';

/**
 * Registration (API-REFERENCE §3.1, SPEC §3/§5). The form's fields and their rules come from
 * `GET /wps/system/setting/register`; the server checks a submitted form with `validateRegistration`
 * (register-rules.ts), the same function the player site runs before submitting.
 *
 * Decisions (the reference is silent):
 * - the terms tick and the age agreement travel as `termsAccepted` / `ageConfirmed` and must be true
 *   while the merchant's `consentRequired` auth setting is on (the default); off, the original
 *   platform's clients that send neither are registered and the consent is recorded as given by the
 *   front end (a tick sent as false is still refused);
 *   the register settings serve the merchant's age limit as `value.ageLimit` (18 unless the operator set
 *   another); a client may send the age its agreement named as `confirmedAge`, and an agreement to a
 *   lower age than the merchant's (a form shown with stale settings) answers `register_field_invalid`
 *   on `ageConfirmed`;
 * - `confirmPassword` left out of the payload is not asked for (the original's mobile clients send
 *   none); sent, it must equal the password;
 * - the SMS code follows the white-label switch REGMOBVERF3 (`registrationSmsRequired`): on, username
 *   and mobile registration need it; off, neither does;
 * - like a username login, registration needs a `sliderToken` from `POST /wps/captcha/slider/verify`
 *   while the merchant's slider setting (`sliderRequired`) is on: 400 `slider_required` without one,
 *   `slider_failed` for a used, expired or unknown one. It is checked after the form's fields, so a form
 *   error does not use it up;
 * - `referralCode` is a member's own invitation code: the new member is placed under that member;
 *   `affiliateCode` is an agent's code (an agent's affiliate code, or an agent member's referral code):
 *   the new member is placed under that agent. When both are sent the affiliate code decides the upline.
 *   `referralCode` also accepts an agent's affiliate code (an invitation link carries either kind).
 *   An unknown code answers `invitation_code_error`;
 * - a field failing its rule answers 422 `register_field_invalid` whose `message` is the first field's
 *   text and whose `value.errors` maps each failing field to `{key, min, max, params}`;
 * - the operator switches `sliderRequired` and `consentRequired` with
 *   `PUT /admin/api/security/auth-settings` and REGMOBVERF3 with `PUT /admin/api/whitelabel/:modId`
 *   (both audited); defaults are strict;
 * - mobile registration: username = the mobile number (national number, no trunk 0; any common way
 *   of writing it, `normalisePhone`, with the merchant's dialing code when none is sent). Without
 *   MOBILENUMPASSREG3 the client sends no password: the server generates one, sends it by SMS and the
 *   account must change it at first login (`mustChangePassword`).
 */
export const REGISTRATION_ERRORS = {
  username_taken: {
    status: 409,
    en: 'This username is already taken',
    bn: 'এই ব্যবহারকারীর নামটি ইতিমধ্যে ব্যবহৃত হয়েছে',
  },
  invitation_code_error: {
    status: 422,
    en: 'Invalid invitation code',
    bn: 'আমন্ত্রণ কোডটি সঠিক নয়',
  },
  register_field_invalid: {
    status: 422,
    en: 'Please enter correct information',
    bn: 'অনুগ্রহ করে সঠিক তথ্য লিখুন',
  },
} as const;

const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(z.string().max(max))
    .optional();

/** Every field of SPEC §3's registration payload; the rules decide which are shown and required. */
export const ZRegisterRequest = z.object({
  username: text(64),
  password: text(128),
  confirmPassword: text(128),
  payeeName: text(100),
  email: text(255),
  qqNum: text(32),
  mobileNum: text(32),
  /** the original platform's mobile registration names the number `mobile`: an alias of `mobileNum` */
  mobile: text(32),
  recommenderId: text(64),
  captcha: text(16),
  verificationCode: text(16),
  affiliateCode: text(64),
  paymentPassword: text(128),
  line: text(100),
  whatsapp: text(32),
  facebook: text(255),
  wechat: text(100),
  idNumber: text(64),
  referralCode: text(64),
  domain: text(255),
  countryDialingCode: text(8),
  /** true = answer with a session (token) */
  login: z.boolean().optional(),
  registerUrl: text(1000),
  registerMethod: text(16),
  loginDeviceId: text(128),
  merchantCode: text(32),
  firebaseChannel: text(16),
  firebaseIdToken: text(4096),
  /** the terms-of-service tick */
  termsAccepted: z.boolean().optional(),
  /** the age agreement (18 or the merchant's configured age) */
  ageConfirmed: z.boolean().optional(),
  /** the age the agreement named (`ageLimit` of the register settings) */
  confirmedAge: z.number().int().min(0).max(150).optional(),
  /** single-use token of a solved slider challenge (while the merchant's slider setting is on) */
  sliderToken: z.string().trim().max(128).optional(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZRegisterValue = z.object({
  /** session token when `login: true`, else null */
  token: z.string().nullable(),
  customerId: z.number().int(),
  id: z.number().int(),
  userName: z.string(),
  customerType: z.number().int(),
  firstTimeLogin: z.boolean(),
  /** the password was generated (mobile registration without password): change it now */
  mustChangePassword: z.boolean(),
});
export type TRegisterValue = z.infer<typeof ZRegisterValue>;

/**
 * `value.<field>` = the field's rule (API-REFERENCE §3.1), and `value.ageLimit` = the age the age
 * agreement names (the merchant's setting). Clients split them with `registerSettingsParts`.
 */
export const ZRegisterSettings = z.record(z.string(), z.union([ZRegisterFieldRule, z.number().int()]));
export type TRegisterSettings = z.infer<typeof ZRegisterSettings>;

/** The field rules and the age limit of the register settings (the SPEC's 18 when a server sends none). */
export function registerSettingsParts(v: TRegisterSettings): {
  rules: Record<string, TRegisterFieldRule>;
  ageLimit: number;
} {
  const rules: Record<string, TRegisterFieldRule> = {};
  for (const [k, r] of Object.entries(v)) if (typeof r === 'object') rules[k] = r;
  return { rules, ageLimit: typeof v.ageLimit === 'number' ? v.ageLimit : DEFAULT_AGE_LIMIT };
}

/** `value.errors` of `register_field_invalid`. */
export const ZRegisterFieldErrors = z.object({
  errors: z.record(
    z.string(),
    z.object({ key: z.string(), min: z.number(), max: z.number(), params: z.array(z.number()) }),
  ),
});

export const ZAffiliateQuery = z.object({
  code: z.string().trim().max(64).default(''),
  domain: z.string().trim().max(255).optional(),
});

export const ZAdminAffiliateInput = z.object({
  memberId: ZRowIdNumber,
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,20}$/),
  /** bind the code to one of the merchant's domains (the registering page's host); null = any */
  domain: z.string().trim().toLowerCase().max(255).nullable().default(null),
  active: z.boolean().default(true),
});
export const ZAdminAffiliate = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  code: z.string(),
  domain: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});

const tags = ['registration'];

export const registrationEndpoints = {
  settings: defineEndpoint({
    id: 'registration.settings',
    method: 'GET',
    path: '/wps/system/setting/register',
    modId: 'REG3',
    auth: 'none',
    response: ZRegisterSettings,
    summary:
      'Per field: {acceptedPattern, minLength, maxLength, patternId, enabled, required}; ageLimit: the age the age agreement names',
    tags,
  }),
  checkUsername: defineEndpoint({
    id: 'registration.checkUsername',
    method: 'GET',
    path: '/wps/check/username',
    auth: 'none',
    query: z.object({ username: z.string().max(64).default('') }),
    response: z.literal(true),
    summary:
      'success:true when the username is free and valid; success:false (username_taken or register_field_invalid) otherwise',
    tags,
  }),
  affiliate: defineEndpoint({
    id: 'registration.affiliate',
    method: 'GET',
    path: '/wps/agent/affiliate',
    modId: 'AFFMAN3',
    auth: 'none',
    query: ZAffiliateQuery,
    response: z.literal(true),
    summary:
      "success:true when code is an active agent's code of this merchant (and domain, when the code is bound to one)",
    tags,
  }),
  register: defineEndpoint({
    id: 'registration.register',
    method: 'PUT',
    path: '/wps/member/register',
    modId: 'REG3',
    auth: 'none',
    encrypted: true,
    body: ZRegisterRequest,
    response: ZRegisterValue,
    summary: 'Register by username (USERNAMEREG3); login:true answers a session',
    tags,
  }),
  registerMobile: defineEndpoint({
    id: 'registration.registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    modId: 'MOBILENUMREG3',
    auth: 'none',
    encrypted: true,
    body: ZRegisterRequest,
    response: ZRegisterValue,
    summary:
      'Register by mobile number (`mobileNum` or `mobile`; username = the national number) with the SMS code while REGMOBVERF3 is on; login:true answers a session',
    tags,
  }),
};

export const adminAffiliateEndpoints = {
  list: defineEndpoint({
    id: 'admin.affiliates.list',
    method: 'GET',
    path: '/admin/api/affiliates',
    auth: 'operator',
    response: z.array(ZAdminAffiliate),
    summary: "The merchant's agent affiliate codes",
    tags: ['admin'],
  }),
  create: defineEndpoint({
    id: 'admin.affiliates.create',
    method: 'POST',
    path: '/admin/api/affiliates',
    auth: 'operator',
    body: ZAdminAffiliateInput,
    response: ZAdminAffiliate,
    summary: 'Give an agent an affiliate code, optionally bound to a domain (audited)',
    tags: ['admin'],
  }),
};
