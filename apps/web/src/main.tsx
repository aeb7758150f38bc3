import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/700.css';
import './styles/theme.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, makeQueryClient } from './app/App';
import { preloadRoute } from './app/router';
import { announcementsQuery } from './features/announcements';
import { loadCategoryPage, prefetchCategoryPage, prefetchHomeLobby } from './features/lobby';
import { i18n, initI18n, preloadLazyNamespaces } from './shared/i18n';
import { useAppStore } from './shared/store/app-store';
import { adoptTokenFromUrl } from './shared/store/session';

// A failed preload of a lazy chunk must reach the route's error screen rather than stay silent.
window.addEventListener('vite:preloadError', (e) => console.warn('chunk preload failed', e));

/** `?merchant=<code>` pins the merchant (sent as the Merchant header from then on, SPEC §3). */
function adoptMerchantFromUrl() {
  const code = new URLSearchParams(window.location.search).get('merchant');
  if (code && /^[A-Za-z0-9_-]{1,32}$/.test(code)) useAppStore.getState().setMerchantCode(code);
}

/** Paths that show the home page: its chunk loads while the app boots, not after the first render. */
const HOME_PATHS = ['/', '/index', '/index.html', '/home', '/login', '/register'];
/** Paths of the game category pages: the same for their chunk. */
const CATEGORY_PATHS = ['/live', '/fish', '/rng', '/pvp', '/sports', '/esports', '/lott', '/elott'];

/**
 * A new task: the boot's steps run in tasks of their own rather than in the one that evaluated the
 * app's code (on a phone each step blocks input for tens of milliseconds; together they blocked it
 * for a quarter of a second).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  adoptMerchantFromUrl();
  // `?token=` (one-click login, app links: API-REFERENCE 4) is the session before any call goes out
  adoptTokenFromUrl();
  // the router's lazy import of the same module then finds it loaded or loading
  const path = window.location.pathname;
  const home = HOME_PATHS.includes(path);
  const client = makeQueryClient();
  await nextTask();
  if (home) import('./app/pages/HomePage').catch(() => undefined);
  if (CATEGORY_PATHS.includes(path)) {
    loadCategoryPage().catch(() => undefined);
    // its games are asked for now, not after the texts, the status call and the page's render
    prefetchCategoryPage(client, useAppStore.getState().language, window.location).catch(() => undefined);
  }
  await nextTask();
  // the home lobby and every other page read the lazily loaded texts: their download starts now too
  preloadLazyNamespaces(useAppStore.getState().language);
  await initI18n(useAppStore.getState().language);
  // A stored language without a shipped catalogue fell back to Bengali.
  if (i18n.language !== useAppStore.getState().language) useAppStore.setState({ language: i18n.language });
  preloadRoute(path);
  if (home) {
    // The home page's first answers are asked for now, while the site waits for the status call,
    // not after the render that shows them (a visitor's announcements: the banner, the largest paint).
    const { language, token } = useAppStore.getState();
    const visitor = token === null && !new URLSearchParams(window.location.search).has('token');
    if (visitor) void client.prefetchQuery(announcementsQuery(language, 'B'));
    prefetchHomeLobby(client, language).catch(() => undefined);
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  );
}

void boot();
