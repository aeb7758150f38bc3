import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/700.css';
import './styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nContext, langFrom, translator } from './lib/i18n';
import { PlayApp } from './play/PlayApp';

const VerifyPage = lazy(() => import('./verify/VerifyPage'));

// One page serves both addresses: /gs/verify/ is the provably-fair check, everything else the game.
const lang = langFrom(window.location.search);
document.documentElement.lang = lang;
// The Bengali face also draws the taka sign in English; fetch both weights now, not when the first
// win appears (until a face arrives its characters show as empty boxes).
void document.fonts?.load('400 16px "Noto Sans Bengali"', '৳').catch(() => undefined);
void document.fonts?.load('700 16px "Noto Sans Bengali"', '৳').catch(() => undefined);
const verify = /\/verify\/?$/.test(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nContext.Provider value={{ lang, t: translator(lang) }}>
      {verify ? (
        <Suspense fallback={null}>
          <VerifyPage />
        </Suspense>
      ) : (
        <PlayApp />
      )}
    </I18nContext.Provider>
  </StrictMode>,
);
