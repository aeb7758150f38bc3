import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CentreMenuLink } from '../../../shared/ui/CentreMenuLink';
import { ChevronIcon } from '../../../shared/ui/icons';
import { RouteLoader } from '../../../shared/ui/Loader';
import { AgentClock } from './AgentClock';
import { PayoutStatusBanner } from './PayoutStatusBanner';
import '../../../shared/ui/member-page.css';
import '../../../shared/ui/centre-frame.css';
import './agent-centre.css';

export interface AgentPageEntry {
  /** the SPEC §2.5 page name, also the path segment: /agentHome/<id> */
  id: string;
  /** key in the agent namespace */
  label: string;
  icon: ReactNode;
  badge?: number;
  /** an entry that opens something (customer service) instead of a page */
  onSelect?: () => void;
}

interface Props {
  pages: readonly AgentPageEntry[];
  current: string;
  timeZone: string;
  account: string;
  nickname?: string | null;
  onLogout: () => void;
  children: ReactNode;
}

/**
 * SPEC §2.5 agent centre: a header with the merchant's GMT offset, a live clock, who is signed in and
 * logout; under it the payout freeze (or hold) when there is one; the page list on the left (a collapsible list on phones) and the page. The app decides which
 * pages exist and renders the current one as children.
 */
export function AgentCentreFrame({ pages, current, timeZone, account, nickname, onLogout, children }: Props) {
  const { t } = useTranslation('agent');
  const [menuOpen, setMenuOpen] = useState(false);
  const active = pages.find((p) => p.id === current);
  useEffect(() => setMenuOpen(false), [current]);

  return (
    <div className="ac" data-testid="agent-home" data-page={current}>
      <div className="ac__head">
        <h1 className="ac__title">{t('title')}</h1>
        <AgentClock timeZone={timeZone} />
        {/* SPEC §2.5: the nickname, or the account when there is none */}
        <span className="ac__who" data-testid="agent-who" data-account={account} title={account}>
          {nickname || account}
        </span>
        <button
          type="button"
          className="btn btn--ghost ac__logout"
          data-testid="agent-logout"
          onClick={onLogout}
        >
          {t('logout')}
        </button>
      </div>
      <PayoutStatusBanner />
      <div className="mc ac__body">
        <button
          type="button"
          className="mc__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="agent-centre-menu"
          data-testid="agent-menu-toggle"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="mc__menu-toggle-icon">{active?.icon}</span>
          <span className="mc__menu-toggle-label">{active ? t(active.label) : t('title')}</span>
          <ChevronIcon className={`mc__chev ${menuOpen ? 'is-open' : ''}`} width={18} height={18} />
        </button>
        <nav
          id="agent-centre-menu"
          className={`mc__menu ${menuOpen ? 'is-open' : ''}`}
          aria-label={t('title')}
          data-testid="agent-menu"
        >
          {pages.map((p) =>
            p.onSelect ? (
              <button
                key={p.id}
                type="button"
                className="mc__link"
                data-testid={`agent-menu-${p.id}`}
                onClick={p.onSelect}
              >
                <span className="mc__link-icon">{p.icon}</span>
                <span className="mc__link-label">{t(p.label)}</span>
              </button>
            ) : (
              <CentreMenuLink
                key={p.id}
                id={p.id}
                to={`/agentHome/${p.id}`}
                active={p.id === current}
                icon={p.icon}
                label={t(p.label)}
                badge={p.badge}
                testPrefix="agent"
              />
            ),
          )}
        </nav>
        <section className="mc__content" data-testid={`agent-page-${current}`}>
          <Suspense fallback={<RouteLoader />}>{children}</Suspense>
        </section>
      </div>
    </div>
  );
}
