import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/700.css';
import './styles/theme.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18n, initI18n } from './shared/i18n';
import { useAppStore } from './shared/store/app-store';

// A failed preload of a lazy chunk must reach the route's error screen rather than stay silent.
window.addEventListener('vite:preloadError', (e) => console.warn('chunk preload failed', e));

/** `?merchant=<code>` pins the merchant (sent as the Merchant header from then on, SPEC §3). */
function adoptMerchantFromUrl() {
  const code = new URLSearchParams(window.location.search).get('merchant');
  if (code && /^[A-Za-z0-9_-]{1,32}$/.test(code)) useAppStore.getState().setMerchantCode(code);
}

/** Paths that show the home page: its chunk loads while the app boots, not after the first render. */
const HOME_PATHS = ['/', '/index', '/index.html', '/home', '/login', '/register'];

async function boot() {
  adoptMerchantFromUrl();
  // the router's lazy import of the same module then finds it loaded or loading
  if (HOME_PATHS.includes(window.location.pathname)) import('./app/pages/HomePage').catch(() => undefined);
  await initI18n(useAppStore.getState().language);
  // A stored language without a shipped catalogue fell back to Bengali.
  if (i18n.language !== useAppStore.getState().language) useAppStore.setState({ language: i18n.language });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
