// Loaders and the light state hook only: the app shell (header, side menu) imports this file.
export const loadReferralPage = () => import('./pages/ReferralPage');
export { usePromoState, PROMO_STATE_KEY } from './api/promo-state';
