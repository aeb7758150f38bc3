import { walletEndpoints, type TWalletTransferRequest } from '@bp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { WALLET_KEY } from './get-balance';

/** A fresh request id per attempt: a retried POST then answers the first result instead of moving twice. */
export const newRequestId = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(
    /[^A-Za-z0-9_-]/g,
    '',
  );

/** POST /wps/relay/GCS_walletTransfer: MAIN <-> a vendor sub-wallet, or recall everything to MAIN. */
export function useWalletTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TWalletTransferRequest) =>
      callEndpoint(walletEndpoints.transfer, { body: { requestId: newRequestId(), ...body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}
