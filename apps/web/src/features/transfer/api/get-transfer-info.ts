import { transferEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

/** GET /wps/relay/MCSFE_getTransferInfo: the upline, what is allowed, limits and today's use. */
export const transferInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['wallet', 'transferInfo', token],
    queryFn: ({ signal }) => callEndpoint(transferEndpoints.info, { signal }),
    enabled: !!token,
  });

export function useTransferInfo() {
  const token = useAppStore((s) => s.token);
  return useQuery(transferInfoQuery(token));
}
