/**
 * The error catalogue: one code -> HTTP status and a server message per language.
 * Services throw `new AppError(code)`; the one error handler turns it into the envelope.
 * The web app maps `errorCode` to `t('errors.<code>')`; these texts are for API callers.
 * Codes follow the original platform where it showed them (login.not.session, function.not.available,
 * request_param_err, http_method_not_support) and are snake/dot case otherwise.
 */
export const ERRORS = {
  request_param_err: { status: 422, en: 'Please enter correct information', bn: 'অনুগ্রহ করে সঠিক তথ্য লিখুন' },
  request_body_required: { status: 400, en: 'Request body is required', bn: 'অনুরোধের বডি প্রয়োজন' },
  http_method_not_support: { status: 405, en: 'HTTP method not supported', bn: 'এই HTTP পদ্ধতি সমর্থিত নয়' },
  not_found: { status: 404, en: 'Not found', bn: 'পাওয়া যায়নি' },
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
