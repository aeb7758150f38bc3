import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@bp/contract';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

export const helpCenterQuery = (language: string) =>
  queryOptions({
    queryKey: ['help-center', language],
    queryFn: ({ signal }) =>
      callEndpoint(systemEndpoints.helpCenter, {
        query: { lang: language.toUpperCase(), device: 'WEB' },
        signal,
      }),
    staleTime: 10 * 60_000,
  });

export function useHelpCenter() {
  const language = useAppStore((s) => s.language);
  return useQuery(helpCenterQuery(language));
}
