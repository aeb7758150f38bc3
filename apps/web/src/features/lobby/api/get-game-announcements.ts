import { gameAnnouncementEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { LOBBY_KEY } from './lobby-keys';

/** Whose announcements: a vendor's, or a game's (its own plus its vendor's vendor-wide ones). */
export interface TAnnouncementScope {
  vassalage?: string;
  nodeId?: number;
  /** the page's or list's game type: rows for another type stay away */
  gameType?: string;
}

/** GCSGAME_getGameAnnouncements: the live game announcements of a vendor or game (SPEC §7 Games). */
export const gameAnnouncementsQuery = (scope: TAnnouncementScope, language: string) =>
  queryOptions({
    queryKey: [...LOBBY_KEY, 'announcements', language, scope],
    queryFn: ({ signal }) =>
      callEndpoint(gameAnnouncementEndpoints.list, {
        query: {
          vassalage: scope.vassalage,
          nodeId: scope.nodeId,
          gameType: scope.gameType,
          language: language.toUpperCase(),
        },
        signal,
      }),
    staleTime: 60_000,
  });

export function useGameAnnouncements(scope: TAnnouncementScope) {
  const language = useAppStore((s) => s.language);
  return useQuery({
    ...gameAnnouncementsQuery(scope, language),
    enabled: !!scope.vassalage || scope.nodeId !== undefined,
  });
}
