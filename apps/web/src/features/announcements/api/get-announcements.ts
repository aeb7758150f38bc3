import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints, type TPopupExecution } from '@bp/contract';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

/** Types the home page asks for (SPEC §7): banners, player notices, popups, promotions, help. */
const TYPES = 'B,PL,PU,PR,H';

export const announcementsQuery = (language: string, execution: TPopupExecution, firstTimeLogin = false) =>
  queryOptions({
    // Language and audience are part of the key: a language switch or a login refetches.
    queryKey: ['announcements', language, execution, firstTimeLogin],
    queryFn: ({ signal }) =>
      callEndpoint(systemEndpoints.announcements, {
        query: {
          types: TYPES,
          platform: 'W',
          execution,
          language: language.toUpperCase(),
          // first-login popups (F) come with the member ones on a member's first login
          firstTimeLogin: firstTimeLogin ? 'true' : undefined,
        },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export function useAnnouncements() {
  const language = useAppStore((s) => s.language);
  const isLogin = useAppStore((s) => s.isLogin);
  const firstTimeLogin = useAppStore((s) => s.firstTimeLogin);
  // SPEC §4: not while a stored token is still being turned into a login (the visitor set would flash).
  const pendingLogin = useAppStore((s) => s.token !== null && !s.isLogin);
  return useQuery({
    ...announcementsQuery(language, isLogin ? 'A' : 'B', isLogin && firstTimeLogin),
    enabled: !pendingLogin,
  });
}
