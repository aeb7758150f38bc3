import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES_KEY, loadNoticeText } from '../../features/messages';
import { useRealtime } from '../../features/realtime';
import { PROMO_STATE_KEY, REFERRAL_KEY } from '../../features/referral';
import { VIP_KEY } from '../../features/vip';
import { WALLET_KEY } from '../../features/wallet';
import { i18n, loadLazyNamespaces } from '../../shared/i18n';
import { useAppStore } from '../../shared/store/app-store';
import { showDialog } from '../../shared/ui/dialog';
import { openModal } from '../../shared/ui/modal-store';
import { refreshQueries } from './refresh-queries';

/** Deposit and withdrawal history pages key their queries under these, so a notice refreshes them too. */
const MONEY_KEYS = [WALLET_KEY, MESSAGES_KEY, ['deposit'], ['withdraw'], ['records']] as const;

/**
 * The app wires the real-time channel to the features: `wallet.changed` refreshes the balances,
 * a notice refreshes them and the lists it concerns and tells the member in their language.
 */
export function useRealtimeSync() {
  const qc = useQueryClient();
  useRealtime({
    // Visible state of the channel (`<html data-realtime>`): connecting | ready | closed.
    onStatus: (st) => {
      document.documentElement.dataset.realtime = st;
      // Whatever happened between the page's first fetch and the channel being ready was not
      // pushed: fetch balances and the unread count once more.
      if (st === 'ready') {
        void refreshQueries(qc, WALLET_KEY);
        void refreshQueries(qc, MESSAGES_KEY);
      }
    },
    onWalletChanged: () => {
      void refreshQueries(qc, WALLET_KEY);
      // a reward paid or waiting changes what the member can still claim (header and side-menu badges)
      void qc.invalidateQueries({ queryKey: PROMO_STATE_KEY });
      void qc.invalidateQueries({ queryKey: REFERRAL_KEY });
    },
    onNotice: (kind, data) => {
      for (const key of MONEY_KEYS) void refreshQueries(qc, key);
      // a new rank: the page's bars and the header's VIP label (member info) follow it
      if (kind === 'vip_upgraded') for (const key of [VIP_KEY, ['memberInfo']]) void refreshQueries(qc, key);
      // The channel does not wait for the dialog. If its text cannot load (a deploy replaced the
      // chunk, the network dropped), the balances are refreshed anyway and the notice waits in the
      // member's messages; the failure is logged, not left as an unhandled rejection.
      tellMember(kind, data).catch((e: unknown) => console.warn('[realtime] notice not shown', kind, e));
    },
  });
}

async function tellMember(kind: string, data: Record<string, unknown>) {
  const [{ messageText, noticeTone }] = await Promise.all([loadNoticeText(), loadLazyNamespaces()]);
  const symbol = useAppStore.getState().currencySymbol;
  const text = messageText(i18n.t, kind, data, symbol);
  await showDialog(text.body || text.title, {
    kind: noticeTone(kind),
    title: text.title,
    name: `notice_${kind}`,
  });
  // a payout is waiting for the member's word: ask right away (SPEC §4 withdrawal confirmation)
  if (kind === 'withdraw_approved') openModal('withdrawConfirm');
}
