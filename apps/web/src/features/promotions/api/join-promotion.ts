import { promotionEndpoints } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { PROMOTIONS_KEY } from './get-promotions';

/** POST /wps/promotions: joins a deposit promotion or claims a reward; the lists and wallet refresh. */
export function useJoinPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (promotionId: number) => callEndpoint(promotionEndpoints.join, { body: { promotionId } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: PROMOTIONS_KEY });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
