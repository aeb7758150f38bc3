import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { CATEGORY_PATH, vendorPath } from '../hooks/category-routes';
import './nav.css';

/** Side menu game lists (SPEC §2.2): each category, unfolding to its vendors. */
export function SideGameMenu() {
  const { t } = useTranslation('lobby');
  const lanes = useVendorLanes().data ?? [];
  if (lanes.length === 0) return null;
  return (
    <nav className="side-games" aria-label={t('gameMenu')} data-testid="side-game-menu">
      {lanes.map((lane) => (
        <details key={lane.title} className="side-games__cat" data-testid={`side-cat-${lane.title}`}>
          <summary className="side-menu__link side-games__summary">
            <span>{t(`menu_${lane.title}`)}</span>
            <span className="side-games__count muted">{lane.cards.length}</span>
          </summary>
          <ul className="side-games__vendors">
            <li>
              <NavLink to={CATEGORY_PATH[lane.title]} end className="side-games__vendor">
                {t('allVendors')}
              </NavLink>
            </li>
            {lane.cards.map((c) => (
              <li key={c.vassalage}>
                <NavLink
                  to={c.isGame === 'GAME' ? CATEGORY_PATH[lane.title] : vendorPath(lane.title, c.vassalage)}
                  className="side-games__vendor"
                  data-testid={`side-vendor-${lane.title}-${c.vassalage}`}
                >
                  {c.displayName}
                </NavLink>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </nav>
  );
}
