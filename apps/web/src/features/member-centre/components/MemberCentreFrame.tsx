import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CentreMenuLink } from '../../../shared/ui/CentreMenuLink';
import { ChevronIcon } from '../../../shared/ui/icons';
import { RouteLoader } from '../../../shared/ui/Loader';
import '../../../shared/ui/member-page.css';
import '../../../shared/ui/centre-frame.css';

export interface MemberPageEntry {
  /** the SPEC §2.4 page name, also the path segment: /member/<id> */
  id: string;
  /** key in the memberCentre namespace */
  label: string;
  icon: ReactNode;
  /** unread count and the like; nothing shown at 0 */
  badge?: number;
}

interface Props {
  pages: readonly MemberPageEntry[];
  current: string;
  children: ReactNode;
}

/**
 * SPEC §2.4 member centre: the page list on the left (a collapsible list on phones) and the page.
 * The app decides which pages exist and renders the current one as children.
 */
export function MemberCentreFrame({ pages, current, children }: Props) {
  const { t } = useTranslation('memberCentre');
  const [menuOpen, setMenuOpen] = useState(false);
  const active = pages.find((p) => p.id === current);
  useEffect(() => setMenuOpen(false), [current]);

  return (
    <div className="mc" data-testid="member-centre" data-page={current}>
      <button
        type="button"
        className="mc__menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="member-centre-menu"
        data-testid="member-menu-toggle"
        onClick={() => setMenuOpen((o) => !o)}
      >
        <span className="mc__menu-toggle-icon">{active?.icon}</span>
        <span className="mc__menu-toggle-label">{active ? t(active.label) : t('title')}</span>
        <ChevronIcon className={`mc__chev ${menuOpen ? 'is-open' : ''}`} width={18} height={18} />
      </button>
      <nav
        id="member-centre-menu"
        className={`mc__menu ${menuOpen ? 'is-open' : ''}`}
        aria-label={t('title')}
        data-testid="member-menu"
      >
        <h2 className="mc__menu-title">{t('title')}</h2>
        {pages.map((p) => (
          <CentreMenuLink
            key={p.id}
            id={p.id}
            to={`/member/${p.id}`}
            active={p.id === current}
            icon={p.icon}
            label={t(p.label)}
            badge={p.badge}
            testPrefix="member"
          />
        ))}
      </nav>
      <section className="mc__content" data-testid={`member-page-${current}`}>
        <Suspense fallback={<RouteLoader />}>{children}</Suspense>
      </section>
    </div>
  );
}
