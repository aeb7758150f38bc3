import { SMS_ERRORS } from './sms.js';
import { REGISTRATION_ERRORS } from './registration.js';
import { SECURITY_ERRORS } from './security-errors.js';
import { WALLET_ERRORS } from './wallet.js';
import { VENDOR_WALLET_ERRORS } from './vendor-wallet.js';
import { WITHDRAW_ERRORS } from './withdraw.js';
import { DEPOSIT_ERRORS } from './deposit.js';
import { TRANSFER_ERRORS } from './transfer.js';
import { ACCOUNT_RECORD_ERRORS } from './account-record.js';
import { GAME_ERRORS } from './games.js';
import { GAME_LAUNCH_ERRORS } from './game-launch.js';
import { GAME_SERVER_ERRORS } from './game-server.js';
import { AGENT_CONTRACT_ERRORS } from './agent-contract.js';
import { PROMOTION_CODE_ERRORS, PROMOTION_ERRORS } from './promotion.js';
import { REFERRAL_ERRORS } from './referral.js';
import { REBATE_ERRORS } from './rebate.js';
import { TICKET_ERRORS } from './ticket.js';
import { MISSION_ERRORS } from './mission.js';
import { RAFFLE_ERRORS } from './raffle.js';
import { PROMOTION_APPLICATION_ERRORS } from './promotion-application.js';
import { POINTS_ERRORS } from './points.js';

/**
 * The error catalogue: one code -> HTTP status and a server message per language.
 * Services throw `new AppError(code)`; the one error handler turns it into the envelope.
 * The web app maps `errorCode` to `t('errors.<code>')`; these texts are for API callers.
 * Codes follow the original platform where it showed them (login.not.session, function.not.available,
 * request_param_err, http_method_not_support) and are snake/dot case otherwise.
 */
export const ERRORS = {
  ...SMS_ERRORS,
  ...SECURITY_ERRORS,
  ...REGISTRATION_ERRORS,
  ...WALLET_ERRORS,
  ...VENDOR_WALLET_ERRORS,
  ...WITHDRAW_ERRORS,
  ...DEPOSIT_ERRORS,
  ...TRANSFER_ERRORS,
  ...ACCOUNT_RECORD_ERRORS,
  ...GAME_ERRORS,
  ...GAME_LAUNCH_ERRORS,
  ...GAME_SERVER_ERRORS,
  ...AGENT_CONTRACT_ERRORS,
  ...PROMOTION_ERRORS,
  ...PROMOTION_CODE_ERRORS,
  ...REFERRAL_ERRORS,
  ...REBATE_ERRORS,
  ...TICKET_ERRORS,
  ...MISSION_ERRORS,
  ...RAFFLE_ERRORS,
  ...PROMOTION_APPLICATION_ERRORS,
  ...POINTS_ERRORS,
  request_param_err: { status: 422, en: 'Please enter correct information', bn: 'অনুগ্রহ করে সঠিক তথ্য লিখুন' },
  request_body_required: { status: 400, en: 'Request body is required', bn: 'অনুরোধের বডি প্রয়োজন' },
  http_method_not_support: { status: 405, en: 'HTTP method not supported', bn: 'এই HTTP পদ্ধতি সমর্থিত নয়' },
  not_found: { status: 404, en: 'Not found', bn: 'পাওয়া যায়নি' },
  // ---- refusals by the HTTP layer itself (issue 12): stable codes, the input is never echoed ----
  bad_url: { status: 400, en: 'The address is not valid', bn: 'ঠিকানাটি বৈধ নয়' },
  payload_too_large: { status: 413, en: 'The request is too large', bn: 'অনুরোধটি অনেক বড়' },
  uri_too_long: { status: 414, en: 'The address is too long', bn: 'ঠিকানাটি অনেক লম্বা' },
  header_too_large: {
    status: 431,
    en: 'The request headers are too large',
    bn: 'অনুরোধের হেডারগুলো অনেক বড়',
  },
  'merchant.not.found': {
    status: 400,
    en: 'Invalid URL (domain check failed), please contact customer service',
    bn: 'অবৈধ URL (ডোমেইন যাচাই ব্যর্থ), অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন',
  },
  'merchant.header.invalid': {
    status: 400,
    en: 'Send exactly one valid Merchant header',
    bn: 'ঠিক একটি বৈধ Merchant হেডার পাঠান',
  },
  'function.not.available': {
    status: 400,
    en: 'The feature is under maintenance',
    bn: 'এই ফিচারটি রক্ষণাবেক্ষণে আছে',
  },
  'login.not.session': {
    status: 401,
    en: 'You are not logged in, please login',
    bn: 'আপনি লগইন করেননি, অনুগ্রহ করে লগইন করুন',
  },
  forbidden: { status: 403, en: 'You are not allowed to do this', bn: 'আপনার এটি করার অনুমতি নেই' },
  conflict: {
    status: 409,
    en: 'The record was changed or already exists',
    bn: 'রেকর্ডটি পরিবর্তিত হয়েছে বা আগে থেকেই আছে',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    en: 'Too many requests, please try again after 5 minutes',
    bn: 'অনেক বেশি অনুরোধ, ৫ মিনিট পর আবার চেষ্টা করুন',
  },
  system_maintenance: { status: 503, en: 'System maintenance notice', bn: 'সিস্টেম রক্ষণাবেক্ষণ নোটিশ' },
  region_restricted: {
    status: 403,
    en: 'Access restricted by location or IP',
    bn: 'অবস্থান বা IP এর কারণে প্রবেশ সীমাবদ্ধ',
  },
  'operator.login.failed': {
    status: 401,
    en: 'Incorrect operator name or password',
    bn: 'অপারেটরের নাম বা পাসওয়ার্ড ভুল',
  },
  // ---- accounts and sessions (issue 3, sessions/members) ----
  /** Wrong password and unknown username answer alike, so the login form does not reveal accounts. */
  login_failed: {
    status: 401,
    en: 'Incorrect username or password',
    bn: 'ব্যবহারকারীর নাম বা পাসওয়ার্ড ভুল',
  },
  captcha_error: {
    status: 400,
    en: 'Please Enter The Correct Captcha Code',
    bn: 'অনুগ্রহ করে সঠিক ক্যাপচা কোড লিখুন',
  },
  slider_required: {
    status: 400,
    en: 'Please complete verification first',
    bn: 'অনুগ্রহ করে প্রথমে যাচাই সম্পন্ন করুন',
  },
  slider_failed: {
    status: 400,
    en: 'Verification failed, please try again',
    bn: 'যাচাই ব্যর্থ হয়েছে, আবার চেষ্টা করুন',
  },
  us_forbidden_login_error: {
    status: 403,
    en: 'This account cannot log in, please contact customer service',
    bn: 'এই অ্যাকাউন্টে লগইন করা যাবে না, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন',
  },
  non_member_login: {
    status: 403,
    en: 'Non-member account unable to login',
    bn: 'নন-মেম্বার অ্যাকাউন্ট দিয়ে লগইন করা যাবে না',
  },
  error_not_agent: {
    status: 403,
    en: 'Non-agents cannot log in',
    bn: 'এজেন্ট ছাড়া অন্য কেউ লগইন করতে পারবেন না',
  },
  /** The password was right but this login needs a second step (value: { ticket, methods }). */
  login_verify_required: {
    status: 403,
    en: 'Please complete verification first',
    bn: 'অনুগ্রহ করে প্রথমে যাচাই সম্পন্ন করুন',
  },
  need_real_account: {
    status: 403,
    en: 'Please use a real account',
    bn: 'অনুগ্রহ করে একটি আসল অ্যাকাউন্ট ব্যবহার করুন',
  },
  system_busy: {
    status: 500,
    en: 'System busy, please try again later',
    bn: 'সিস্টেম ব্যস্ত, পরে আবার চেষ্টা করুন',
  },
} as const satisfies Record<string, { status: number; en: string; bn: string }>;

export type TErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as TErrorCode[];

export function errorMessage(code: TErrorCode, language: string | undefined): string {
  const entry = ERRORS[code];
  return language?.toUpperCase() === 'BN' ? entry.bn : entry.en;
}
