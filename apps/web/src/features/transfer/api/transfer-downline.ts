import { transferEndpoints, type TTransferDownlineRequest } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';

/** POST /wps/relay/MCSFE_transferDownline (agents only; encrypted like transferUpline). */
export function useTransferDownline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TTransferDownlineRequest) => callEndpoint(transferEndpoints.downline, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
