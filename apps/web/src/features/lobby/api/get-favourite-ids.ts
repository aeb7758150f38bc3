import { gameEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { FAVOURITES_KEY } from './lobby-keys';

/** MCSFE_getFavoriteGames: the member's favourite node ids (the hearts). */
export const favouriteIdsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...FAVOURITES_KEY, 'ids', token],
    queryFn: ({ signal }) =>
      callEndpoint(gameEndpoints.favouriteIds, { query: { clientType: 3, pageSize: 999 }, signal }),
    staleTime: 5 * 60_000,
  });

export function useFavouriteIds() {
  const token = useAppStore((s) => s.token);
  const isLogin = useAppStore((s) => s.isLogin);
  return useQuery({ ...favouriteIdsQuery(token), enabled: isLogin });
}
