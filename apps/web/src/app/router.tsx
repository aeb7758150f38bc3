import { createBrowserRouter } from 'react-router';
import { loadHelpPage } from '../features/help';
import { PageLoader } from '../shared/ui/Loader';
import { Layout } from './layout/Layout';
import { RouteError } from './screens/RouteError';

const home = async () => ({ Component: (await import('./pages/HomePage')).default });

/**
 * SPEC §2.1 routes delivered so far. Every page is its own chunk. Later issues add their routes here
 * (promotions, member centre, game pages, agent pages, ...), never as placeholders.
 */
export const createRouter = () =>
  createBrowserRouter([
    {
      path: '/',
      Component: Layout,
      HydrateFallback: PageLoader,
      children: [
        {
          // Pathless: errors of a page render inside the layout, so header and menu stay usable.
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: home },
            ...['index', 'index.html', 'home', 'login', 'register'].map((path) => ({ path, lazy: home })),
            { path: 'help', lazy: async () => ({ Component: (await loadHelpPage()).default }) },
            {
              path: '*',
              lazy: async () => ({ Component: (await import('./screens/InvalidUrlPage')).default }),
            },
          ],
        },
      ],
    },
  ]);
