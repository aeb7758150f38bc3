import { agentPayoutEndpoints, type TAgentPayoutQuery } from '@bp/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { AGENT_PAGE_SIZE, AGENT_REPORTS_KEY } from './reports';

/** The salary and dividend record pages: one kind's payouts, received or paid to direct downlines. */
export function usePayouts(q: TAgentPayoutQuery) {
  const token = useAppStore((s) => s.token);
  const query = { pageSize: AGENT_PAGE_SIZE, ...q };
  return useQuery({
    queryKey: [...AGENT_REPORTS_KEY, 'payouts', token, query],
    queryFn: ({ signal }) => callEndpoint(agentPayoutEndpoints.list, { query, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

/** What the agent owes its downlines; while it owes, withdrawals and transfers out are frozen. */
export function usePayoutStatus() {
  const token = useAppStore((s) => s.token);
  return useQuery({
    queryKey: [...AGENT_REPORTS_KEY, 'payoutStatus', token],
    queryFn: ({ signal }) => callEndpoint(agentPayoutEndpoints.status, { signal }),
    enabled: !!token,
    // a settlement run or a top-up can lift the freeze while the centre is open
    refetchInterval: 60_000,
  });
}
