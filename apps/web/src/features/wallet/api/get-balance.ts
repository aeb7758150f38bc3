import { walletEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

/** Every wallet query starts with this key: one invalidation refreshes them all (real-time event, transfers). */
export const WALLET_KEY = ['wallet'] as const;

/** GET /wps/v2/wallets/balance for the current session (the token is part of the key). */
export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'balance', token],
    queryFn: ({ signal }) => callEndpoint(walletEndpoints.balance, { signal }),
    enabled: !!token,
    staleTime: 30_000,
  });

export function useBalance() {
  const token = useAppStore((s) => s.token);
  const isLogin = useAppStore((s) => s.isLogin);
  return useQuery({ ...balanceQuery(token), enabled: !!token && isLogin });
}
