import { gameEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { LOBBY_KEY } from './lobby-keys';
import { sessionCached } from './session-cache';

/** GCSGAME_hotGamesV2: the merchant's hot games, cached in sessionStorage until a refresh (SPEC §4). */
export const hotGamesQuery = (language: string) =>
  queryOptions({
    queryKey: [...LOBBY_KEY, 'hot', language],
    queryFn: ({ signal }) =>
      sessionCached(`hotGames_${language}`, async () => {
        const v = await callEndpoint(gameEndpoints.hotGames, {
          query: { isPlatform: 2, platform: 'html5-desktop', language: language.toUpperCase() },
          signal,
        });
        return v.list;
      }),
    staleTime: Infinity,
  });

export function useHotGames() {
  const language = useAppStore((s) => s.language);
  return useQuery(hotGamesQuery(language));
}
