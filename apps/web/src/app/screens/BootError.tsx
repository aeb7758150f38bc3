import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../shared/api';

/** The status call itself failed: unknown merchant for this domain, network down, server error. */
export function BootError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('system');
  const network = isApiError(error) && (error.errorCode === 'network_error' || error.status >= 502);
  return (
    <div className="screen-chrome">
      <main className="screen-chrome__main">
        <div className="status-screen" role="alert" data-testid="boot-error">
          <h1>{network ? t('network_error_title') : t('boot_error_title')}</h1>
          <p>{network ? t('errors:network_error') : errorText(t, error)}</p>
          <button type="button" className="btn btn--primary" onClick={retry}>
            {t('common:retry')}
          </button>
        </div>
      </main>
    </div>
  );
}
