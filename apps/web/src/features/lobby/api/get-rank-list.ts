import { gameEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { decimalToMinor } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { LOBBY_KEY } from './lobby-keys';

/** GCSGAME_getRankList: the winner board, 20 entries (SPEC §9), biggest win first. */
export const rankListQuery = (language: string) =>
  queryOptions({
    queryKey: [...LOBBY_KEY, 'winners', language],
    queryFn: ({ signal }) =>
      callEndpoint(gameEndpoints.rankList, {
        query: { gameCategory: 'ALL', limitNum: 20, language: language.toUpperCase() },
        signal,
      }),
    // biggest win first (SPEC §9), compared exactly in minor units
    select: (v) =>
      v.list
        .map((r) => r.vo)
        .sort((a, b) => {
          const d = (decimalToMinor(b.winAmount) ?? 0n) - (decimalToMinor(a.winAmount) ?? 0n);
          return d > 0n ? 1 : d < 0n ? -1 : 0;
        }),
    staleTime: 60_000,
  });

export function useRankList() {
  const language = useAppStore((s) => s.language);
  return useQuery(rankListQuery(language));
}
