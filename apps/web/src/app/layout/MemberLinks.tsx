import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useUnreadCount } from '../../features/messages';
import { useAppStore } from '../../shared/store/app-store';
import { UserIcon } from '../../shared/ui/icons';
import {
  ChartIcon,
  CrownIcon,
  DepositIcon,
  DiceIcon,
  EnvelopeIcon,
  ListIcon,
  WithdrawIcon,
} from '../../shared/ui/money-icons';

const LINKS = [
  { page: 'vip', icon: <CrownIcon /> },
  { page: 'depositv2', icon: <DepositIcon /> },
  { page: 'withdraw', icon: <WithdrawIcon /> },
  { page: 'personalHistoryCopy', icon: <DiceIcon /> },
  { page: 'transactionHistory', icon: <ListIcon /> },
  { page: 'securityCenter', icon: <UserIcon width={20} height={20} /> },
  { page: 'personalProfit', icon: <ChartIcon /> },
  { page: 'messageV2', icon: <EnvelopeIcon /> },
] as const;

/** SPEC §2.2 side menu, logged in: deposit, withdraw and the member links into the member centre. */
export function MemberLinks() {
  const { t } = useTranslation('memberCentre');
  const isLogin = useAppStore((s) => s.isLogin);
  const unread = useUnreadCount();
  if (!isLogin) return null;
  return (
    <nav className="side-menu__links" aria-label={t('title')} data-testid="side-member-links">
      {LINKS.map((l) => (
        <NavLink
          key={l.page}
          to={`/member/${l.page}`}
          className="side-menu__link"
          data-testid={`side-member-${l.page}`}
        >
          {l.icon}
          <span>{t(l.page)}</span>
          {l.page === 'messageV2' && !!unread.data && (
            <span className="side-menu__badge" data-testid="side-unread-badge">
              {unread.data > 99 ? '99+' : unread.data}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
