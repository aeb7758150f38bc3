import { missionEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { MISSIONS_KEY } from './keys';

/** MCSFE_getMissionSummaryDetails: the missions of this day and week with progress, and the claimable count. */
export const missionSummaryQuery = (token: string | null, enabled = true) =>
  queryOptions({
    queryKey: [...MISSIONS_KEY, 'summary', token],
    queryFn: ({ signal }) => callEndpoint(missionEndpoints.summary, { signal }),
    enabled: !!token && enabled,
    staleTime: 30_000,
  });

export function useMissionSummary() {
  const token = useAppStore((s) => s.token);
  return useQuery(missionSummaryQuery(token));
}

/** The missionLeaderboard menu badge (SPEC 2.4): completed missions whose reward waits. */
export function useMissionBadge(): number | undefined {
  const token = useAppStore((s) => s.token);
  const isTrial = useAppStore((s) => s.isTrial);
  const q = useQuery(missionSummaryQuery(token, !isTrial));
  return q.data?.claimableCount || undefined;
}
