import { referralEndpoints } from '@bp/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { PROMO_STATE_KEY, REFERRAL_KEY } from './keys';

/** MCSFE_getReferralDetails: the member's code, invitations, rewards and the running rules. */
export const referralDetailsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...REFERRAL_KEY, token],
    queryFn: ({ signal }) =>
      callEndpoint(referralEndpoints.details, { query: { autoGenerate: 'true' }, signal }),
    enabled: !!token,
    staleTime: 15_000,
  });

export function useReferralDetails() {
  const token = useAppStore((s) => s.token);
  return useQuery(referralDetailsQuery(token));
}

/** MCSFE_signUpRequestReward: claims the referral rewards that wait; details, state and wallet refresh. */
export function useClaimReferralRewards() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(referralEndpoints.claim, { body: {} }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: REFERRAL_KEY });
      void qc.invalidateQueries({ queryKey: PROMO_STATE_KEY });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
