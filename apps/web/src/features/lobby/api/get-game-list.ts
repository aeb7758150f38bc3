import { gameEndpoints, type TGameClassify, type TGameType } from '@bp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { LOBBY_KEY } from './lobby-keys';

export interface TGameListFilter {
  gameType?: TGameType;
  vassalage?: string;
  gameClassify?: TGameClassify;
  /** name substring, any shipped language */
  gameName?: string;
  pageNo: number;
  pageSize: number;
}

/** GCSGAME_gameList: one page of games for the filter (SPEC §7 Games). */
export const gameListQuery = (f: TGameListFilter, language: string) =>
  queryOptions({
    queryKey: [...LOBBY_KEY, 'games', language, f],
    queryFn: ({ signal }) =>
      callEndpoint(gameEndpoints.gameList, {
        query: {
          clientType: 3,
          platform: 'html5-desktop',
          language: language.toUpperCase(),
          gameType: f.gameType,
          vassalage: f.vassalage,
          gameClassify: f.gameClassify,
          gameName: f.gameName,
          pageNo: f.pageNo,
          pageSize: f.pageSize,
        },
        signal,
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useGameList(f: TGameListFilter, enabled = true) {
  const language = useAppStore((s) => s.language);
  return useQuery({ ...gameListQuery(f, language), enabled });
}
