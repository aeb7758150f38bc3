import {
  agentContractEndpoints,
  type TContractActionInput,
  type TContractKind,
  type TContractList,
} from '@bp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { AGENT_REPORTS_KEY } from './reports';

const key = (kind: TContractKind, pageNo: number) => [...AGENT_REPORTS_KEY, 'contracts', kind, pageNo];

/** The caller's contracts of a kind: its own, a pending offer, its history and those it gave (paged). */
export function useContracts(kind: TContractKind, pageNo: number) {
  const token = useAppStore((s) => s.token);
  return useQuery<TContractList>({
    queryKey: [...key(kind, pageNo), token],
    queryFn: ({ signal }) =>
      callEndpoint(agentContractEndpoints[kind].list, { query: { pageNo, pageSize: 10 }, signal }),
    enabled: !!token,
  });
}

/** Offer, accept, reject or terminate a contract of the kind; the lists are read again after. */
export function useContractAction(kind: TContractKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TContractActionInput) =>
      callEndpoint(agentContractEndpoints[kind].act as (typeof agentContractEndpoints)['dividend']['act'], {
        body: body as never,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...AGENT_REPORTS_KEY, 'contracts', kind] }),
  });
}
