import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../../shared/navigation';
import { useAppStore } from '../../../shared/store/app-store';
import { PageLoader } from '../../../shared/ui/Loader';
import { useLogout } from '../hooks/use-logout';
import './agent.css';

/**
 * /agentHome: a non-agent is sent to /agent (SPEC §2.1). Until the agent centre arrives it shows the
 * agent's identity and logout.
 */
export default function AgentHomePanel() {
  const { t } = useTranslation('auth');
  const token = useAppStore((s) => s.token);
  const member = useAppStore((s) => s.member);
  const isAgent = useAppStore((s) => s.isAgent);
  const logout = useLogout();

  useEffect(() => {
    if (!token || (member && !isAgent)) navigateTo('/agent', { replace: true });
  }, [token, member, isAgent]);

  if (!member || !isAgent) return <PageLoader />;
  return (
    <div className="agent-page agent-page--home" data-testid="agent-home">
      <section className="agent-page__card">
        <h1 className="agent-page__title">{t('agentHomeTitle')}</h1>
        <dl className="agent-page__identity">
          <dt>{t('account')}</dt>
          <dd data-testid="agent-account">{member.account}</dd>
          <dt>{t('nickname')}</dt>
          <dd data-testid="agent-nickname">{member.nickname ?? '—'}</dd>
          <dt>{t('memberType')}</dt>
          <dd data-testid="agent-type" data-type={member.type}>
            {t('type_agent')} ({member.type})
          </dd>
        </dl>
        <p className="muted">{t('agentHomeSoon')}</p>
        <button
          type="button"
          className="btn btn--ghost"
          data-testid="agent-logout"
          onClick={() => void logout({ to: '/agent' })}
        >
          {t('signOut')}
        </button>
      </section>
    </div>
  );
}
