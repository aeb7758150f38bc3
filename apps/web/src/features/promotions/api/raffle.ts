import { raffleEndpoints } from '@bp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { PROMOTIONS_KEY } from './get-promotions';

const raffleKey = (promotionId: number) => [...PROMOTIONS_KEY, 'raffle', promotionId] as const;

/** MCSFE_getRafflePromotionStatus: prizes, draw time, commitment, entries, winners and the caller's. */
export function useRaffleStatus(promotionId: number, enabled: boolean) {
  return useQuery({
    queryKey: raffleKey(promotionId),
    queryFn: ({ signal }) => callEndpoint(raffleEndpoints.status, { query: { promotionId }, signal }),
    enabled,
    staleTime: 15_000,
  });
}

/** MCSFE_claimRafflePromotion: the member's one entry; the answer is the raffle's new status. */
export function useEnterRaffle(promotionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(raffleEndpoints.claimFe, { body: { promotionId } }),
    onSuccess: (status) => qc.setQueryData(raffleKey(promotionId), status),
    onSettled: () => void qc.invalidateQueries({ queryKey: PROMOTIONS_KEY }),
  });
}
