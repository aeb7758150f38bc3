import { messageEndpoints } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

export const MESSAGES_KEY = ['messages'] as const;

/** GET /wps/relay/CSP_unreadCount. Trial accounts skip it (SPEC §6). */
export const unreadCountQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'unread', token],
    queryFn: ({ signal }) => callEndpoint(messageEndpoints.unreadCount, { signal }),
    enabled: !!token,
    staleTime: 60_000,
  });

export function useUnreadCount() {
  const token = useAppStore((s) => s.token);
  const ok = useAppStore((s) => s.isLogin && !s.isTrial);
  return useQuery({ ...unreadCountQuery(token), enabled: !!token && ok });
}
