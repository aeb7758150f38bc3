import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openModal } from '../../shared/ui/modal-store';

/** Unknown routes (SPEC §8: invalid URL, contact customer service). */
export default function InvalidUrlPage() {
  const { t } = useTranslation('system');
  return (
    <div className="status-screen status-screen--inline" data-testid="invalid-url-page">
      <div className="status-screen__code" aria-hidden="true">
        404
      </div>
      <h1>{t('invalid_url_title')}</h1>
      <p>{t('invalid_url_text')}</p>
      <div className="status-screen__actions">
        <Link className="btn btn--primary" to="/" data-testid="invalid-url-home">
          {t('common:backHome')}
        </Link>
        <button type="button" className="btn btn--ghost" onClick={() => openModal('customerService')}>
          {t('common:customerService')}
        </button>
      </div>
    </div>
  );
}
