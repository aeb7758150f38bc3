import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { showDialog } from '../../../shared/ui/dialog';
import { useWhitelabel } from '../../../shared/system';
import { freePlayLogin } from '../api/session';
import { finishLogin } from '../hooks/login-flow';

/** Free play (FREEPLAY3): a trial account with play money, logged in at once. */
export function FreePlayButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('auth');
  const enabled = !!useWhitelabel().FREEPLAY3;
  const [busy, setBusy] = useState(false);
  if (!enabled) return null;
  const start = async () => {
    setBusy(true);
    try {
      const value = await freePlayLogin();
      onDone?.();
      finishLogin(value, { type: 'other' });
    } catch (e) {
      void showDialog(errorText(t, e), { kind: 'warning', name: 'freeplay_error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--ghost form__submit auth__freeplay"
      title={t('freePlayHint')}
      disabled={busy}
      data-testid="free-play-button"
      onClick={() => void start()}
    >
      {t('freePlay')}
    </button>
  );
}
