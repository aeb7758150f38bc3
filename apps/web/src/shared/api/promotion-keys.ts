/**
 * The query-key prefix of everything a promotion's join or claim changes: the promotions feature's
 * lists and the member centre's bonus progress (two features, one invalidation).
 */
export const PROMOTIONS_KEY = ['promotions'] as const;
