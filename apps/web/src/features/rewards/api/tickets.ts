import { pointsEndpoints, promotionEndpoints, ticketEndpoints } from '@bp/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { PROMOTIONS_KEY } from '../../../shared/api/promotion-keys';
import { useAppStore } from '../../../shared/store/app-store';

export const REWARDS_KEY = ['rewards'] as const;

const memberQuery = <T>(
  name: string,
  token: string | null,
  language: string,
  fn: (s: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: [...REWARDS_KEY, name, token, language],
    queryFn: ({ signal }) => fn(signal),
    enabled: !!token,
    staleTime: 15_000,
  });

function useMemberQuery<T>(name: string, fn: (s: AbortSignal) => Promise<T>) {
  const token = useAppStore((s) => s.token);
  const language = useAppStore((s) => s.language);
  return useQuery(memberQuery(name, token, language, fn));
}

/** PROMOFE_getClaimTicketList: the tickets waiting for a draw. */
export const useTickets = () =>
  useMemberQuery('tickets', (signal) =>
    callEndpoint(ticketEndpoints.list, { query: { isApp: 'N', status: 'AVAILABLE', isAll: 'N' }, signal }),
  );

/** MCSFE_getIssuedPromotionList: rewards an operator issued, waiting for the member's claim. */
export const useIssuedRewards = () =>
  useMemberQuery('issued', (signal) => callEndpoint(ticketEndpoints.issued, { signal }));

/** MCSFE_getPointBalance: the member's points (POINTS rewards; not money). */
export const usePointBalance = () =>
  useMemberQuery('points', (signal) => callEndpoint(pointsEndpoints.balance, { signal }));

/** MCSFE_getPointHistory: the latest points movements. */
export const usePointHistory = () =>
  useMemberQuery('pointHistory', (signal) =>
    callEndpoint(pointsEndpoints.history, { query: { pageNo: 1, pageSize: 5 }, signal }),
  );

/** MCSFE_getClaimPromotion: promotions the member can join or claim now. */
export const useClaimablePromotions = () =>
  useMemberQuery('claimable', (signal) => callEndpoint(promotionEndpoints.claimable, { signal }));

/** MCSFE_getFreeSpinList: the member's free spins still to play. */
export const useFreeSpins = () =>
  useMemberQuery('freeSpins', (signal) => callEndpoint(promotionEndpoints.freeSpins, { signal }));

/** PROMOFE_getTicketGlobalConfig: what waits for the member (the reward centre's badge). */
export function useRewardBadge(): number | undefined {
  const q = useMemberQuery('config', (signal) => callEndpoint(ticketEndpoints.globalConfig, { signal }));
  // what waits for the member's action here: tickets to open, issued rewards to claim, free spins to play
  const n = q.data ? q.data.availableCount + q.data.issuedCount + q.data.freeSpinCount : 0;
  return n > 0 ? n : undefined;
}

function useRefreshAfter() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: REWARDS_KEY });
    void qc.invalidateQueries({ queryKey: PROMOTIONS_KEY });
    void qc.invalidateQueries({ queryKey: ['wallet'] });
  };
}

/**
 * PROMOFE_claimTicket with the member's own client seed. The lists refresh when the game has shown
 * the outcome (`refresh`), not at once: the ticket must not vanish from under its own animation.
 */
export function useClaimTicket() {
  return useMutation({
    mutationFn: (v: { transactionId: string; clientSeed: string }) =>
      callEndpoint(ticketEndpoints.claim, { body: { ...v, isApp: 'N' } }),
  });
}
export const useRefreshRewards = useRefreshAfter;

export function useCancelTicket() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (transactionId: string) => callEndpoint(ticketEndpoints.cancel, { body: { transactionId } }),
    onSettled: refresh,
  });
}

export function useClaimIssued() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (claimId: string) => callEndpoint(ticketEndpoints.claimIssued, { body: { claimId } }),
    onSettled: refresh,
  });
}

export function useJoinClaimable() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (promotionId: number) => callEndpoint(promotionEndpoints.join, { body: { promotionId } }),
    onSettled: refresh,
  });
}

/** A fresh client seed for a draw: 16 hex digits from the browser's CSPRNG. */
export function newClientSeed(): string {
  const b = new Uint8Array(8);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
