import { accountRecordEndpoints, type TProfitQuery } from '@bp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { RECORDS_KEY } from './get-account-records';

/** GET /wps/relay/ODSFE2_MemProfitLoss: personal profit and loss for a period. */
export const profitQuery = (token: string | null, q: TProfitQuery) =>
  queryOptions({
    queryKey: [...RECORDS_KEY, 'profit', token, q],
    queryFn: ({ signal }) => callEndpoint(accountRecordEndpoints.profit, { query: q, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useProfit(q: TProfitQuery) {
  const token = useAppStore((s) => s.token);
  return useQuery(profitQuery(token, q));
}
