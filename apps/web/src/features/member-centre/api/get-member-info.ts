import { memberEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

/** GET /wps/member/info; same key as the session's own load, so the page reuses what is cached. */
export const memberInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['memberInfo', token],
    queryFn: ({ signal }) => callEndpoint(memberEndpoints.info, { signal }),
    enabled: !!token,
    staleTime: 60_000,
  });

export function useMemberInfo() {
  const token = useAppStore((s) => s.token);
  return useQuery(memberInfoQuery(token));
}
