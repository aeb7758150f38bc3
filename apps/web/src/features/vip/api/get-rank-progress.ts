import { vipEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

import { VIP_KEY } from './keys';

/** MCSFE_getPlayerRankProgress: the member's rank, the next one and the figures toward it. */
export const rankProgressQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...VIP_KEY, 'progress', token],
    queryFn: ({ signal }) => callEndpoint(vipEndpoints.rankProgress, { signal }),
    enabled: !!token,
    staleTime: 30_000,
  });

export function useRankProgress() {
  const token = useAppStore((s) => s.token);
  return useQuery(rankProgressQuery(token));
}
