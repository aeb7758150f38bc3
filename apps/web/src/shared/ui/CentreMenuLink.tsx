import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

interface Props {
  to: string;
  active: boolean;
  icon: ReactNode;
  label: string;
  /** unread count and the like; nothing shown at 0 */
  badge?: number;
  /** `<prefix>-menu-<id>` and `<prefix>-badge-<id>` test ids */
  testPrefix: string;
  id: string;
}

/** A page of the member or agent centre's page list: icon, label and an optional count badge. */
export function CentreMenuLink({ to, active, icon, label, badge, testPrefix, id }: Props) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) => `mc__link ${isActive || active ? 'is-active' : ''}`}
      data-testid={`${testPrefix}-menu-${id}`}
      aria-current={active ? 'page' : undefined}
    >
      <span className="mc__link-icon">{icon}</span>
      <span className="mc__link-label">{label}</span>
      {!!badge && badge > 0 && (
        <span className="mc__badge" data-testid={`${testPrefix}-badge-${id}`}>
          {badge > 99 ? '99+' : badge}
        </span>
      )}
    </NavLink>
  );
}
