import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HomeBanners, NoticeMarquee } from '../../features/announcements';
import { readToken } from '../../shared/store/persist';
import { openModal, useModalStore } from '../../shared/ui/modal-store';
import { hasModal } from '../modals/registry';
import './home.css';

/** Modals that /login and /register open over home. */
const ROUTE_MODALS: Record<string, string> = { '/login': 'login', '/register': 'register' };

/** Home (/, /index, /index.html, /home, /login, /register): banners and notice marquee; the lobby comes later. */
export default function HomePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const id = ROUTE_MODALS[pathname];
    if (!id || !hasModal(id)) return;
    // Logged in already: nothing to open.
    if (readToken()) {
      void navigate('/', { replace: true });
      return;
    }
    // Switching between the two modals replaces the other one instead of stacking.
    const { stack, close } = useModalStore.getState();
    for (const m of stack) if (m.id === 'login' || m.id === 'register') close(m.key);
    openModal(id);
  }, [pathname, navigate]);

  return (
    <div className="page home" data-testid="home-page">
      <HomeBanners />
      <NoticeMarquee />
    </div>
  );
}
