import { depositEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { DEPOSIT_KEY } from './get-deposit-settings';

/**
 * GET /wps/relay/MCSFE_getDepositOrder: the order the gateway sent the player back with. Polled while
 * PENDING as a fallback; the real-time notice normally settles it first.
 */
export const depositOrderQuery = (token: string | null, orderNo: string | null) =>
  queryOptions({
    queryKey: [...DEPOSIT_KEY, 'order', token, orderNo],
    queryFn: ({ signal }) => callEndpoint(depositEndpoints.order, { query: { orderNo: orderNo! }, signal }),
    enabled: !!token && !!orderNo,
    refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? 5_000 : false),
  });

export function useDepositOrder(orderNo: string | null) {
  const token = useAppStore((s) => s.token);
  return useQuery(depositOrderQuery(token, orderNo));
}
