import {
  agentEndpoints,
  type TAffiliateUrlCreate,
  type TAgentDownlineRequest,
  type TAgentDownlinesQuery,
  type TRegisteredAffiliatesQuery,
} from '@bp/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

export const AGENT_TEAM_KEY = ['agent-team'] as const;

function useTeamQuery<T>(name: string, query: object, fetch: (signal: AbortSignal) => Promise<T>) {
  const token = useAppStore((s) => s.token);
  return useQuery({
    queryKey: [...AGENT_TEAM_KEY, name, token, query],
    queryFn: ({ signal }) => fetch(signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export const useDownlines = (query: TAgentDownlinesQuery) =>
  useTeamQuery('downlines', query, (signal) => callEndpoint(agentEndpoints.downlines, { query, signal }));

export const useAffiliateUrls = () =>
  useTeamQuery('affiliateUrls', {}, (signal) => callEndpoint(agentEndpoints.affiliateUrls, { signal }));

export const useRegisteredAffiliates = (query: TRegisteredAffiliatesQuery) =>
  useTeamQuery('registeredAffiliates', query, (signal) =>
    callEndpoint(agentEndpoints.registeredAffiliates, { query, signal }),
  );

export const useAgentAnnouncements = (pageNo: number, language: string) =>
  useTeamQuery('announcements', { pageNo, language }, (signal) =>
    callEndpoint(agentEndpoints.announcements, { query: { pageNo, language }, signal }),
  );

/** A write of the team pages; every team list (and the reports) are read again after it. */
function useTeamWrite<B, R>(write: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => qc.invalidateQueries({ queryKey: AGENT_TEAM_KEY }),
  });
}

export const useCreateDownline = () =>
  useTeamWrite((body: TAgentDownlineRequest) => callEndpoint(agentEndpoints.createDownline, { body }));
export const usePromoteDownline = () =>
  useTeamWrite((downlineId: number) =>
    callEndpoint(agentEndpoints.promote, { body: { downlineId: String(downlineId) } }),
  );
export const useCreateAffiliateUrl = () =>
  useTeamWrite((body: TAffiliateUrlCreate) => callEndpoint(agentEndpoints.createAffiliateUrl, { body }));
export const useDeleteAffiliateUrl = () =>
  useTeamWrite((affiUrlId: number) =>
    callEndpoint(agentEndpoints.deleteAffiliateUrl, { query: { affiUrlId: String(affiUrlId) } }),
  );
