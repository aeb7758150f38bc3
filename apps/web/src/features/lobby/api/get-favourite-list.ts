import { gameEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { FAVOURITES_KEY } from './lobby-keys';

/** MCSFE_getFavoriteGamesList: the favourite games themselves, page size 999 (SPEC §9), newest first. */
export const favouriteListQuery = (token: string | null, language: string) =>
  queryOptions({
    queryKey: [...FAVOURITES_KEY, 'list', token, language],
    queryFn: ({ signal }) =>
      callEndpoint(gameEndpoints.favouriteList, {
        query: { clientType: 3, language: language.toUpperCase(), pageNo: 1, pageSize: 999 },
        signal,
      }),
    select: (v) => v.content,
    staleTime: 60_000,
  });

export function useFavouriteList() {
  const token = useAppStore((s) => s.token);
  const isLogin = useAppStore((s) => s.isLogin);
  const language = useAppStore((s) => s.language);
  return useQuery({ ...favouriteListQuery(token, language), enabled: isLogin });
}
