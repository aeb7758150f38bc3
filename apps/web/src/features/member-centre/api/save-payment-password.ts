import { passwordEndpoints, ZChangePaymentPasswordRequest, ZSetPaymentPasswordRequest } from '@bp/contract';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';

type TSet = z.input<typeof ZSetPaymentPasswordRequest>;
type TChange = z.input<typeof ZChangePaymentPasswordRequest>;

/** PUT (first time) or POST (change) /wps/member/paymentPassword, both encrypted. */
export function useSavePaymentPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: { mode: 'set'; body: TSet } | { mode: 'change'; body: TChange }): Promise<void> => {
      if (b.mode === 'set') await callEndpoint(passwordEndpoints.setPaymentPassword, { body: b.body });
      else await callEndpoint(passwordEndpoints.changePaymentPassword, { body: b.body });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['paymentPassword'] });
      // the withdrawal settings carry hasPaymentPassword too (the withdraw feature keys them under 'withdraw')
      void qc.invalidateQueries({ queryKey: ['withdraw'] });
    },
  });
}
