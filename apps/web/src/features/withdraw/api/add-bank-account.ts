import { withdrawEndpoints, type TBankAccountAddRequest } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { WITHDRAW_KEY } from './get-withdraw-settings';

/** PUT /wps/member/bankCard (encrypted): the name must match the member's payee name. */
export function useAddBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBankAccountAddRequest) => callEndpoint(withdrawEndpoints.addBankAccount, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: WITHDRAW_KEY }),
  });
}
