import { CAPTCHA_REFRESH_MS } from '@bp/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createThrottle } from '../../../shared/hooks/throttle';
import { TextField } from '../../../shared/ui/form';
import { fetchCaptcha } from '../api/session';

interface Props {
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  /** Bump to fetch a fresh image (a captcha is single use: after every failed submit). */
  nonce?: number;
  testId?: string;
}

/** Captcha input with the server's image (`data:image/png;base64,` + value); a click refreshes it, at most once per second. */
export function CaptchaField({ value, onChange, error, nonce = 0, testId = 'captcha-input' }: Props) {
  const { t } = useTranslation('auth');
  const [src, setSrc] = useState<string | null>(null);
  const throttle = useMemo(() => createThrottle(CAPTCHA_REFRESH_MS), []);

  const load = useCallback(async () => {
    try {
      setSrc(`data:image/png;base64,${await fetchCaptcha()}`);
    } catch {
      setSrc(null);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, nonce]);

  return (
    <TextField
      label={t('captcha')}
      value={value}
      onChange={onChange}
      error={error}
      testId={testId}
      placeholder={t('captchaPh')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={16}
      required
      addon={
        <button
          type="button"
          className="field__captcha"
          title={t('captchaRefresh')}
          aria-label={t('captchaRefresh')}
          data-testid="captcha-image"
          onClick={() => throttle(() => void load())}
        >
          {src && <img src={src} alt={t('captcha')} />}
        </button>
      }
    />
  );
}
