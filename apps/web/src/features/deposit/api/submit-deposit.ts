import { depositEndpoints, type TCreateOnlineDepositRequest, type TSubmitDepositRequest } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { DEPOSIT_KEY } from './get-deposit-settings';

/** POST /wps/relay/MCSFE_submitDeposit: a bank transfer to review (amount, reference, optional receipt). */
export function useSubmitBankDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSubmitDepositRequest) => callEndpoint(depositEndpoints.submit, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DEPOSIT_KEY }),
  });
}

/** POST /wps/relay/MCSFE_createOnlineDeposit: the gateway order; the caller sends the player to payUrl. */
export function useCreateOnlineDeposit() {
  return useMutation({
    mutationFn: (body: TCreateOnlineDepositRequest) => callEndpoint(depositEndpoints.createOnline, { body }),
  });
}
