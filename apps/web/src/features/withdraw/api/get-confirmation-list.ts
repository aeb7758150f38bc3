import { withdrawEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { WITHDRAW_KEY } from './get-withdraw-settings';

/** GET /wps/relay/MCSFE_getPaymentConfirmationList: payouts awaiting the member's receipt confirmation. */
export const confirmationListQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...WITHDRAW_KEY, 'confirmations', token],
    queryFn: ({ signal }) => callEndpoint(withdrawEndpoints.confirmationList, { signal }),
    enabled: !!token,
  });

export function useConfirmationList() {
  const token = useAppStore((s) => s.token);
  return useQuery(confirmationListQuery(token));
}
