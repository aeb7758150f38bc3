import { messageEndpoints } from '@bp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { MESSAGES_KEY } from './get-unread-count';

export const INBOX_PAGE_SIZE = 10;

/** GET /wps/relay/CSP_getInbox, newest first. */
export const inboxQuery = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'inbox', token, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(messageEndpoints.inbox, { query: { pageNo, pageSize: INBOX_PAGE_SIZE }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useInbox(pageNo: number) {
  const token = useAppStore((s) => s.token);
  return useQuery(inboxQuery(token, pageNo));
}
