import { Outlet } from 'react-router';
import { AnnouncementPopupHost } from '../../features/announcements';
import { RouteLoader } from '../../shared/ui/Loader';
import { Footer } from './Footer';
import { Header } from './Header';
import { HeaderWalletSlot } from './HeaderWalletSlot';
import { useRealtimeSync } from '../hooks/use-realtime-sync';
import { useRouteLoading } from '../route-loading';
import { ScrollManager } from './ScrollManager';
import { SideMenu } from './SideMenu';
import './layout.css';

/** SPEC §2.2: side menu, header, main content, footer. The loader shows while a lazy route loads. */
export function Layout() {
  const routeLoading = useRouteLoading();
  useRealtimeSync();
  return (
    <div className="layout">
      {routeLoading && <RouteLoader />}
      <Header />
      <HeaderWalletSlot place="below" />
      <div className="layout__body">
        <SideMenu />
        <div className="layout__content">
          <main className="layout__main" id="main">
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
      <ScrollManager />
      <AnnouncementPopupHost />
    </div>
  );
}
