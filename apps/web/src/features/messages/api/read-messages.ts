import { messageEndpoints } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { MESSAGES_KEY } from './get-unread-count';

/** POST /wps/relay/CSP_readMessage: some ids, or all. */
export function useReadMessages() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { ids: string[] } | { all: true }) => callEndpoint(messageEndpoints.read, { body: b }),
    onSuccess: () => qc.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
