import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../shared/api';
import { exchangeSocialTicket } from '../api/social';
import { finishLogin } from '../hooks/login-flow';
import { takeSocialFragment } from './social-ticket';

/** /social/done: a bound identity's ticket is traded for a session; a refusal at the provider is shown. */
export default function SocialDonePage() {
  const { t } = useTranslation('auth');
  const [fragment] = useState(takeSocialFragment);
  const [error, setError] = useState<string | null>(
    fragment.error ? t(fragment.error, { ns: 'errors', defaultValue: t('popup_closed') }) : null,
  );

  useEffect(() => {
    if (!fragment.ticket) {
      if (!fragment.error) setError(t('socialExpired'));
      return;
    }
    exchangeSocialTicket(fragment.ticket).then(
      (value) => finishLogin(value, { type: 'other', to: '/' }),
      (e: unknown) => setError(errorText(t, e)),
    );
  }, [fragment, t]);

  return (
    <div className="page" data-testid="social-done">
      {error ? (
        <div className="status-screen status-screen--inline" role="alert">
          <h2>{t('loginTitle')}</h2>
          <p data-testid="social-error">{error}</p>
          <div className="status-screen__actions">
            <Link className="btn btn--primary" to="/login">
              {t('loginLink')}
            </Link>
          </div>
        </div>
      ) : (
        <div className="page-loader">
          <span className="spinner" />
        </div>
      )}
    </div>
  );
}
