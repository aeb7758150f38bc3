import { depositEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

export const DEPOSIT_KEY = ['deposit'] as const;

/** GET /wps/relay/MCSFE_getDepositSettings: channels with limits, fees and bank details. */
export const depositSettingsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...DEPOSIT_KEY, 'settings', token],
    queryFn: ({ signal }) => callEndpoint(depositEndpoints.settings, { signal }),
    enabled: !!token,
    staleTime: 60_000,
  });

export function useDepositSettings() {
  const token = useAppStore((s) => s.token);
  return useQuery(depositSettingsQuery(token));
}
