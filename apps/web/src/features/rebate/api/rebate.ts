import { rebateEndpoints, type TRebateHistoryQuery } from '@bp/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { REBATE_KEY } from './keys';

/** MCSFE_getManualRebate: today's accrued rebate per product type and earlier unclaimed rebate. */
export function useManualRebate() {
  const token = useAppStore((s) => s.token);
  return useQuery({
    queryKey: [...REBATE_KEY, 'manual', token],
    queryFn: ({ signal }) => callEndpoint(rebateEndpoints.manual, { signal }),
    enabled: !!token,
    staleTime: 10_000,
  });
}

/** MCSFE_getCustomerRebateSettingByProductType: the member's rates (its VIP level's). */
export function useRebateRates() {
  const token = useAppStore((s) => s.token);
  return useQuery({
    queryKey: [...REBATE_KEY, 'rates', token],
    queryFn: ({ signal }) => callEndpoint(rebateEndpoints.settingByProductType, { signal }),
    enabled: !!token,
    staleTime: 60_000,
  });
}

/** MCSFE_getRebateHistory: rebates and cash back paid or waiting, newest first. */
export function useRebateHistory(q: TRebateHistoryQuery) {
  const token = useAppStore((s) => s.token);
  return useQuery({
    queryKey: [...REBATE_KEY, 'history', token, q],
    queryFn: ({ signal }) => callEndpoint(rebateEndpoints.history, { query: q, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

/** MCSFE_claimManualRebate: pays the accrued rebate now; the page, the history and the wallet refresh. */
export function useClaimRebate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(rebateEndpoints.claim, {}),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: REBATE_KEY });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
