import { promotionEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { PROMOTIONS_KEY } from '../../../shared/api/promotion-keys';

/**
 * MCS2_getPromotionClaimList: the member's bonuses with their wagering progress. Under the promotions
 * key so that joining or claiming one refreshes it; the titles come in the request's language.
 */
export const bonusProgressQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: [...PROMOTIONS_KEY, 'claims', token, language],
    queryFn: ({ signal }) => callEndpoint(promotionEndpoints.claims, { signal }),
    enabled: !!token,
  });

export function useBonusProgress() {
  const token = useAppStore((s) => s.token);
  const language = useAppStore((s) => s.language);
  return useQuery(bonusProgressQuery(token, language));
}
