import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@bp/contract';
import { callEndpoint } from '../api';

/**
 * The permission payload. Fetched once per full page load (a new QueryClient per load) and kept for
 * the life of the page: an operator's maintenance switch shows on the next load, as specified.
 */
export const systemStatusQuery = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => callEndpoint(systemEndpoints.status, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });

export const useSystemStatus = () => useQuery(systemStatusQuery());
