import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../../shared/system';
import { navigateTo } from '../../../shared/navigation';
import { Tabs } from '../../../shared/ui/form';
import { Modal } from '../../../shared/ui/Modal';
import { openModal } from '../../../shared/ui/modal-store';
import { FreePlayButton } from './FreePlayButton';
import { LoginForm, type VerifyState } from './LoginForm';
import { SmsLoginForm } from './SmsLoginForm';
import { SocialButtons } from './SocialButtons';
import { TwoFactorStep } from './TwoFactorStep';
import './auth.css';

type Tab = 'username' | 'sms';

/** Leaving /login or /register when their modal closes, so the header buttons open it again. */
export function leaveAuthRoute() {
  if (['/login', '/register'].includes(window.location.pathname)) navigateTo('/', { replace: true });
}

/** Login modal (SPEC §2.6): username / SMS tabs, remember password, forgot password, social, free play, two-factor. */
export default function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const wl = useWhitelabel();
  const smsEnabled = !!wl.MOBILEVERCODELOGIN3;
  const [tab, setTab] = useState<Tab>('username');
  const [verify, setVerify] = useState<VerifyState | null>(null);

  const close = () => {
    onClose();
    leaveAuthRoute();
  };
  const done = () => {
    onClose();
    leaveAuthRoute();
  };
  const goRegister = () => {
    onClose();
    navigateTo('/register', { replace: true });
  };
  const goForgot = () => {
    onClose();
    leaveAuthRoute();
    openModal('forgotPassword');
  };

  return (
    <Modal
      title={verify ? t('twoFactorTitle') : t('loginTitle')}
      onClose={close}
      size="sm"
      testId="login-modal"
      closeTestId="login-close"
    >
      {verify ? (
        <TwoFactorStep state={verify} onDone={done} onBack={() => setVerify(null)} />
      ) : (
        <div className="auth">
          <Tabs
            label={t('loginTabs')}
            testId="login-tab"
            value={smsEnabled ? tab : 'username'}
            onChange={setTab}
            items={[
              { id: 'username', label: t('tabUsername') },
              ...(smsEnabled ? [{ id: 'sms' as const, label: t('tabSms') }] : []),
            ]}
          />
          {smsEnabled && tab === 'sms' ? (
            <SmsLoginForm onDone={done} onVerify={setVerify} />
          ) : (
            <LoginForm
              onDone={done}
              onVerify={setVerify}
              extra={
                <button type="button" className="link-button" data-testid="forgot-link" onClick={goForgot}>
                  {t('forgotPassword')}
                </button>
              }
            />
          )}
          <p className="form__alt">
            {t('noAccount')}{' '}
            <button type="button" className="link-button" data-testid="to-register" onClick={goRegister}>
              {t('signUpLink')}
            </button>
          </p>
          <FreePlayButton onDone={done} />
          <SocialButtons />
        </div>
      )}
    </Modal>
  );
}
