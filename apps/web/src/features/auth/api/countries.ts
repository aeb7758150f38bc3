import { systemEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';

const countriesQuery = () =>
  queryOptions({
    queryKey: ['countries'],
    queryFn: ({ signal }) => callEndpoint(systemEndpoints.country, { signal }),
    staleTime: 30 * 60_000,
  });

/** Countries with dialing codes; the first is the merchant's default. Falls back to Bangladesh. */
export function useCountries() {
  const { data } = useQuery(countriesQuery());
  return data && data.length > 0
    ? data
    : [{ countryCode: 'BD', countryDialingCode: '+880', name: 'Bangladesh' }];
}
