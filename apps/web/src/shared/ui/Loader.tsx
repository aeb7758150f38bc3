import { useTranslation } from 'react-i18next';

declare global {
  interface Window {
    /** the first home banner's picture, found by theme-init.js before the app's code ran */
    __bpBanner?: string;
  }
}

/** The picture theme-init.js drew in the skeleton's banner box, if it drew one. */
export const earlyBanner = (): string | undefined =>
  typeof window === 'undefined' ? undefined : window.__bpBanner;

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
  const { t } = useTranslation();
  const banner = earlyBanner();
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
