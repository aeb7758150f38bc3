import { SMS_THROTTLE_MS } from '@bp/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { createThrottle } from '../../../shared/hooks/throttle';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { showDialog } from '../../../shared/ui/dialog';

interface Props {
  /** Sends the code; resolves the server's `expiredMinutes`. Return null to cancel (e.g. invalid number). */
  send: () => Promise<number | null>;
  testId?: string;
}

/**
 * SMS button (SPEC §4, §9): after sending it is disabled with a countdown of expiredMinutes × 60 s;
 * requests are throttled to one per 1000 ms. A failure shows the server message in a warning dialog
 * with a confirm button (SPEC §8).
 */
export function SmsButton({ send, testId = 'sms-send' }: Props) {
  const { t, i18n } = useTranslation('auth');
  const { left, running, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const throttle = useMemo(() => createThrottle(SMS_THROTTLE_MS), []);

  const onClick = () =>
    throttle(async () => {
      setBusy(true);
      try {
        const minutes = await send();
        if (minutes !== null) start(Math.max(1, minutes) * 60);
      } catch (e) {
        void showDialog(errorText(t, e), { kind: 'warning', name: 'sms_error' });
      } finally {
        setBusy(false);
      }
    });

  return (
    <button
      type="button"
      className="btn btn--primary field__addon-btn"
      disabled={running || busy}
      data-testid={testId}
      data-countdown={left}
      onClick={() => void onClick()}
    >
      {running ? t('resendIn', { s: new Intl.NumberFormat(i18n.language).format(left) }) : t('sendCode')}
    </button>
  );
}
