import { useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { loadGamePopup } from '../../features/lobby';
import { WALLET_KEY } from '../../features/wallet';
import { loadLazyNamespaces } from '../../shared/i18n';
import { refreshQueries } from '../hooks/refresh-queries';
import type { ModalComponentProps } from './registry';

const GamePopup = lazy(async () => (await Promise.all([loadGamePopup(), loadLazyNamespaces()]))[0]);

/**
 * The app composes the game popup with the wallet: closing a game refreshes the balance it moved.
 * Loaded with the popup, so the wallet's query code stays out of the home route's entry.
 */
export default function GamePopupContainer(props: ModalComponentProps) {
  const qc = useQueryClient();
  return (
    <GamePopup
      {...(props as unknown as Parameters<typeof GamePopup>[0])}
      onClosed={() => void refreshQueries(qc, WALLET_KEY)}
    />
  );
}
