import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HomeBanners, NoticeMarquee } from '../../features/announcements';
import { loadHomeLobby } from '../../features/lobby';
import { i18nReady, loadLazyNamespaces } from '../../shared/i18n';
import { useAppStore } from '../../shared/store/app-store';
import { openModal, useModalStore } from '../../shared/ui/modal-store';
import { preloadableLazy } from '../../shared/ui/preloadable-lazy';
import { hasModal } from '../modals/registry';
import './home.css';

// The lobby and its texts (a lazy namespace) load after the banners: the first paint does not wait for
// them. Its code starts loading with this module; a failure shows when the lobby renders.
loadHomeLobby().catch(() => undefined);
const HomeLobby = preloadableLazy(
  async () => (await Promise.all([loadHomeLobby(), loadLazyNamespaces()]))[0],
);
// Its texts in the page's language once that is set: with both in before the first render, the lobby
// shows in that render (no placeholder first).
void i18nReady.then(() => HomeLobby.preload());

/** Modals that /login and /register open over home. */
const ROUTE_MODALS: Record<string, string> = { '/login': 'login', '/register': 'register' };

/** Home (/, /index, /index.html, /home, /login, /register): banners, notice marquee, the game lobby (SPEC §2.3). */
export default function HomePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const token = useAppStore((s) => s.token);
  const isLogin = useAppStore((s) => s.isLogin);
  useEffect(() => {
    const id = ROUTE_MODALS[pathname];
    if (!id || !hasModal(id)) return;
    // A stored token counts once member info has loaded for it: an expired one (the session ended
    // while the tab was away) is cleared by that call, and the modal then opens here after all.
    if (token) {
      if (isLogin) void navigate('/', { replace: true });
      return;
    }
    // Switching between the two modals replaces the other one instead of stacking.
    const { stack, close } = useModalStore.getState();
    for (const m of stack) if (m.id === 'login' || m.id === 'register') close(m.key);
    openModal(id);
  }, [pathname, navigate, token, isLogin]);

  return (
    <div className="page home" data-testid="home-page">
      <HomeBanners />
      <NoticeMarquee />
      <Suspense fallback={<div className="home__lobby-placeholder" aria-busy="true" />}>
        <HomeLobby />
      </Suspense>
    </div>
  );
}
