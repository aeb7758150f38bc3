import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { CATEGORY_PATH, vendorPath } from '../hooks/category-routes';
import { GameImage } from './GameImage';
import './nav.css';

/** Vendors above this count get the large dropdown (SPEC §2.2). */
const LARGE_DROPDOWN = 10;

/**
 * Header nav (SPEC §2.2): one entry per category with vendors; hovering (or focusing) an entry drops
 * down its vendors. A vendor opens the category page filtered to it.
 */
export function HeaderGameNav() {
  const { t } = useTranslation('lobby');
  const lanes = useVendorLanes().data ?? [];
  return (
    <>
      {lanes.map((lane) => (
        <div className="nav-cat" key={lane.title} data-testid={`nav-cat-${lane.title}`}>
          <NavLink to={CATEGORY_PATH[lane.title]} className="header__nav-link nav-cat__link">
            {t(`menu_${lane.title}`)}
          </NavLink>
          <div
            className={`nav-cat__dropdown ${lane.cards.length > LARGE_DROPDOWN ? 'nav-cat__dropdown--large' : ''}`}
            data-testid={`nav-dropdown-${lane.title}`}
            data-size={lane.cards.length > LARGE_DROPDOWN ? 'large' : 'small'}
          >
            {lane.cards.map((c) => (
              <NavLink
                key={c.vassalage}
                to={c.isGame === 'GAME' ? CATEGORY_PATH[lane.title] : vendorPath(lane.title, c.vassalage)}
                className="nav-vendor"
                data-testid={`nav-vendor-${lane.title}-${c.vassalage}`}
              >
                <GameImage className="nav-vendor__icon" src={c.smallIcon || c.lagerIcon} alt="" />
                <span>{c.displayName}</span>
              </NavLink>
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
