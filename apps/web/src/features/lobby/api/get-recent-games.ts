import { gameEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { RECENT_GAMES_KEY } from './lobby-keys';

/** GCS_recentGame: the member's recently launched games, newest first. */
export const recentGamesQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: [...RECENT_GAMES_KEY, token, language],
    queryFn: ({ signal }) =>
      callEndpoint(gameEndpoints.recentGames, { query: { language: language.toUpperCase() }, signal }),
    select: (v) => v.list,
    staleTime: 30_000,
  });

export function useRecentGames() {
  const token = useAppStore((s) => s.token);
  const isLogin = useAppStore((s) => s.isLogin);
  const language = useAppStore((s) => s.language);
  return useQuery({ ...recentGamesQuery(token, language), enabled: isLogin });
}
