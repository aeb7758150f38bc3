import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { UserMenu } from '../../features/auth';
import { loadHeaderGameNav } from '../../features/lobby';
import { usePromoState } from '../../features/referral';
import { useSiteInfo, useWhitelabel } from '../../shared/system';
import { BellIcon, HeadsetIcon, MenuIcon } from '../../shared/ui/icons';
import { openModal } from '../../shared/ui/modal-store';
import { useAppStore } from '../../shared/store/app-store';
import { loadLazyNamespaces } from '../../shared/i18n';
import { Brand } from './Brand';
import { HeaderWalletSlot } from './HeaderWalletSlot';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';

/**
 * Nav items appear only when their page exists (SPEC 2.2: Games, Promotions, Rewards, Share). The game
 * categories (with their vendor dropdowns) come from the lobby, loaded after the shell.
 */
const NAV = [
  { to: '/', key: 'navGames', end: true },
  { to: '/promotions', key: 'promotions', end: false },
] as const;
const HeaderGameNav = lazy(async () => (await Promise.all([loadHeaderGameNav(), loadLazyNamespaces()]))[0]);

export function Header() {
  const { t } = useTranslation('layout');
  const info = useSiteInfo();
  const navigate = useNavigate();
  const isLogin = useAppStore((s) => s.isLogin);
  const hasToken = useAppStore((s) => s.token !== null);
  const wl = useWhitelabel();
  const sideMenuOpen = useAppStore((s) => s.sideMenuOpen);
  const setSideMenuOpen = useAppStore((s) => s.setSideMenuOpen);
  const promo = usePromoState();
  // SPEC 2.2: Rewards shows when the referral promotion is on or nobody is logged in
  const showRewards = wl.REWCEN3 !== false && (promo.referralOn || !isLogin);

  return (
    <header className="header" data-testid="header">
      <button
        type="button"
        className="icon-button header__burger"
        aria-label={t('menu')}
        aria-expanded={sideMenuOpen}
        aria-controls="side-menu"
        data-testid="menu-toggle"
        onClick={() => setSideMenuOpen(!sideMenuOpen)}
      >
        <MenuIcon />
      </button>
      <Link to="/" className="header__brand" aria-label={t('home')}>
        <Brand merchant={info?.merchant} />
      </Link>
      <nav className="header__nav" aria-label={t('mainNav')}>
        {NAV.map((n) => (
          <NavLink key={n.to} to={n.to} end={n.end} className="header__nav-link">
            {t(n.key)}
          </NavLink>
        ))}
        {showRewards && (
          <NavLink to="/member/rewardCenter" className="header__nav-link" data-testid="header-rewards">
            {t('navRewards')}
            {isLogin && promo.count > 0 && (
              <span className="header__nav-badge" aria-label={t('promoBadge', { count: promo.count })}>
                {promo.count > 99 ? '99+' : promo.count}
              </span>
            )}
          </NavLink>
        )}
        <NavLink to="/member/referral" className="header__nav-link" data-testid="header-share">
          {t('navShare')}
        </NavLink>
        <Suspense fallback={null}>
          <HeaderGameNav />
        </Suspense>
      </nav>
      <div className="header__tools">
        <button
          type="button"
          className="icon-button"
          aria-label={t('notices')}
          title={t('notices')}
          data-testid="notice-button"
          onClick={() => openModal('noticeList')}
        >
          <BellIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common:customerService')}
          title={t('common:customerService')}
          data-testid="header-cs-button"
          onClick={() => openModal('customerService')}
        >
          <HeadsetIcon />
        </button>
        <ThemeToggle />
        <div className="header__lang">
          <LanguageSelect testId="header-language-select" compact />
        </div>
        <HeaderWalletSlot place="header" />
        {isLogin && <UserMenu canChangePassword={!!wl.PASS3} />}
        {/* While a stored token's member info loads, neither the buttons nor the avatar flash. */}
        {!isLogin && !hasToken && (
          <div className="header__auth">
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              data-testid="login-button"
              onClick={() => navigate('/login')}
            >
              {t('login')}
            </button>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              data-testid="register-button"
              onClick={() => navigate('/register')}
            >
              {t('register')}
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
