import { promotionEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { PROMOTIONS_KEY } from '../../../shared/api/promotion-keys';
import { useAppStore } from '../../../shared/store/app-store';

export { PROMOTIONS_KEY };

/**
 * The promotions of the merchant: with the member's status of each when logged in
 * (MCSFE_getAvailablePromotions), the visitors' list otherwise (MCSFE_getMerchantAvailablePromotions).
 * The category filter is applied here, not by another request: the list is short.
 */
export const promotionsQuery = (
  token: string | null,
  language: string,
  window: PromotionWindow | null = null,
) =>
  queryOptions({
    queryKey: [...PROMOTIONS_KEY, token, language, window?.from ?? null, window?.to ?? null],
    queryFn: ({ signal }) => {
      const query = window ? { from: window.from, to: window.to } : {};
      return token
        ? callEndpoint(promotionEndpoints.available, { query, signal })
        : callEndpoint(promotionEndpoints.merchantAvailable, { query, signal });
    },
    staleTime: 30_000,
  });

/** A date preset's window (SPEC 2.7): promotions running at some time inside [from, to). */
export interface PromotionWindow {
  from: string;
  to: string;
}

export function usePromotions(window: PromotionWindow | null = null) {
  const token = useAppStore((s) => s.token);
  const language = useAppStore((s) => s.language);
  return useQuery(promotionsQuery(token, language, window));
}

/** How many promotions each category holds now (PROMOFE_getPromotionAnnouncementCategory). */
export function usePromotionCategories() {
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, 'categories'],
    queryFn: ({ signal }) => callEndpoint(promotionEndpoints.categories, { signal }),
    staleTime: 60_000,
  });
}
