import { missionEndpoints } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { MISSIONS_KEY } from './keys';

/** MCSFE_claimMissionReward: a completed mission's reward; the missions, badge and wallet refresh. */
export function useClaimMission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (missionId: number) => callEndpoint(missionEndpoints.claim, { body: { missionId } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: MISSIONS_KEY });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
