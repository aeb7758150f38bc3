import { missionEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { MISSIONS_KEY } from './keys';

export type LeaderboardPeriod = 'DAILY' | 'WEEKLY';

/** MCSFE_getMissionLeaderboard: the ranking of the day or week and the member's own place. */
export const leaderboardQuery = (token: string | null, period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [...MISSIONS_KEY, 'leaderboard', period, token],
    queryFn: ({ signal }) =>
      callEndpoint(missionEndpoints.leaderboard, { query: { period, size: 20 }, signal }),
    enabled: !!token,
    staleTime: 60_000,
  });

export function useLeaderboard(period: LeaderboardPeriod) {
  const token = useAppStore((s) => s.token);
  return useQuery(leaderboardQuery(token, period));
}
