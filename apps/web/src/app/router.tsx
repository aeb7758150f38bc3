import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { loadAgentLoginPanel, loadSocialBindPage, loadSocialDonePage } from '../features/auth';
import { loadHelpPage } from '../features/help';
import { loadPromotionsPage } from '../features/promotions';
import { loadAccountGamesPage, loadCategoryPage } from '../features/lobby';
import { loadLazyNamespaces } from '../shared/i18n';
import { PageLoader, RouteLoader } from '../shared/ui/Loader';
import { preloadableLazy } from '../shared/ui/preloadable-lazy';
import { AppRoot } from './AppRoot';
import { agentShell } from './pages/AgentShell';
import { Layout } from './layout/Layout';
import { trackRouteLoad } from './route-loading';
import { RouteError } from './screens/RouteError';

type PageModule = { default: ComponentType };

/** A page in its own chunk; the layout shows the route loader while it loads. */
const page = (load: () => Promise<PageModule>) => lazy(() => trackRouteLoad(load()));

const Home = preloadableLazy(() => import('./pages/HomePage'), trackRouteLoad);
// Member-centre pages read the lazily loaded namespaces (shared/i18n/catalogues.ts).
// Game pages read the lobby namespace, one of the lazy ones.
const CategoryPage = preloadableLazy(
  async () => (await Promise.all([loadCategoryPage(), loadLazyNamespaces()]))[0],
  trackRouteLoad,
);

/** Paths (without the leading slash) of the home page and of the game category pages. */
const HOME_PATHS = ['', 'index', 'index.html', 'home', 'login', 'register'];
const CATEGORY_PATHS = ['live', 'fish', 'rng', 'pvp', 'sports', 'esports', 'lott', 'elott'];

/**
 * The boot asks for the page of the address it opens with (home, a game category) before the first
 * render: once in, that page shows in the first render of the layout.
 */
export function preloadRoute(pathname: string) {
  const path = pathname.replace(/^\/+/, '');
  if (HOME_PATHS.includes(path)) Home.preload();
  if (CATEGORY_PATHS.includes(path)) CategoryPage.preload();
}
const AccountGames = page(async () => (await Promise.all([loadAccountGamesPage(), loadLazyNamespaces()]))[0]);
const MemberCentre = page(
  async () => (await Promise.all([import('./pages/MemberCentrePage'), loadLazyNamespaces()]))[0],
);
const Help = page(loadHelpPage);
const Promotions = page(async () => (await Promise.all([loadPromotionsPage(), loadLazyNamespaces()]))[0]);
const SocialBind = page(loadSocialBindPage);
const SocialDone = page(loadSocialDonePage);
const InvalidUrl = page(() => import('./screens/InvalidUrlPage'));
const AgentLogin = page(async () => ({ default: agentShell((await loadAgentLoginPanel()).default) }));
const AgentCentre = page(async () => {
  const [centre] = await Promise.all([import('./pages/AgentCentrePage'), loadLazyNamespaces()]);
  return { default: agentShell(centre.default) };
});

interface CatchProps {
  pathname: string;
  children: ReactNode;
}

/** Catches a page's error until the path changes (the page itself is not remounted by a new path). */
class PageErrorBoundary extends Component<CatchProps, { error: unknown; pathname: string; failed: boolean }> {
  override state = { error: null as unknown, pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: CatchProps, state: { pathname: string }) {
    return props.pathname === state.pathname
      ? null
      : { error: null, failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Errors of a page (a chunk that failed to load included) render in its place: inside the layout,
 * so header and menu stay usable. A new path starts afresh.
 */
function RouteBoundary({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

const pending = (
  <>
    <RouteLoader />
    <div className="page-pending" aria-busy="true" />
  </>
);
const inLayout = (Page: ComponentType) => (
  <RouteBoundary fallback={pending}>
    <Page />
  </RouteBoundary>
);
const alone = (Page: ComponentType) => (
  <RouteBoundary fallback={<PageLoader />}>
    <Page />
  </RouteBoundary>
);

/**
 * SPEC §2.1 routes delivered so far. Every page is its own chunk. Later issues add their routes here
 * (promotions, member centre, game pages, ...), never as placeholders. /agent and /agentHome render
 * without the normal layout. Declarative routes (BrowserRouter): the site loads no data through the
 * router, and the data router's code would weigh twice as much on the home route.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<AppRoot />}>
          <Route path="agent" element={alone(AgentLogin)} />
          {['agentHome', 'agentHome/:page'].map((path) => (
            <Route key={path} path={path} element={alone(AgentCentre)} />
          ))}
          <Route element={<Layout />}>
            <Route index element={inLayout(Home)} />
            {HOME_PATHS.slice(1).map((path) => (
              <Route key={path} path={path} element={inLayout(Home)} />
            ))}
            <Route path="help" element={inLayout(Help)} />
            <Route path="promotions" element={inLayout(Promotions)} />
            {CATEGORY_PATHS.map((path) => (
              <Route key={path} path={path} element={inLayout(CategoryPage)} />
            ))}
            {['favorite', 'recent'].map((path) => (
              <Route key={path} path={path} element={inLayout(AccountGames)} />
            ))}
            {['member', 'member/:page'].map((path) => (
              <Route key={path} path={path} element={inLayout(MemberCentre)} />
            ))}
            <Route path="social/bind" element={inLayout(SocialBind)} />
            <Route path="social/done" element={inLayout(SocialDone)} />
            <Route path="*" element={inLayout(InvalidUrl)} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
