import { checkinEndpoints } from '@bp/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, isApiError } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { MISSIONS_KEY } from './keys';

/**
 * MCSFE_getLoginPromotionCalendar: this week's check-in calendar; null when the merchant runs no
 * daily check-in (the section is then left out).
 */
export const checkinQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...MISSIONS_KEY, 'checkin', token],
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint(checkinEndpoints.calendar, { query: {}, signal });
      } catch (e) {
        if (isApiError(e) && e.errorCode === 'checkin_unavailable') return null;
        throw e;
      }
    },
    enabled: !!token,
    staleTime: 30_000,
  });

export function useCheckin() {
  const token = useAppStore((s) => s.token);
  return useQuery(checkinQuery(token));
}

/** MCSFE_claimLoginPromotion: signs today; the calendar, missions (login days) and wallet refresh. */
export function useClaimCheckin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (promotionId: number) => callEndpoint(checkinEndpoints.claim, { body: { promotionId } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: MISSIONS_KEY });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

/** PROMOFE_recordCustomerHeartbeatDaily: once a day per visit of the page (login-day missions count it). */
export function useHeartbeat() {
  const token = useAppStore((s) => s.token);
  return useQuery({
    queryKey: [...MISSIONS_KEY, 'heartbeat', token],
    queryFn: ({ signal }) => callEndpoint(checkinEndpoints.heartbeat, { signal }),
    enabled: !!token,
    staleTime: 60 * 60_000,
  });
}
