import { useTranslation } from 'react-i18next';

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

/** Thin bar at the top of the page while a lazy route loads. */
export function RouteLoader() {
  const { t } = useTranslation();
  return (
    <div className="route-loader" role="progressbar" aria-label={t('loading')} data-testid="route-loader">
      <span />
    </div>
  );
}
