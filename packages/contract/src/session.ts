import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS } from './endpoint.js';
import { ZRsaKey } from './payload-crypto.js';

/**
 * Player sessions (API-REFERENCE §3.1). The token is opaque (32 random bytes, base64url), sent raw in
 * `Authorization` on every member call; the server stores only its SHA-256. Sessions expire after the
 * merchant's idle time and slide with use. With single-session on (default), a new login revokes the
 * member's other sessions: their next call answers 401 `login.not.session` with value
 * `{ reason: 'duplicateLogin' }`.
 *
 * Login failures (decided here, documented for the UI):
 * - unknown username and wrong password both answer 401 `login_failed` (no `USER_NOT_EXIST`), so the
 *   form cannot be used to find accounts; the forgot-password flow is where SPEC's
 *   "username/email does not exist" appears;
 * - when a captcha is (now) needed the failure carries `value: { captcha: true }`; the UI then shows
 *   `GET /wps/captcha` and sends the digits as `captcha`; a missing or wrong captcha answers
 *   400 `captcha_error` with `{ captcha: true }`;
 * - username logins need a `sliderToken` from `POST /wps/captcha/slider/verify` (400 `slider_required`
 *   / `slider_failed`); SMS logins skip the slider;
 * - too many failures for the account or from the IP: 429 `TOO_MANY_REQUESTS` (wait 5 minutes);
 * - blocked account: 403 `us_forbidden_login_error`; non-member account (type 9): 403
 *   `non_member_login`; `agentLogin: true` by a non-agent: 403 `error_not_agent`;
 * - login from an IP the member never used, with LOGINIPVERF3 on: 403 `login_verify_required` with
 *   `value: { ticket, methods }`; no session is issued until `POST /wps/session/login/verification`.
 */
export const LOGIN_TYPES = ['username', 'sms'] as const;
export type TLoginType = (typeof LOGIN_TYPES)[number];

/** Second-step methods of a new-IP login, in the order the UI offers them. */
export const LOGIN_VERIFY_METHODS = ['SMS', 'EMAIL', 'BANK_NAME', 'TOTP'] as const;
export type TLoginVerifyMethod = (typeof LOGIN_VERIFY_METHODS)[number];

const ZDeviceId = z.string().trim().max(128).optional();

export const ZLoginRequest = z.object({
  /** username, or the mobile number for `type: 'sms'` */
  username: z.string().trim().min(1).max(64),
  /** the password, or the SMS code for `type: 'sms'` */
  password: z.string().min(1).max(128),
  type: z.enum(LOGIN_TYPES).default('username'),
  countryDialingCode: z.string().trim().max(8).optional(),
  captcha: z.string().trim().max(16).optional(),
  sliderToken: z.string().trim().max(128).optional(),
  loginDeviceId: ZDeviceId,
  /** true from the `/agent` login page: only agent types may log in there */
  agentLogin: z.boolean().optional(),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZLoginValue = z.object({
  token: z.string(),
  id: z.number().int(),
  userName: z.string(),
  /** member type: agents 1, 2, 41, 42; trial 4; members 0 */
  customerType: z.number().int(),
  firstTimeLogin: z.boolean(),
  /** password older than the merchant's maximum age while PWDEXPFORCECHANGE3 is on */
  passwordExpired: z.boolean(),
  /** the change-password modal must open and cannot be dismissed (default password, expired, first login of an account created by someone else) */
  mustChangePassword: z.boolean(),
  /** ISO time the token expires unless used */
  expiresAt: z.string(),
});
export type TLoginValue = z.infer<typeof ZLoginValue>;

/** `value` of a failed login that needs a captcha. */
export const ZLoginFailureValue = z.object({ captcha: z.boolean() });
/** `value` of `login_verify_required`. */
export const ZLoginVerifyRequired = z.object({
  ticket: z.string(),
  methods: z.array(z.enum(LOGIN_VERIFY_METHODS)),
});
export type TLoginVerifyRequired = z.infer<typeof ZLoginVerifyRequired>;

export const ZFreePlayRequest = z.object({
  os: z.string().trim().max(40).optional(),
  platform: z.string().trim().max(8).optional(),
  loginDeviceId: ZDeviceId,
});

export const ZRsaKeyQuery = z.object({
  format: z.enum(['text', 'json']).default('text'),
  t: z.string().max(20).optional(),
  _: z.string().max(20).optional(),
});

export const ZCaptchaQuery = z.object({
  t: z.string().max(20).optional(),
  /** Browser binding when cookies are unavailable (also read from the `captchaId` header). */
  captchaId: z.string().max(64).optional(),
});

/** Cookie (and header / query fallback) that binds captchas and slider challenges to one browser. */
export const CAPTCHA_COOKIE = 'captchaId';

export const ZSliderChallenge = z.object({
  id: z.string().uuid(),
  /** background size in CSS pixels */
  width: z.number().int(),
  height: z.number().int(),
  /** the square piece's side and its fixed top offset; the user drags it horizontally */
  pieceSize: z.number().int(),
  pieceY: z.number().int(),
  /** base64 PNG of the background with the gap drawn where the piece belongs */
  background: z.string(),
  expiresAt: z.string(),
});
export type TSliderChallenge = z.infer<typeof ZSliderChallenge>;

export const ZSliderVerifyRequest = z.object({
  id: z.string().uuid(),
  /** left edge of the piece where the user let go, in background pixels */
  x: z.number().min(-1000).max(10_000),
  /** optional drag trail [x, ms since start] (kept for scoring; not required) */
  trail: z
    .array(z.tuple([z.number(), z.number()]))
    .max(1000)
    .optional(),
});
export const ZSliderVerifyValue = z.object({ sliderToken: z.string() });

const tags = ['session'];

export const sessionEndpoints = {
  rsaKey: defineEndpoint({
    id: 'session.key.rsa',
    method: 'GET',
    path: '/wps/session/key/rsa',
    auth: 'none',
    query: ZRsaKeyQuery,
    response: ZRsaKey,
    summary:
      'Public key for encrypted calls: text/plain base64 SPKI DER with X-Key-Id (format=json: the envelope {keyId, spki})',
    tags,
  }),
  captcha: defineEndpoint({
    id: 'session.captcha',
    method: 'GET',
    path: '/wps/captcha',
    modId: 'CAPTCHA3',
    auth: 'none',
    query: ZCaptchaQuery,
    response: z.string(),
    summary:
      'New captcha image (value: bare base64 PNG), bound to the captchaId cookie; single use; at most one per second',
    tags,
  }),
  slider: defineEndpoint({
    id: 'session.captcha.slider',
    method: 'GET',
    path: '/wps/captcha/slider',
    auth: 'none',
    query: ZCaptchaQuery,
    response: ZSliderChallenge,
    summary: 'Slider challenge: drag the piece into the gap, then verify',
    tags,
  }),
  sliderVerify: defineEndpoint({
    id: 'session.captcha.slider.verify',
    method: 'POST',
    path: '/wps/captcha/slider/verify',
    auth: 'none',
    body: ZSliderVerifyRequest,
    response: ZSliderVerifyValue,
    summary: 'Checks the slider position (one attempt per challenge) and returns a single-use sliderToken',
    tags,
  }),
  login: defineEndpoint({
    id: 'session.login',
    method: 'POST',
    path: '/wps/session/login',
    modId: 'COMM3',
    auth: 'none',
    encrypted: true,
    body: ZLoginRequest,
    response: ZLoginValue,
    summary: 'Login by username and password, or by mobile number and SMS code (type sms)',
    tags,
  }),
  freePlay: defineEndpoint({
    id: 'session.login.freeplay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    modId: 'FREEPLAY3',
    auth: 'none',
    body: ZFreePlayRequest,
    response: ZLoginValue,
    summary: 'Creates a trial account (type 4) with play money and logs it in',
    tags,
  }),
  logout: defineEndpoint({
    id: 'session.logout',
    method: 'DELETE',
    path: '/wps/session/logout',
    modId: 'COMM3',
    auth: 'member',
    members: MEMBER_KINDS,
    response: z.object({ loggedOut: z.literal(true) }),
    summary: 'Revokes the token sent with the call',
    tags,
  }),
  /** Some clients of the original (PXAPI) log out with POST; same behaviour. */
  logoutPost: defineEndpoint({
    id: 'session.logout.post',
    method: 'POST',
    path: '/wps/session/logout',
    modId: 'COMM3',
    auth: 'member',
    members: MEMBER_KINDS,
    response: z.object({ loggedOut: z.literal(true) }),
    summary: 'Revokes the token sent with the call (POST alias of DELETE)',
    tags,
  }),
};
