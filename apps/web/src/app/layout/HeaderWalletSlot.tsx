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
  const token = useAppStore((s) => s.token);
  const wide = useMediaQuery('(min-width: 1024px)');
  // SPEC §2.2: the balance is hidden on game pages; the game popup counts as one.
  const inGame = useModalStore((s) => s.stack.some((m) => m.id === 'gamePopup'));
  if (wide !== (place === 'header')) return null;
  // a phone's strip keeps its room from the first render of a member's page (the session being
  // checked, the wallet's code loading): the page under it does not jump down when it arrives
  const room = place === 'below' ? <div className="hwallet-placeholder" aria-hidden="true" /> : null;
  if (!isLogin) return token ? room : null;
  return (
    <Suspense fallback={room}>
      <HeaderWallet
        layout={wide ? 'inline' : 'bar'}
        forceHidden={inGame}
        onDeposit={() => requireRealAccount(() => navigateTo('/member/depositv2'))}
        onWithdraw={() => requireRealAccount(() => navigateTo('/member/withdraw'))}
      />
    </Suspense>
  );
}
