import { depositEndpoints } from '@bp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { DEPOSIT_KEY } from './get-deposit-settings';

/** GET /wps/relay/MCSFE_getDepositHistory, newest first. */
export const depositHistoryQuery = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: [...DEPOSIT_KEY, 'history', token, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(depositEndpoints.history, { query: { pageNo, pageSize: 10 }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useDepositHistory(pageNo: number) {
  const token = useAppStore((s) => s.token);
  return useQuery(depositHistoryQuery(token, pageNo));
}
