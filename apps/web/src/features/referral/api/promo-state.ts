import { referralEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { PROMO_STATE_KEY } from './keys';

/**
 * SPEC public state, promotion part: how many promotions the caller can join or claim now
 * (visitors: what they could join) and whether the referral programme runs (header Rewards, side-menu
 * invite link). Per session: a login, a claim or a wallet change refreshes it.
 */
export const promoStateQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...PROMO_STATE_KEY, token],
    queryFn: ({ signal }) => callEndpoint(referralEndpoints.promoState, { signal }),
    staleTime: 60_000,
  });

export function usePromoState() {
  const token = useAppStore((s) => s.token);
  const q = useQuery(promoStateQuery(token));
  return {
    count: q.data?.availablePromoCount ?? 0,
    referralOn: q.data?.availablePromo.some((p) => p.promotionType === 'REFERRAL' && p.enabled) ?? false,
    loaded: q.data !== undefined,
  };
}
