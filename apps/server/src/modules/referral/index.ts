/** The referral module's public entry: what other modules, the app and the seed may use. */
export { referralServiceFor, registerReferral, REFERRAL_TURNOVER_JOB } from './register.js';
export type { ReferralService } from './referral.service.js';
