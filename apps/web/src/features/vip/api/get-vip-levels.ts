import { vipEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { VIP_KEY } from './keys';

/** MCSFE_getVipLevelList: the merchant's levels with thresholds and benefits (the benefits table). */
export const vipLevelsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...VIP_KEY, 'levels', token],
    queryFn: ({ signal }) => callEndpoint(vipEndpoints.levels, { signal }),
    enabled: !!token,
    staleTime: 5 * 60_000,
  });

export function useVipLevels() {
  const token = useAppStore((s) => s.token);
  return useQuery(vipLevelsQuery(token));
}
