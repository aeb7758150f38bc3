import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isChunkLoadError } from '../../shared/ui/chunk-error';
import { ChunkError } from './ChunkError';

/** A page's error (router.tsx): chunk failures get the reload screen, anything else a generic one. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('system');
  if (isChunkLoadError(error)) return <ChunkError error={error} />;
  return (
    <div className="status-screen status-screen--inline" role="alert" data-testid="route-error">
      <h2>{t('page_error_title')}</h2>
      <p>{t('page_error_text')}</p>
      <div className="status-screen__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('common:reload')}
        </button>
        <Link className="btn btn--ghost" to="/">
          {t('common:backHome')}
        </Link>
      </div>
    </div>
  );
}
