import { socialEndpoints, type TSocialProvider } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';

const providersQuery = () =>
  queryOptions({
    queryKey: ['socialProviders'],
    queryFn: ({ signal }) => callEndpoint(socialEndpoints.providers, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** Social login providers the merchant configured (the login buttons); none on failure. */
export const useSocialProviders = () => useQuery(providersQuery()).data ?? [];

/** GET /wps/session/social/:provider/start: the provider's authorization URL (then the page goes there). */
export const startSocial = (provider: TSocialProvider, redirect: string) =>
  callEndpoint(socialEndpoints.start, { params: { provider }, query: { redirect } });

export const exchangeSocialTicket = (ticket: string) =>
  callEndpoint(socialEndpoints.exchange, { body: { ticket } });
export const socialPending = (ticket: string) => callEndpoint(socialEndpoints.pending, { body: { ticket } });
export const socialBind = (ticket: string, username: string, password: string) =>
  callEndpoint(socialEndpoints.bind, { body: { ticket, username, password } });
export const socialRegister = (
  ticket: string,
  username: string | undefined,
  password: string,
  confirmPassword: string,
) => callEndpoint(socialEndpoints.register, { body: { ticket, username, password, confirmPassword } });
