import type { TSocialProvider } from '@bp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { showDialog } from '../../../shared/ui/dialog';
import { FacebookIcon, GoogleIcon } from '../../../shared/ui/icons';
import { startSocial, useSocialProviders } from '../api/social';

const ICON: Record<TSocialProvider, typeof FacebookIcon> = { facebook: FacebookIcon, google: GoogleIcon };

/** Social login buttons, only for the providers the merchant configured (SPEC §2.6). */
export function SocialButtons() {
  const { t } = useTranslation('auth');
  const providers = useSocialProviders();
  const [busy, setBusy] = useState(false);
  if (providers.length === 0) return null;
  const go = async (p: TSocialProvider) => {
    setBusy(true);
    try {
      const { url } = await startSocial(p, '/');
      window.location.assign(url);
    } catch (e) {
      setBusy(false);
      void showDialog(errorText(t, e), { kind: 'warning', name: 'social_error' });
    }
  };
  return (
    <div className="auth__social" data-testid="social-buttons">
      <p className="auth__social-title">{t('orLoginWith')}</p>
      <div className="auth__social-row">
        {providers.map(({ provider }) => {
          const Icon = ICON[provider];
          return (
            <button
              key={provider}
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              data-testid={`social-${provider}`}
              onClick={() => void go(provider)}
            >
              <Icon width={18} height={18} />
              {t(`social_${provider.toUpperCase()}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
