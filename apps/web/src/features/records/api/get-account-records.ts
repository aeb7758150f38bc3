import { accountRecordEndpoints, type TAccountRecordQuery } from '@bp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

export const RECORDS_KEY = ['records'] as const;
export const REPORT_PAGE_SIZE = 20;

/** GET /wps/relay/ODSFE2_MemTransDet: the account record (ledger lines), newest first. */
export const accountRecordsQuery = (token: string | null, q: TAccountRecordQuery) =>
  queryOptions({
    queryKey: [...RECORDS_KEY, 'account', token, q],
    queryFn: ({ signal }) => callEndpoint(accountRecordEndpoints.records, { query: q, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useAccountRecords(q: TAccountRecordQuery) {
  const token = useAppStore((s) => s.token);
  return useQuery(accountRecordsQuery(token, { pageSize: REPORT_PAGE_SIZE, ...q }));
}
