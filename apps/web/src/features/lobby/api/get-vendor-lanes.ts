import { gameEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { lobbyLanes } from '../hooks/lobby-menu';
import { LOBBY_KEY } from './lobby-keys';
import { sessionCached } from './session-cache';

/** GCSGAME_newGameVendor: vendor cards per category, cached in sessionStorage (`gameVendor`, SPEC §3). */
export const vendorLanesQuery = (language: string) =>
  queryOptions({
    queryKey: [...LOBBY_KEY, 'vendors', language],
    queryFn: ({ signal }) =>
      sessionCached(`gameVendor_${language}`, async () => {
        const v = await callEndpoint(gameEndpoints.vendorLanes, {
          query: { platform: 'html5-desktop', language: language.toUpperCase() },
          signal,
        });
        return v.data.lanes;
      }),
    select: lobbyLanes,
    staleTime: Infinity,
  });

export function useVendorLanes() {
  const language = useAppStore((s) => s.language);
  return useQuery(vendorLanesQuery(language));
}
