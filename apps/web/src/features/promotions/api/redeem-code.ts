import { promotionCodeEndpoints } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { PROMOTIONS_KEY } from './get-promotions';

/** MCSFE_redeemBonusCode: a bonus / redeem code's reward; the lists and the wallet refresh. */
export function useRedeemCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(promotionCodeEndpoints.redeem, { body: { code } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: PROMOTIONS_KEY });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
