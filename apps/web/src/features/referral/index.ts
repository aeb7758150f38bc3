// Loaders and the light state hook only: the app shell (header, side menu) imports this file.
export const loadReferralPage = () => import('./pages/ReferralPage');
export { usePromoState } from './api/promo-state';
export { PROMO_STATE_KEY, REFERRAL_KEY } from './api/keys';
