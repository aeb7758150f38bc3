import { normalisePhone } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { FormError, TextField } from '../../../shared/ui/form';
import { sendLoginSms } from '../api/sms';
import { attemptLogin, finishLogin } from '../hooks/login-flow';
import type { VerifyState } from './LoginForm';
import { PhoneField, useDefaultDialingCode } from './PhoneField';
import { SmsButton } from './SmsButton';

/** SMS login (MOBILEVERCODELOGIN3): mobile number + code; no slider, never the forced password change. */
export function SmsLoginForm({
  onDone,
  onVerify,
}: {
  onDone: () => void;
  onVerify: (v: VerifyState) => void;
}) {
  const { t } = useTranslation('auth');
  const defaultCode = useDefaultDialingCode();
  const [dialing, setDialing] = useState<string | null>(null);
  const dialingCode = dialing ?? defaultCode;
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const mobileError = (): string | null => {
    if (!mobile.trim()) return t('enter_mobile');
    return normalisePhone(dialingCode, mobile) === null ? t('invalid_phone') : null;
  };

  const send = async () => {
    const err = mobileError();
    setErrors(err ? { mobile: err } : {});
    if (err) return null;
    const { expiredMinutes } = await sendLoginSms(mobile.trim(), dialingCode);
    return expiredMinutes;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const me = mobileError();
    if (me) next.mobile = me;
    if (!/^\d{4,8}$/.test(code.trim())) next.code = t('enter_code');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    const out = await attemptLogin({
      type: 'sms',
      // members are stored under the national number without the trunk 0 (contract: normalisePhone)
      username: normalisePhone(dialingCode, mobile) ?? mobile.trim(),
      password: code.trim(),
      countryDialingCode: dialingCode,
    });
    setBusy(false);
    if (out.kind === 'verify') return onVerify({ ticket: out.ticket, methods: out.methods, type: 'sms' });
    if (out.kind === 'error') return setFormError(errorText(t, out.error));
    if (out.kind === 'ok') {
      onDone();
      finishLogin(out.value, { type: 'sms' });
    }
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)} data-testid="sms-login-form">
      <PhoneField
        value={mobile}
        onChange={setMobile}
        dialingCode={dialingCode}
        onDialingCode={setDialing}
        error={errors.mobile}
        testId="sms-login-mobile"
      />
      <TextField
        label={t('smsCode')}
        value={code}
        onChange={(v) => setCode(v.replace(/\D/g, ''))}
        error={errors.code}
        testId="sms-login-code"
        placeholder={t('codePh')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        required
        addon={<SmsButton send={send} testId="sms-login-send" />}
      />
      <FormError message={formError} testId="sms-login-error" />
      <button
        type="submit"
        className="btn btn--primary btn--lg form__submit"
        disabled={busy}
        data-testid="sms-login-submit"
      >
        {t('loginSubmit')}
      </button>
    </form>
  );
}
