import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { navigateTo } from '../../../shared/navigation';
import { useAppStore } from '../../../shared/store/app-store';
import { LoginForm, type VerifyState } from '../components/LoginForm';
import { TwoFactorStep } from '../components/TwoFactorStep';
import '../components/auth.css';
import './agent.css';

const POINTS = ['agentPromo', 'agentRampUp', 'agentReports'] as const;

/** /agent (SPEC §2.1): the agent programme's promises and the agent login; agents go to /agentHome. */
export default function AgentLoginPanel() {
  const { t } = useTranslation('auth');
  const isAgent = useAppStore((s) => s.isAgent);
  const [verify, setVerify] = useState<VerifyState | null>(null);

  // An agent already logged in has nothing to do here.
  useEffect(() => {
    if (isAgent) navigateTo('/agentHome', { replace: true });
  }, [isAgent]);

  return (
    <div className="agent-page" data-testid="agent-page">
      <section className="agent-page__pitch">
        <h1 className="agent-page__headline">{t('agentHeadline')}</h1>
        <ul className="agent-page__points">
          {POINTS.map((k) => (
            <li key={k} data-testid={`agent-${k}`}>
              {t(k)}
            </li>
          ))}
        </ul>
        <p className="agent-page__hours" data-testid="agent-hours">
          {t('agentHours')}
        </p>
      </section>
      <section className="agent-page__card" aria-labelledby="agent-login-title">
        <h2 id="agent-login-title" className="agent-page__title">
          {verify ? t('twoFactorTitle') : t('agentPageTitle')}
        </h2>
        {verify ? (
          <TwoFactorStep state={verify} agentLogin onDone={() => undefined} onBack={() => setVerify(null)} />
        ) : (
          <LoginForm agentLogin onDone={() => undefined} onVerify={setVerify} />
        )}
        <Link to="/" className="agent-page__back" data-testid="agent-back-home">
          {t('agentBackHome')}
        </Link>
      </section>
    </div>
  );
}
