import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { HomeBanners, NoticeMarquee } from '../../features/announcements';
import { openModal } from '../../shared/ui/modal-store';
import { hasModal } from '../modals/registry';
import './home.css';

/** Modals that /login and /register open over home, once a later issue registers them. */
const ROUTE_MODALS: Record<string, string> = { '/login': 'login', '/register': 'register' };

/** Home (/, /index, /index.html, /home, /login, /register): banners and notice marquee; the lobby comes later. */
export default function HomePage() {
  const { pathname } = useLocation();
  useEffect(() => {
    const id = ROUTE_MODALS[pathname];
    if (id && hasModal(id)) openModal(id);
  }, [pathname]);

  return (
    <div className="page home" data-testid="home-page">
      <HomeBanners />
      <NoticeMarquee />
    </div>
  );
}
