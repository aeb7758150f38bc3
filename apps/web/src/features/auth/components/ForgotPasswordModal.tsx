import { normalisePhone } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { languageByLng } from '../../../shared/i18n/languages';
import { showDialog } from '../../../shared/ui/dialog';
import { FormError, PasswordField, Tabs, TextField } from '../../../shared/ui/form';
import { Modal } from '../../../shared/ui/Modal';
import { openModal } from '../../../shared/ui/modal-store';
import { useWhitelabel } from '../../../shared/system';
import { useRegisterSettings } from '../api/register';
import { forgotByEmail, resetByPhone, resetWithToken, sendResetSms } from '../api/security';
import { finishLogin } from '../hooks/login-flow';
import { checkNewPassword } from '../hooks/password-rule';
import { PhoneField, useDefaultDialingCode } from './PhoneField';
import { SmsButton } from './SmsButton';
import './auth.css';

type Mode = 'email' | 'mobile';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Forgot password (SPEC §4): by e-mail (a link and code are mailed; dialog 'in_been_out') or by mobile
 * (SMS code + new password, then logged in and sent to /). Mobile first when CHNGPASSVERIF3 is on.
 * Opened with `resetToken` (the mail's link) it asks for the new password only.
 */
export default function ForgotPasswordModal({
  onClose,
  resetToken,
}: {
  onClose: () => void;
  resetToken?: string;
}) {
  const { t, i18n } = useTranslation('auth');
  const lang = languageByLng(i18n.language)?.code ?? 'EN';
  const wl = useWhitelabel();
  const rules = useRegisterSettings().data;
  const mobileOn = !!wl.CHNGPASSVERIF3;
  const [mode, setMode] = useState<Mode>(mobileOn ? 'mobile' : 'email');
  const active: Mode = mobileOn ? mode : 'email';
  const defaultDialing = useDefaultDialingCode();
  const [dialing, setDialing] = useState<string | null>(null);
  const dialingCode = dialing ?? defaultDialing;
  const [v, setV] = useState<Record<string, string>>({});
  const set = (k: string) => (val: string) => setV((s) => ({ ...s, [k]: val }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const mobileError = () => {
    const m = (v.mobile ?? '').trim();
    if (!m) return t('enter_mobile');
    return normalisePhone(dialingCode, m) === null ? t('invalid_phone') : null;
  };
  const sendSms = async () => {
    const err = mobileError();
    setErrors(err ? { mobile: err } : {});
    if (err) return null;
    return (await sendResetSms((v.mobile ?? '').trim(), dialingCode)).expiredMinutes;
  };

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setFormError(null);
    try {
      await fn();
    } catch (err) {
      setFormError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const username = (v.username ?? '').trim();
    const email = (v.email ?? '').trim();
    if (resetToken || active === 'mobile') {
      const pw = checkNewPassword(t, lang, rules?.password, v.newPassword ?? '', v.confirm ?? '');
      if (pw.newPassword) next.newPassword = pw.newPassword;
      if (pw.confirm) next.confirm = pw.confirm;
    }
    if (!resetToken && active === 'email') {
      if (!username) next.username = t('not_empty');
      if (!EMAIL.test(email)) next.email = t('valid_email');
    }
    if (!resetToken && active === 'mobile') {
      const me = mobileError();
      if (me) next.mobile = me;
      if (!/^\d{4,8}$/.test((v.code ?? '').trim())) next.code = t('enter_code');
    }
    setErrors(next);
    if (Object.keys(next).length) return;

    if (resetToken) {
      await run(async () => {
        await resetWithToken(resetToken, v.newPassword ?? '', v.confirm ?? '');
        onClose();
        await showDialog(t('passwordChanged'), { kind: 'success', name: 'password_reset' });
        openModal('login');
      });
    } else if (active === 'email') {
      await run(async () => {
        await forgotByEmail(username, email);
        onClose();
        void showDialog(t('in_been_out'), { kind: 'success', name: 'in_been_out' });
      });
    } else {
      await run(async () => {
        const value = await resetByPhone({
          mobileNum: (v.mobile ?? '').trim(),
          countryDialingCode: dialingCode,
          verificationCode: (v.code ?? '').trim(),
          newPassword: v.newPassword ?? '',
          confirmNewPassword: v.confirm ?? '',
        });
        onClose();
        finishLogin(value, { type: 'other', to: '/' });
      });
    }
  };

  const passwords = (
    <>
      <PasswordField
        label={t('newPassword')}
        value={v.newPassword ?? ''}
        onChange={set('newPassword')}
        error={errors.newPassword}
        testId="forgot-new-password"
        autoComplete="new-password"
        maxLength={128}
        required
      />
      <PasswordField
        label={t('confirmNewPassword')}
        value={v.confirm ?? ''}
        onChange={set('confirm')}
        error={errors.confirm}
        testId="forgot-confirm"
        autoComplete="new-password"
        maxLength={128}
        required
      />
    </>
  );

  return (
    <Modal
      title={t('forgotTitle')}
      onClose={onClose}
      size="sm"
      testId="forgot-modal"
      closeTestId="forgot-close"
    >
      <form
        className="form auth"
        noValidate
        onSubmit={(e) => void submit(e)}
        data-mode={resetToken ? 'reset' : active}
      >
        {!resetToken && (
          <Tabs
            label={t('forgotTabs')}
            testId="forgot-tab"
            value={active}
            onChange={(m) => {
              setMode(m);
              setErrors({});
              setFormError(null);
            }}
            items={[
              ...(mobileOn ? [{ id: 'mobile' as const, label: t('forgotTabMobile') }] : []),
              { id: 'email', label: t('forgotTabEmail') },
            ]}
          />
        )}
        {resetToken ? (
          passwords
        ) : active === 'email' ? (
          <>
            <TextField
              label={t('username')}
              value={v.username ?? ''}
              onChange={set('username')}
              error={errors.username}
              testId="forgot-username"
              autoComplete="username"
              autoCapitalize="none"
              maxLength={64}
              required
            />
            <TextField
              label={t('email')}
              value={v.email ?? ''}
              onChange={set('email')}
              error={errors.email}
              testId="forgot-email"
              placeholder={t('emailPh')}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              required
            />
          </>
        ) : (
          <>
            <PhoneField
              value={v.mobile ?? ''}
              onChange={set('mobile')}
              dialingCode={dialingCode}
              onDialingCode={setDialing}
              error={errors.mobile}
              testId="forgot-mobile"
            />
            <TextField
              label={t('smsCode')}
              value={v.code ?? ''}
              onChange={(c) => set('code')(c.replace(/\D/g, ''))}
              error={errors.code}
              testId="forgot-code"
              placeholder={t('codePh')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              required
              addon={
                wl.PWRESETSMS3 !== false ? <SmsButton send={sendSms} testId="forgot-sms-send" /> : undefined
              }
            />
            {passwords}
          </>
        )}
        <FormError message={formError} testId="forgot-error" />
        <button
          type="submit"
          className="btn btn--primary btn--lg form__submit"
          disabled={busy}
          data-testid="forgot-submit"
        >
          {t('submit')}
        </button>
        {!resetToken && (
          <p className="form__alt">
            <button
              type="button"
              className="link-button"
              data-testid="forgot-to-login"
              onClick={() => {
                onClose();
                openModal('login');
              }}
            >
              {t('backToLogin')}
            </button>
          </p>
        )}
      </form>
    </Modal>
  );
}
