import { withdrawEndpoints } from '@bp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { WITHDRAW_KEY } from './get-withdraw-settings';

/** GET /wps/report/withdrawTransaction, newest first. */
export const withdrawHistoryQuery = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: [...WITHDRAW_KEY, 'history', token, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(withdrawEndpoints.history, { query: { pageNo, pageSize: 10 }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useWithdrawHistory(pageNo: number) {
  const token = useAppStore((s) => s.token);
  return useQuery(withdrawHistoryQuery(token, pageNo));
}
