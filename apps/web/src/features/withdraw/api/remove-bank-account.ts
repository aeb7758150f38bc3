import { withdrawEndpoints } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { WITHDRAW_KEY } from './get-withdraw-settings';

/** DELETE /wps/member/bankCard/:id */
export function useRemoveBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(withdrawEndpoints.removeBankAccount, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: WITHDRAW_KEY }),
  });
}
