import { withdrawEndpoints, type TWithdrawRequest } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { WITHDRAW_KEY } from './get-withdraw-settings';

/**
 * POST /wps/v2/transaction/withdraw, encrypted through the client's encryption path like login (the
 * payment password never travels in clear). Places a hold: the balance drops at once.
 */
export function useRequestWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TWithdrawRequest) => callEndpoint(withdrawEndpoints.withdraw, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: WITHDRAW_KEY });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

/** POST /wps/relay/MCSFE_cancelWithdraw: the member's own PENDING request; the hold is released. */
export function useCancelWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (withdrawId: string) => callEndpoint(withdrawEndpoints.cancel, { body: { withdrawId } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: WITHDRAW_KEY });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
