import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS, REAL_MEMBERS } from './endpoint.js';
import { ADMIN_PAGE_SIZE, ZPage } from './admin.js';
import { LOGIN_VERIFY_METHODS, ZLoginValue } from './session.js';

// ---- Mail outbox (operator API) -----------------------------------------------------------------

export const ZMailOutboxQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
  /** exact recipient address (case-insensitive) */
  to: z.string().trim().min(3).max(254).optional(),
  kind: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
});
export type TMailOutboxQuery = z.input<typeof ZMailOutboxQuery>;

export const ZMailOutboxEntry = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** Without SMTP the full text (the demo's delivery channel); with SMTP the codes and links are masked. */
  text: z.string(),
  html: z.string().nullable(),
  transport: z.enum(['outbox', 'smtp']),
  status: z.enum(['stored', 'sent', 'failed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TMailOutboxEntry = z.infer<typeof ZMailOutboxEntry>;

export const mailAdminEndpoints = {
  outbox: defineEndpoint({
    id: 'admin.mail.outbox',
    method: 'GET',
    path: '/admin/api/mail-outbox',
    auth: 'operator',
    query: ZMailOutboxQuery,
    response: ZPage(ZMailOutboxEntry),
    summary: "The merchant's sent and stored mails, newest first; filter by recipient and kind",
    tags: ['admin'],
  }),
};

// ---- Passwords (API-REFERENCE §3.1; SPEC §3 change/forgot password, §5 validation) ----------------
//
// New passwords follow the merchant's password rule of the registration rules
// (`/wps/system/setting/register` -> `password`): a breach answers 422 `password_rule` whose `message`
// is the rule's text with min/max substituted and whose value is `{ field, key, params }`.
// Wrong old/payment passwords count towards a 5-minute throttle (TOO_MANY_REQUESTS after 5).

const ZPassword = z.string().max(128);
const ZRequiredPassword = ZPassword.min(1);

export const ZChangePasswordRequest = z.object({
  oldPassword: ZRequiredPassword,
  newPassword: ZPassword,
  confirmNewPassword: ZPassword,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const ZPasswordRuleError = z.object({
  field: z.string(),
  key: z.string(),
  params: z.array(z.number().int()),
});

/**
 * Forgot password by e-mail (form-encoded): the mail carries a link and a code, both valid 30 minutes.
 * The link is `<site>/#resetToken=<token>`: the token rides in the fragment, which browsers never send,
 * so it cannot end up in a server or proxy log. The site opens the reset modal with it and posts it to
 * `/wps/member/password/reset`.
 */
export const PASSWORD_RESET_MINUTES = 30;
export const PASSWORD_RESET_PARAM = 'resetToken';
export const passwordResetLink = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, '')}/#${PASSWORD_RESET_PARAM}=${encodeURIComponent(token)}`;
export const ZForgotPasswordEmailRequest = z.object({
  username: z.string().trim().min(1).max(64),
  email: z.string().trim().min(3).max(254).pipe(z.email()),
});
export const ZForgotPasswordEmailValue = z.object({
  sent: z.literal(true),
  expiredMinutes: z.number().int(),
});

/** Completes a reset with the link's token, or with the username and the code from the same mail. */
export const ZResetPasswordRequest = z
  .object({
    token: z.string().trim().min(16).max(128).optional(),
    username: z.string().trim().min(1).max(64).optional(),
    code: z.string().trim().max(16).optional(),
    newPassword: ZPassword,
    confirmNewPassword: ZPassword,
  })
  .refine((v) => v.token !== undefined || (v.username !== undefined && v.code !== undefined), {
    message: 'token, or username and code',
  });
export const ZResetPasswordValue = z.object({ reset: z.literal(true) });

const ZPhone = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().max(32));
const ZDialing = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().max(8))
  .optional();

/** Code for resetting by phone (PWRESETSMS3): same answer whether or not the number is a member's. */
export const ZPasswordSmsRequest = z.object({ mobileNum: ZPhone, countryDialingCode: ZDialing });

/** Set a new password with an SMS code (CHNGPASSVERIF3); the member is then logged in (login value). */
export const ZPasswordByPhoneRequest = z.object({
  newPassword: ZPassword,
  /** checked when sent */
  confirmNewPassword: ZPassword.optional(),
  mobileNum: ZPhone,
  countryDialingCode: ZDialing,
  verificationCode: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(16)),
  loginDeviceId: z.string().trim().max(128).optional(),
});

/** Payment (withdrawal) password: the merchant's paymentPassword rule, by default exactly 6 digits. */
export const ZSetPaymentPasswordRequest = z.object({
  /** the login password, proving the session's owner is at the keyboard */
  password: ZRequiredPassword,
  paymentPassword: ZPassword,
  confirmPaymentPassword: ZPassword,
});
export const ZChangePaymentPasswordRequest = z.object({
  oldPaymentPassword: ZRequiredPassword,
  newPaymentPassword: ZPassword,
  confirmNewPaymentPassword: ZPassword,
});

const tagsPw = ['password'];

export const passwordEndpoints = {
  change: defineEndpoint({
    id: 'member.password.change',
    method: 'POST',
    path: '/wps/member/password',
    modId: 'PASS3',
    auth: 'member',
    members: REAL_MEMBERS,
    encrypted: true,
    body: ZChangePasswordRequest,
    response: z.object({ changed: z.literal(true) }),
    summary:
      "Change the login password (real accounts): old must verify, new follows the password rule and differs; the member's other sessions end",
    tags: tagsPw,
  }),
  forgotByEmail: defineEndpoint({
    id: 'member.password.email',
    method: 'POST',
    path: '/wps/member/password/email',
    modId: 'COMM3',
    auth: 'none',
    form: true,
    body: ZForgotPasswordEmailRequest,
    response: ZForgotPasswordEmailValue,
    summary:
      'Forgot password: mails a reset link and code when username and e-mail match (404 user_email_not_exist otherwise); throttled per IP and username',
    tags: tagsPw,
  }),
  reset: defineEndpoint({
    id: 'member.password.reset',
    method: 'POST',
    path: '/wps/member/password/reset',
    modId: 'COMM3',
    auth: 'none',
    body: ZResetPasswordRequest,
    response: ZResetPasswordValue,
    summary:
      "New password from the reset mail's link token or code (single use, 30 minutes); all sessions end",
    tags: tagsPw,
  }),
  smsCode: defineEndpoint({
    id: 'member.password.sms',
    method: 'POST',
    path: '/wps/member/password/sms',
    modId: 'PWRESETSMS3',
    auth: 'none',
    body: ZPasswordSmsRequest,
    response: z.object({ expiredMinutes: z.number().int() }),
    summary:
      "SMS code for resetting the password by phone (sent only to a member's number; same answer either way)",
    tags: tagsPw,
  }),
  byPhone: defineEndpoint({
    id: 'member.password.verification',
    method: 'POST',
    path: '/wps/member/password/verification',
    modId: 'CHNGPASSVERIF3',
    auth: 'none',
    encrypted: true,
    body: ZPasswordByPhoneRequest,
    response: ZLoginValue,
    summary: 'Set a new password with an SMS code (purpose reset), then log in (login value)',
    tags: tagsPw,
  }),
  hasWithdrawalPassword: defineEndpoint({
    id: 'member.paymentPassword.has',
    method: 'GET',
    path: '/wps/member/hasWithdrawalPassword',
    modId: 'COMM3',
    auth: 'member',
    members: REAL_MEMBERS,
    response: z.boolean(),
    summary: 'Whether the member has set a withdrawal (payment) password',
    tags: tagsPw,
  }),
  setPaymentPassword: defineEndpoint({
    id: 'member.paymentPassword.set',
    method: 'PUT',
    path: '/wps/member/paymentPassword',
    modId: 'COMM3',
    auth: 'member',
    members: REAL_MEMBERS,
    encrypted: true,
    body: ZSetPaymentPasswordRequest,
    response: z.object({ set: z.literal(true) }),
    summary: 'Set the first withdrawal password (needs the login password; real accounts only)',
    tags: tagsPw,
  }),
  changePaymentPassword: defineEndpoint({
    id: 'member.paymentPassword.change',
    method: 'POST',
    path: '/wps/member/paymentPassword',
    modId: 'COMM3',
    auth: 'member',
    members: REAL_MEMBERS,
    encrypted: true,
    body: ZChangePaymentPasswordRequest,
    response: z.object({ changed: z.literal(true) }),
    summary: 'Change the withdrawal password (needs the old one; real accounts only)',
    tags: tagsPw,
  }),
};

// ---- Login-IP verification and Google Authenticator (LOGINIPVERF3) -----------------------------
//
// A login from an IP the member never used answers 403 `login_verify_required` with
// `{ ticket, methods }` (session.ts). The client then proves the member by one of `methods`:
// SMS / EMAIL (ask for a code with `.../verification/send`, then send it), BANK_NAME (the bank account
// name on file, case and spacing ignored) or TOTP (the authenticator's current code). 5 wrong answers
// kill the ticket (401 `login_ticket_invalid`: log in again). Success answers like login.

export const ZLoginVerifySendRequest = z.object({
  ticket: z.string().trim().min(16).max(128),
  method: z.enum(['SMS', 'EMAIL']),
});
export const ZLoginVerifySendValue = z.object({
  expiredMinutes: z.number().int(),
  /** masked destination: `0171234****` or `pl****@example.com` */
  to: z.string(),
});
export const ZLoginVerifyRequest = z.object({
  ticket: z.string().trim().min(16).max(128),
  method: z.enum(LOGIN_VERIFY_METHODS),
  code: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(16))
    .optional(),
  bankAccountName: z.string().trim().max(100).optional(),
  loginDeviceId: z.string().trim().max(128).optional(),
});
/** `value` of a wrong second-step answer. */
export const ZLoginVerifyFailure = z.object({ attemptsLeft: z.number().int() });

export const EMAIL_CODE_MINUTES = 10;
export const TOTP_BIND_MINUTES = 10;

export const ZTotpStatus = z.object({ bound: z.boolean(), boundAt: z.string().nullable() });
export const ZTotpBindStart = z.object({
  /** base32 secret to type into the authenticator (shown once) */
  secret: z.string(),
  /** otpauth://totp/... for a QR code */
  otpauthUrl: z.string(),
  expiresAt: z.string(),
});
export const ZTotpCodeRequest = z.object({
  code: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(16)),
});

const tags2fa = ['two-factor'];

export const twoFactorEndpoints = {
  loginVerifySend: defineEndpoint({
    id: 'session.login.verification.send',
    method: 'POST',
    path: '/wps/session/login/verification/send',
    modId: 'LOGINIPVERF3',
    auth: 'none',
    body: ZLoginVerifySendRequest,
    response: ZLoginVerifySendValue,
    summary: 'Send the SMS or e-mail code for the second step of a login from a new IP',
    tags: tags2fa,
  }),
  loginVerify: defineEndpoint({
    id: 'session.login.verification',
    method: 'POST',
    path: '/wps/session/login/verification',
    modId: 'LOGINIPVERF3',
    auth: 'none',
    encrypted: true,
    body: ZLoginVerifyRequest,
    response: ZLoginValue,
    summary:
      'Second step of a login from a new IP (SMS, EMAIL, BANK_NAME or TOTP); success answers like login and remembers the IP',
    tags: tags2fa,
  }),
  totpStatus: defineEndpoint({
    id: 'member.totp.status',
    method: 'GET',
    path: '/wps/member/totp',
    auth: 'member',
    members: MEMBER_KINDS,
    response: ZTotpStatus,
    summary: 'Whether Google Authenticator is bound',
    tags: tags2fa,
  }),
  totpBindStart: defineEndpoint({
    id: 'member.totp.bind.start',
    method: 'POST',
    path: '/wps/member/totp/bind/start',
    auth: 'member',
    members: REAL_MEMBERS,
    response: ZTotpBindStart,
    summary:
      'Start binding Google Authenticator: a new secret, valid until confirmed with a code (10 minutes)',
    tags: tags2fa,
  }),
  totpBindConfirm: defineEndpoint({
    id: 'member.totp.bind.confirm',
    method: 'POST',
    path: '/wps/member/totp/bind/confirm',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZTotpCodeRequest,
    response: z.object({ bound: z.literal(true) }),
    summary: "Confirm the binding with the authenticator's current code",
    tags: tags2fa,
  }),
  totpUnbind: defineEndpoint({
    id: 'member.totp.unbind',
    method: 'POST',
    path: '/wps/member/totp/unbind',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZTotpCodeRequest,
    response: z.object({ bound: z.literal(false) }),
    summary: 'Remove Google Authenticator (needs its current code)',
    tags: tags2fa,
  }),
};
