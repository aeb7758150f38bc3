/** Query keys of the feature (the app's real-time wiring refreshes them on a wallet change). */
export const PROMO_STATE_KEY = ['promoState'] as const;
export const REFERRAL_KEY = ['referral'] as const;
