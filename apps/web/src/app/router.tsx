import { createBrowserRouter } from 'react-router';
import {
  loadAgentHomePanel,
  loadAgentLoginPanel,
  loadSocialBindPage,
  loadSocialDonePage,
} from '../features/auth';
import { loadHelpPage } from '../features/help';
import { loadAccountGamesPage, loadCategoryPage } from '../features/lobby';
import { loadLazyNamespaces } from '../shared/i18n';
import { PageLoader } from '../shared/ui/Loader';
import { AppRoot } from './AppRoot';
import { agentShell } from './pages/AgentShell';
import { Layout } from './layout/Layout';
import { RouteError } from './screens/RouteError';

const home = async () => ({ Component: (await import('./pages/HomePage')).default });
// Member-centre pages read the lazily loaded namespaces (shared/i18n/catalogues.ts).
// Game pages read the lobby namespace, one of the lazy ones.
const categoryPage = async () => {
  const [page] = await Promise.all([loadCategoryPage(), loadLazyNamespaces()]);
  return { Component: page.default };
};
const accountGames = async () => {
  const [page] = await Promise.all([loadAccountGamesPage(), loadLazyNamespaces()]);
  return { Component: page.default };
};
const memberCentre = async () => {
  const [page] = await Promise.all([import('./pages/MemberCentrePage'), loadLazyNamespaces()]);
  return { Component: page.default };
};

/**
 * SPEC §2.1 routes delivered so far. Every page is its own chunk. Later issues add their routes here
 * (promotions, member centre, game pages, ...), never as placeholders. /agent and /agentHome render
 * without the normal layout.
 */
export const createRouter = () =>
  createBrowserRouter([
    {
      path: '/',
      Component: AppRoot,
      HydrateFallback: PageLoader,
      children: [
        {
          path: 'agent',
          errorElement: <RouteError />,
          lazy: async () => ({ Component: agentShell((await loadAgentLoginPanel()).default) }),
        },
        {
          path: 'agentHome',
          errorElement: <RouteError />,
          lazy: async () => ({ Component: agentShell((await loadAgentHomePanel()).default) }),
        },
        {
          Component: Layout,
          children: [
            {
              // Pathless: errors of a page render inside the layout, so header and menu stay usable.
              errorElement: <RouteError />,
              children: [
                { index: true, lazy: home },
                ...['index', 'index.html', 'home', 'login', 'register'].map((path) => ({ path, lazy: home })),
                { path: 'help', lazy: async () => ({ Component: (await loadHelpPage()).default }) },
                ...['live', 'fish', 'rng', 'pvp', 'sports', 'esports', 'lott', 'elott'].map((path) => ({
                  path,
                  lazy: categoryPage,
                })),
                ...['favorite', 'recent'].map((path) => ({ path, lazy: accountGames })),
                ...['member', 'member/:page'].map((path) => ({ path, lazy: memberCentre })),
                {
                  path: 'social/bind',
                  lazy: async () => ({ Component: (await loadSocialBindPage()).default }),
                },
                {
                  path: 'social/done',
                  lazy: async () => ({ Component: (await loadSocialDonePage()).default }),
                },
                {
                  path: '*',
                  lazy: async () => ({ Component: (await import('./screens/InvalidUrlPage')).default }),
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
