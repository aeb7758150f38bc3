import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ZPage } from './admin.js';
import { ADMIN_PAGE_SIZE } from './admin.js';

/**
 * SMS verification codes (API-REFERENCE §3.1). A code is 6 digits, valid `expiredMinutes` (merchant
 * setting, default 5), single use, and dies after 5 wrong tries. Sending is throttled per number and per
 * caller IP: at most one request per second (SPEC §9 `SMS_THROTTLE_MS`) and a few per hour, then
 * TOO_MANY_REQUESTS. Phone numbers are national numbers of the country given by `countryDialingCode`
 * (BD: 10 digits after +880, a leading 0 accepted); members are stored under the national number
 * without the trunk 0 (`normalisePhone`).
 */
export const SMS_PURPOSES = ['login', 'register', 'reset', 'bind', 'verify'] as const;
export type TSmsPurpose = (typeof SMS_PURPOSES)[number];

export const SMS_CODE_LENGTH = 6;
export const SMS_DEFAULTS = {
  expiredMinutes: 5,
  maxAttempts: 5,
  perNumberPerHour: 5,
  perIpPerHour: 20,
  dailyQuota: 10_000,
} as const;

/** `operationType` of `/wps/v2/verification/sms/send`: 5 = bind or verify the member's mobile (§5.3). */
export const SMS_OPERATION_TYPES = { BIND_MOBILE: 5 } as const;

/** Error codes of SPEC §8's phone/SMS list (the catalogue in errors.ts spreads these in). */
export const SMS_ERRORS = {
  sms_phone_invalid: {
    status: 422,
    en: 'Invalid phone number format',
    bn: 'ফোন নম্বরের ফরম্যাট সঠিক নয়',
  },
  sms_phone_missing: { status: 422, en: 'Missing phone number', bn: 'ফোন নম্বর দেওয়া হয়নি' },
  sms_code_invalid: {
    status: 422,
    en: 'Invalid or missing verification code',
    bn: 'যাচাইকরণ কোড ভুল বা দেওয়া হয়নি',
  },
  sms_code_expired: {
    status: 422,
    en: 'Verification code expired, please send again',
    bn: 'যাচাইকরণ কোডের মেয়াদ শেষ, আবার পাঠান',
  },
  sms_not_enabled: {
    status: 403,
    en: 'Operation not enabled, please contact customer service',
    bn: 'এই কার্যক্রম চালু নেই, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন',
  },
  sms_quota_insufficient: {
    status: 503,
    en: 'Quota not sufficient, please contact customer service',
    bn: 'কোটা পর্যাপ্ত নয়, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন',
  },
  sms_unknown_error: { status: 502, en: 'Unknown error', bn: 'অজানা ত্রুটি' },
  sms_mobile_registered: {
    status: 409,
    en: 'This mobile number is already registered',
    bn: 'এই মোবাইল নম্বরটি ইতিমধ্যে নিবন্ধিত',
  },
} as const;

const ZDialingCode = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\+?[1-9][0-9]{0,3}$/, 'countryDialingCode like +880'));
/** A phone field: validated for shape by the service (so the answer is the SPEC's phone error, not 422). */
const ZPhoneField = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().max(32))
  .optional();

export const ZSmsSent = z.object({ expiredMinutes: z.number().int() });
export type TSmsSent = z.infer<typeof ZSmsSent>;

export const ZSmsNoLoginRequest = z.object({
  mobileNum: ZPhoneField,
  countryDialingCode: ZDialingCode.default('+880'),
  /** slider fields are accepted and ignored: SMS login skips the slider (SPEC §4) */
  sliderToken: z.string().max(512).optional(),
});
export const ZSmsRegisterRequest = z.object({
  mobileNo: ZPhoneField,
  countryDialingCode: ZDialingCode.default('+880'),
});
export const ZSmsSendRequest = z.object({
  mobileNum: ZPhoneField,
  operationType: z.coerce.number().int(),
  countryDialingCode: ZDialingCode.default('+880'),
});
export const ZSmsVerifyRequest = z.object({
  mobileNum: ZPhoneField,
  countryDialingCode: ZDialingCode.default('+880'),
  verificationCode: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(16))
    .optional(),
});

export const ZSmsOutboxQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
  /** national number or full number with country code; matches the stored national number */
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{4,20}$/)
    .optional(),
  purpose: z.enum(SMS_PURPOSES).optional(),
});
export type TSmsOutboxQuery = z.input<typeof ZSmsOutboxQuery>;

export const ZSmsOutboxEntry = z.object({
  id: z.number().int(),
  mobile: z.string(),
  countryDialingCode: z.string(),
  /** the message as sent: it carries the code (the outbox is the built-in provider's delivery) */
  text: z.string(),
  purpose: z.enum(SMS_PURPOSES),
  createdAt: z.string(),
});
export type TSmsOutboxEntry = z.infer<typeof ZSmsOutboxEntry>;

const tags = ['sms'];

export const smsEndpoints = {
  noLogin: defineEndpoint({
    id: 'sms.noLogin',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    modId: 'VERIFICATION3',
    auth: 'none',
    body: ZSmsNoLoginRequest,
    response: ZSmsSent,
    summary:
      'Login code by SMS. Always answers expiredMinutes (it never reveals whether the number belongs to a member); the code is sent only to a member’s number',
    tags,
  }),
  register: defineEndpoint({
    id: 'sms.register',
    method: 'POST',
    path: '/wps/verification/sms/register',
    auth: 'none',
    body: ZSmsRegisterRequest,
    response: ZSmsSent,
    summary:
      'Registration code by SMS (REGMOBVERF3 or MOBILENUMREG3 on, else sms_not_enabled); a number already registered is refused',
    tags,
  }),
  send: defineEndpoint({
    id: 'sms.v2.send',
    method: 'POST',
    path: '/wps/v2/verification/sms/send',
    modId: 'VERIFICATION3',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZSmsSendRequest,
    response: ZSmsSent,
    summary: 'Code to bind or verify the member’s mobile (operationType 5)',
    tags,
  }),
  verify: defineEndpoint({
    id: 'sms.v2.verify',
    method: 'POST',
    path: '/wps/v2/verification/sms/verify',
    modId: 'VERIFICATION3',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZSmsVerifyRequest,
    response: z.object({ verified: z.literal(true), mobile: z.string() }),
    summary: 'Checks the code sent by /send and binds the number to the member (masked number in the answer)',
    tags,
  }),
};

export const ZSmsSettings = z.object({
  /** validity of a code, minutes (the client counts down expiredMinutes × 60 s) */
  expiredMinutes: z.number().int().min(1).max(60),
  /** wrong tries before a code dies */
  maxAttempts: z.number().int().min(1).max(20),
  perNumberPerHour: z.number().int().min(1).max(1000),
  perIpPerHour: z.number().int().min(1).max(100_000),
  /** codes per rolling 24 hours for the whole merchant (provider credit); 0 stops sending */
  dailyQuota: z.number().int().min(0).max(10_000_000),
});
export type TSmsSettings = z.infer<typeof ZSmsSettings>;
export const ZSmsSettingsUpdate = ZSmsSettings.partial().refine((v) => Object.keys(v).length > 0, {
  message: 'nothing to change',
});

export const adminSmsEndpoints = {
  getSettings: defineEndpoint({
    id: 'admin.sms.settings.get',
    method: 'GET',
    path: '/admin/api/sms-settings',
    auth: 'operator',
    response: ZSmsSettings,
    summary: "The merchant's SMS code settings (validity, attempts, throttles, quota)",
    tags: ['admin'],
  }),
  setSettings: defineEndpoint({
    id: 'admin.sms.settings.update',
    method: 'PUT',
    path: '/admin/api/sms-settings',
    auth: 'operator',
    body: ZSmsSettingsUpdate,
    response: ZSmsSettings,
    summary: 'Change SMS code settings (audited)',
    tags: ['admin'],
  }),
  outbox: defineEndpoint({
    id: 'admin.sms.outbox',
    method: 'GET',
    path: '/admin/api/sms-outbox',
    auth: 'operator',
    query: ZSmsOutboxQuery,
    response: ZPage(ZSmsOutboxEntry),
    summary: 'Messages the built-in SMS provider delivered, newest first; filter by mobile or purpose',
    tags: ['admin'],
  }),
};
