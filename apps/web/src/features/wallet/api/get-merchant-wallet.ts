import { walletEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { WALLET_KEY } from './get-balance';

/** GET /wps/relay/GCS_merchantWallet: single (seamless) wallet or transfer vendors. */
export const merchantWalletQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'merchantWallet', token],
    queryFn: ({ signal }) => callEndpoint(walletEndpoints.merchantWallet, { signal }),
    enabled: !!token,
    staleTime: 5 * 60_000,
  });

export function useMerchantWallet() {
  const token = useAppStore((s) => s.token);
  return useQuery(merchantWalletQuery(token));
}
