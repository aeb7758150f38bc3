import { promotionApplicationEndpoints, type TPromotionApply } from '@bp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { PROMOTIONS_KEY } from './get-promotions';

const applicationsKey = (promotionId: number) => [...PROMOTIONS_KEY, 'applications', promotionId];

/** MCSFE_getPromotionApplications: the member's applications to one promotion and whether it may apply. */
export function usePromotionApplications(promotionId: number, enabled: boolean) {
  const token = useAppStore((s) => s.token);
  return useQuery({
    queryKey: [...applicationsKey(promotionId), token],
    queryFn: ({ signal }) =>
      callEndpoint(promotionApplicationEndpoints.list, { query: { promotionId }, signal }),
    enabled: enabled && token !== null,
    staleTime: 15_000,
  });
}

/** MCSFE_applyPromotion: a remark and images; the lists refresh (the status becomes Applying). */
export function useApplyPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPromotionApply) => callEndpoint(promotionApplicationEndpoints.apply, { body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: PROMOTIONS_KEY });
    },
  });
}
