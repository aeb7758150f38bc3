import { withdrawEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

export const WITHDRAW_KEY = ['withdraw'] as const;

/** GET /wps/relay/MCSFE_getWithdrawSettings: limits, payment-password flag, payee name, bank accounts. */
export const withdrawSettingsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...WITHDRAW_KEY, 'settings', token],
    queryFn: ({ signal }) => callEndpoint(withdrawEndpoints.settings, { query: {}, signal }),
    enabled: !!token,
  });

export function useWithdrawSettings() {
  const token = useAppStore((s) => s.token);
  return useQuery(withdrawSettingsQuery(token));
}
