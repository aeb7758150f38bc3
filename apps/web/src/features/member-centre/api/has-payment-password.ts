import { passwordEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

/** GET /wps/member/hasWithdrawalPassword: decides between "set" and "change" of the payment password. */
export const hasPaymentPasswordQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['paymentPassword', 'has', token],
    queryFn: ({ signal }) => callEndpoint(passwordEndpoints.hasWithdrawalPassword, { signal }),
    enabled: !!token,
  });

export function useHasPaymentPassword() {
  const token = useAppStore((s) => s.token);
  return useQuery(hasPaymentPasswordQuery(token));
}
