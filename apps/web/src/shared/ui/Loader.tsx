import { useTranslation } from 'react-i18next';

declare global {
  interface Window {
    /** the first home banner's picture in that language, found by theme-init.js before the app's code ran */
    __bpBanner?: { url: string; language: string };
  }
}

/** The first home banner theme-init.js found, if it found one for this language. */
export const earlyBanner = (language: string): string | undefined => {
  const b = typeof window === 'undefined' ? undefined : window.__bpBanner;
  return b && b.language === language.toUpperCase() ? b.url : undefined;
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
  const banner = shellBanner(i18n.language);
  return (
    <div className="app-shell" role="status" aria-live="polite" data-testid="page-loader">
      <svg className="app-shell-header" preserveAspectRatio="none" viewBox="0 0 100 10" aria-hidden="true">
        <rect width="100" height="10" />
      </svg>
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
