import { accountRecordEndpoints, type TBonusDetailsQuery } from '@bp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { RECORDS_KEY, REPORT_PAGE_SIZE } from './get-account-records';

/** GET /wps/relay/ODSFE2_MemBonusDet: bonus, rebate, salary and dividend lines with the period total. */
export const bonusDetailsQuery = (token: string | null, q: TBonusDetailsQuery) =>
  queryOptions({
    queryKey: [...RECORDS_KEY, 'bonus', token, q],
    queryFn: ({ signal }) => callEndpoint(accountRecordEndpoints.bonus, { query: q, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useBonusDetails(q: TBonusDetailsQuery) {
  const token = useAppStore((s) => s.token);
  return useQuery(bonusDetailsQuery(token, { pageSize: REPORT_PAGE_SIZE, ...q }));
}
