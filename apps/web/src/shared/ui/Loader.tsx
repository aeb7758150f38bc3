import { useTranslation } from 'react-i18next';
import { shellPictures, shellTilesFor } from './shell-pictures';

declare global {
  interface Window {
    /** the first home banner's picture in that language, found by theme-init.js before the app's code ran */
    __bpBanner?: { url: string; language: string };
  }
}

/**
 * The first home banner the page showed before the app ran, if it showed one in this language: the
 * server's (in index.html's skeleton) or the one theme-init.js found for a visitor reading another
 * language.
 */
export const earlyBanner = (language: string): string | undefined => {
  const lang = language.toUpperCase();
  if (shellPictures?.banner && shellPictures.language === lang) return shellPictures.banner;
  const b = typeof window === 'undefined' ? undefined : window.__bpBanner;
  return b && b.language === lang ? b.url : undefined;
};

/** Below this width the skeleton's banner box is the home page's (theme-init.js draws it there). */
const SHELL_BANNER_MEDIA = '(max-width: 767px)';
const shellBanner = (language: string) =>
  typeof window !== 'undefined' && window.matchMedia?.(SHELL_BANNER_MEDIA).matches
    ? earlyBanner(language)
    : undefined;

/** Full-screen loader (boot and root screens). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite" data-testid="page-loader">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/**
 * The boot screen until the status answer is in: index.html's static skeleton (header bar, banner
 * box) drawn again, so what a phone painted before any script ran stays on screen (first contentful
 * paint) instead of giving way to an empty loader.
 */
export function ShellLoader() {
  const { t, i18n } = useTranslation();
  const tiles =
    typeof window === 'undefined' ? undefined : shellTilesFor(window.location.pathname, i18n.language);
  const banner = tiles ? undefined : shellBanner(i18n.language);
  return (
    <div className="app-shell" role="status" aria-live="polite" data-testid="page-loader">
      <svg className="app-shell-header" preserveAspectRatio="none" viewBox="0 0 100 10" aria-hidden="true">
        <rect width="100" height="10" />
      </svg>
      {tiles && (
        // a game list page's first tiles, where the skeleton drew them (on phones only: base.css)
        <div className="app-shell-pic app-shell-tiles" aria-hidden="true">
          {tiles.map((src, i) => (
            <img key={i} src={src} alt="" fetchPriority="high" />
          ))}
        </div>
      )}
      {banner ? (
        // the same picture in the same box as the skeleton's: it does not flash out and back
        <img className="app-shell-banner app-shell-banner--img" src={banner} alt="" fetchPriority="high" />
      ) : (
        <svg className="app-shell-banner" preserveAspectRatio="none" viewBox="0 0 100 10" aria-hidden="true">
          <rect width="100" height="10" rx="0.6" />
        </svg>
      )}
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/** Thin bar at the top of the page while a lazy route loads. */
export function RouteLoader() {
  const { t } = useTranslation();
  return (
    <div className="route-loader" role="progressbar" aria-label={t('loading')} data-testid="route-loader">
      <span />
    </div>
  );
}
