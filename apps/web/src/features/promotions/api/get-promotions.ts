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
export const promotionsQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: [...PROMOTIONS_KEY, token, language],
    queryFn: ({ signal }) =>
      token
        ? callEndpoint(promotionEndpoints.available, { query: {}, signal })
        : callEndpoint(promotionEndpoints.merchantAvailable, { query: {}, signal }),
    staleTime: 30_000,
  });

export function usePromotions() {
  const token = useAppStore((s) => s.token);
  const language = useAppStore((s) => s.language);
  return useQuery(promotionsQuery(token, language));
}
