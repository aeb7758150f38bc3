import { lazy, Suspense } from 'react';
import { requireRealAccount } from '../../features/auth';
import { loadHeaderWallet } from '../../features/wallet';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { loadLazyNamespaces } from '../../shared/i18n';
import { navigateTo } from '../../shared/navigation';
import { useAppStore } from '../../shared/store/app-store';
import { useModalStore } from '../../shared/ui/modal-store';

const HeaderWallet = lazy(async () => (await Promise.all([loadHeaderWallet(), loadLazyNamespaces()]))[0]);

/** Inside the header from 1024 px (below, the header row has no room for it); a strip of its own under the header on phones. Only one is mounted. */
export function HeaderWalletSlot({ place }: { place: 'header' | 'below' }) {
  const isLogin = useAppStore((s) => s.isLogin);
  const wide = useMediaQuery('(min-width: 1024px)');
  // SPEC §2.2: the balance is hidden on game pages; the game popup counts as one.
  const inGame = useModalStore((s) => s.stack.some((m) => m.id === 'gamePopup'));
  if (!isLogin || wide !== (place === 'header')) return null;
  return (
    <Suspense fallback={null}>
      <HeaderWallet
        layout={wide ? 'inline' : 'bar'}
        forceHidden={inGame}
        onDeposit={() => requireRealAccount(() => navigateTo('/member/depositv2'))}
        onWithdraw={() => requireRealAccount(() => navigateTo('/member/withdraw'))}
      />
    </Suspense>
  );
}
