import { transferEndpoints, type TTransferUplineRequest } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';

/**
 * POST /wps/relay/MCSFE_transferUpline (encrypted like login: the payment password never travels in
 * clear). The request id is made once per form submission so a network retry cannot send twice.
 */
export function useTransferUpline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TTransferUplineRequest) => callEndpoint(transferEndpoints.upline, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
