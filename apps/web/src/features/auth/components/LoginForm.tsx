import type { TLoginVerifyMethod } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { forgetRemembered, readRemembered, remember } from '../../../shared/store/remember';
import { Checkbox, FormError, PasswordField, TextField } from '../../../shared/ui/form';
import { attemptLogin, finishLogin } from '../hooks/login-flow';
import { CaptchaField } from './CaptchaField';

export interface VerifyState {
  ticket: string;
  methods: TLoginVerifyMethod[];
  type: 'username' | 'sms';
}

interface Props {
  /** From the /agent page: the server refuses non-agents (error_not_agent); agents go to /agentHome. */
  agentLogin?: boolean;
  onDone: () => void;
  onVerify: (v: VerifyState) => void;
  /** Rendered between the remember tick and the submit button (forgot-password link). */
  extra?: React.ReactNode;
}

/** Username + password login with remember-password, captcha when the server asks, slider before submit. */
export function LoginForm({ agentLogin, onDone, onVerify, extra }: Props) {
  const { t } = useTranslation('auth');
  const [remembered] = useState(readRemembered);
  const [username, setUsername] = useState(remembered?.username ?? '');
  const [password, setPassword] = useState(remembered?.password ?? '');
  const [keep, setKeep] = useState(remembered !== null);
  const [captcha, setCaptcha] = useState('');
  const [showCaptcha, setShowCaptcha] = useState(false);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Typing again clears that field's message.
  const edit = (k: string, setter: (v: string) => void) => (v: string) => {
    setter(v);
    setErrors((e) => (e[k] ? { ...e, [k]: '' } : e));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const u = username.trim();
    const next: Record<string, string> = {};
    if (!u) next.username = t('enter_username_password');
    if (!password) next.password = t('enter_username_password');
    if (showCaptcha && !captcha.trim()) next.captcha = t('enter_captcha');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    const out = await attemptLogin({
      type: 'username',
      username: u,
      password,
      captcha: showCaptcha ? captcha : undefined,
      agentLogin,
    });
    setBusy(false);
    if (out.kind === 'cancelled') return;
    if (out.kind === 'verify') {
      onVerify({ ticket: out.ticket, methods: out.methods, type: 'username' });
      return;
    }
    if (out.kind === 'error') {
      setFormError(errorText(t, out.error));
      // A captcha is single use: show it (or a fresh one) after every failure that asks for it.
      if (out.captcha || showCaptcha) {
        setShowCaptcha(true);
        setCaptcha('');
        setCaptchaNonce((n) => n + 1);
      }
      return;
    }
    if (keep) remember(u, password);
    else forgetRemembered();
    onDone();
    finishLogin(out.value, { type: 'username', to: agentLogin ? '/agentHome' : undefined, password });
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)} data-testid="login-form">
      <TextField
        label={t('username')}
        value={username}
        onChange={edit('username', setUsername)}
        error={errors.username}
        testId="login-username"
        placeholder={t('usernamePh')}
        autoComplete="username"
        autoCapitalize="none"
        maxLength={64}
        required
      />
      <PasswordField
        label={t('password')}
        value={password}
        onChange={edit('password', setPassword)}
        error={errors.password}
        testId="login-password"
        placeholder={t('passwordPh')}
        autoComplete="current-password"
        maxLength={128}
        required
      />
      {showCaptcha && (
        <CaptchaField
          value={captcha}
          onChange={edit('captcha', setCaptcha)}
          error={errors.captcha}
          nonce={captchaNonce}
        />
      )}
      <div className="form__row">
        <Checkbox
          checked={keep}
          onChange={(v) => {
            setKeep(v);
            if (!v) forgetRemembered();
          }}
          testId="login-remember"
        >
          {t('rememberPassword')}
        </Checkbox>
        {extra}
      </div>
      <FormError message={formError} testId="login-error" />
      <button
        type="submit"
        className="btn btn--primary btn--lg form__submit"
        disabled={busy}
        data-testid="login-submit"
      >
        {t('loginSubmit')}
      </button>
    </form>
  );
}
