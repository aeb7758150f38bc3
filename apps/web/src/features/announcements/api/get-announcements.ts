import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints, type TPopupExecution } from '@bp/contract';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

/** Types the home page asks for (SPEC §7): banners, player notices, popups, promotions, help. */
const TYPES = 'B,PL,PU,PR,H';

export const announcementsQuery = (language: string, execution: TPopupExecution) =>
  queryOptions({
    // Language is part of the key: a language switch refetches the texts in the new language.
    queryKey: ['announcements', language, execution],
    queryFn: ({ signal }) =>
      callEndpoint(systemEndpoints.announcements, {
        query: { types: TYPES, platform: 'W', execution, language: language.toUpperCase() },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export function useAnnouncements() {
  const language = useAppStore((s) => s.language);
  const isLogin = useAppStore((s) => s.isLogin);
  return useQuery(announcementsQuery(language, isLogin ? 'A' : 'B'));
}
