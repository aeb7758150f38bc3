import { withdrawEndpoints, type TPaymentConfirmRequest } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { WITHDRAW_KEY } from './get-withdraw-settings';

/** POST /wps/relay/MCSFE_confirmPayment: received, or not received with 1-3 proof images. */
export function useConfirmPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPaymentConfirmRequest) => callEndpoint(withdrawEndpoints.confirm, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: WITHDRAW_KEY }),
  });
}

/** POST /wps/relay/MCSFE_confirmAllPayments: every payout awaiting confirmation received. */
export function useConfirmAllPayments() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(withdrawEndpoints.confirmAll),
    onSuccess: () => qc.invalidateQueries({ queryKey: WITHDRAW_KEY }),
  });
}
