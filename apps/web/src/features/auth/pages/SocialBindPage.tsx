import type { TSocialProvider } from '@bp/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../shared/api';
import { languageByLng } from '../../../shared/i18n/languages';
import { showDialog } from '../../../shared/ui/dialog';
import { FormError, PasswordField, Tabs, TextField } from '../../../shared/ui/form';
import { useRegisterSettings } from '../api/register';
import { socialBind, socialPending, socialRegister } from '../api/social';
import { finishLogin } from '../hooks/login-flow';
import { checkNewPassword } from '../hooks/password-rule';
import { takeSocialFragment } from './social-ticket';
import '../components/auth.css';
import './agent.css';

type Choice = 'bind' | 'register';
const PROVIDER_NAME: Record<TSocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * /social/bind#ticket=… (SPEC §2.6): after a social sign-in with an identity not yet linked, the user
 * links it to an existing account (username + password) or registers a new one. Final: no unlinking.
 */
export default function SocialBindPage() {
  const { t, i18n } = useTranslation('auth');
  const lang = languageByLng(i18n.language)?.code ?? 'EN';
  const [{ ticket }] = useState(takeSocialFragment);
  const rules = useRegisterSettings().data;
  const pending = useQuery({
    queryKey: ['socialPending', ticket],
    queryFn: () => socialPending(ticket!),
    enabled: !!ticket,
    retry: false,
    staleTime: Infinity,
  });
  const [choice, setChoice] = useState<Choice>('bind');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!ticket || pending.isError) {
    return (
      <div className="page" data-testid="social-bind">
        <div className="status-screen status-screen--inline" role="alert">
          <h2>{t('socialTitle')}</h2>
          <p data-testid="social-error">
            {pending.isError ? errorText(t, pending.error) : t('socialExpired')}
          </p>
          <div className="status-screen__actions">
            <Link className="btn btn--primary" to="/login">
              {t('loginLink')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    // a new account may leave the username to the server (derived from the provider's e-mail or name)
    if (choice === 'bind' && !username.trim()) next.username = t('not_empty');
    if (choice === 'bind') {
      if (!password) next.password = t('not_empty');
    } else {
      const pw = checkNewPassword(t, lang, rules?.password, password, confirm);
      if (pw.newPassword) next.password = pw.newPassword;
      if (pw.confirm) next.confirm = pw.confirm;
    }
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    // The link is permanent: say so once more before it is made.
    const ok = await showDialog(t('socialWarning'), {
      kind: 'warning',
      name: 'social_irreversible',
      confirmText: t('socialConfirm'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const value =
        choice === 'bind'
          ? await socialBind(ticket, username.trim(), password)
          : await socialRegister(ticket, username.trim() || undefined, password, confirm);
      finishLogin(value, { type: 'other', to: '/' });
    } catch (err) {
      setFormError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const who = pending.data ? pending.data.email || pending.data.name || '' : '';
  return (
    <div className="page" data-testid="social-bind">
      <section className="agent-page__card social-bind">
        <h1 className="agent-page__title">{t('socialTitle')}</h1>
        <p data-testid="social-who">
          {t('socialIntro', { provider: pending.data ? PROVIDER_NAME[pending.data.provider] : '…' })}
          {who && <strong> ({who})</strong>}
        </p>
        <p className="auth__warning" data-testid="social-warning">
          {t('socialWarning')}
        </p>
        <form className="form" noValidate onSubmit={(e) => void submit(e)} data-choice={choice}>
          <Tabs
            label={t('socialTitle')}
            testId="social-choice"
            value={choice}
            onChange={(c) => {
              setChoice(c);
              setErrors({});
              setFormError(null);
            }}
            items={[
              { id: 'bind', label: t('socialTabBind') },
              { id: 'register', label: t('socialTabRegister') },
            ]}
          />
          <TextField
            label={t('username')}
            value={username}
            onChange={setUsername}
            error={errors.username}
            testId="social-username"
            autoComplete="username"
            autoCapitalize="none"
            maxLength={64}
            required={choice === 'bind'}
          />
          <PasswordField
            label={t('password')}
            value={password}
            onChange={setPassword}
            error={errors.password}
            testId="social-password"
            autoComplete={choice === 'bind' ? 'current-password' : 'new-password'}
            maxLength={128}
            required
          />
          {choice === 'register' && (
            <PasswordField
              label={t('confirmPassword')}
              value={confirm}
              onChange={setConfirm}
              error={errors.confirm}
              testId="social-confirm"
              autoComplete="new-password"
              maxLength={128}
              required
            />
          )}
          <FormError message={formError} testId="social-form-error" />
          <button
            type="submit"
            className="btn btn--primary btn--lg form__submit"
            disabled={busy || pending.isPending}
            data-testid="social-submit"
          >
            {choice === 'bind' ? t('socialBind') : t('socialRegister')}
          </button>
        </form>
      </section>
    </div>
  );
}
