import type { TLoginVerifyMethod } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../../shared/api';
import { FormError, TextField } from '../../../shared/ui/form';
import { sendLoginVerifyCode, verifyLogin } from '../api/security';
import { finishLogin } from '../hooks/login-flow';
import type { VerifyState } from './LoginForm';
import { SmsButton } from './SmsButton';

const LABEL: Record<TLoginVerifyMethod, string> = {
  SMS: 'method_sms',
  EMAIL: 'method_email',
  BANK_NAME: 'method_bank',
  TOTP: 'method_google',
};

/**
 * New-IP verification (LOGINIPVERF3, `login_verify_required`): choose a method, have the code sent
 * (SMS / e-mail), then answer with the code, the bank account name or the Google Authenticator code.
 * A dead ticket (`login_ticket_invalid`) sends the user back to the login form.
 */
export function TwoFactorStep({
  state,
  agentLogin,
  onDone,
  onBack,
}: {
  state: VerifyState;
  agentLogin?: boolean;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<TLoginVerifyMethod | null>(state.methods[0] ?? null);
  const [answer, setAnswer] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (method !== 'SMS' && method !== 'EMAIL') return null;
    const r = await sendLoginVerifyCode(state.ticket, method);
    setSentTo(r.to);
    return r.expiredMinutes;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!method) return;
    if (!answer.trim()) return setError(method === 'BANK_NAME' ? t('not_empty') : t('enter_code'));
    setBusy(true);
    setError(null);
    try {
      const value = await verifyLogin(state.ticket, method, answer.trim());
      onDone();
      finishLogin(value, { type: state.type, to: agentLogin ? '/agentHome' : undefined });
    } catch (err) {
      if (isApiError(err) && err.errorCode === 'login_ticket_invalid') onBack();
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form auth" noValidate onSubmit={(e) => void submit(e)} data-testid="two-factor">
      <p className="auth__note">{t('twoFactorIntro')}</p>
      <div className="auth__methods" role="radiogroup" aria-label={t('twoFactorTitle')}>
        {state.methods.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === method}
            className={`chip ${m === method ? 'chip--active' : ''}`}
            data-testid={`two-factor-method-${m}`}
            onClick={() => {
              setMethod(m);
              setAnswer('');
              setSentTo(null);
              setError(null);
            }}
          >
            {t(LABEL[m])}
          </button>
        ))}
      </div>
      {method && (
        <TextField
          label={
            method === 'BANK_NAME'
              ? t('bankAccountName')
              : method === 'TOTP'
                ? t('googleCode')
                : method === 'EMAIL'
                  ? t('emailCode')
                  : t('smsCode')
          }
          value={answer}
          onChange={(a) => {
            setAnswer(method === 'BANK_NAME' ? a : a.replace(/\D/g, ''));
            setError(null);
          }}
          testId="two-factor-answer"
          inputMode={method === 'BANK_NAME' ? 'text' : 'numeric'}
          autoComplete={method === 'BANK_NAME' ? 'off' : 'one-time-code'}
          maxLength={method === 'BANK_NAME' ? 100 : 8}
          required
          addon={
            method === 'SMS' || method === 'EMAIL' ? (
              <SmsButton key={method} send={send} testId="two-factor-send" />
            ) : undefined
          }
        />
      )}
      {sentTo && (
        <p className="muted" data-testid="two-factor-sent-to">
          {t('codeSentTo', { to: sentTo })}
        </p>
      )}
      <FormError message={error} testId="two-factor-error" />
      <button
        type="submit"
        className="btn btn--primary btn--lg form__submit"
        disabled={busy || !method}
        data-testid="two-factor-submit"
      >
        {t('verify')}
      </button>
      <button type="button" className="link-button" onClick={onBack} data-testid="two-factor-back">
        {t('backToLogin')}
      </button>
    </form>
  );
}
