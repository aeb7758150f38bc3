import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { LeftMenuBanner } from '../../features/announcements';
import { loadSideGameMenu } from '../../features/lobby';
import { usePromoState } from '../../features/referral';
import { GamesIcon, HeadsetIcon, HelpIcon, InviteIcon, RebateIcon } from '../../shared/ui/icons';
import { CrownIcon, DepositIcon, GiftIcon, WithdrawIcon } from '../../shared/ui/money-icons';
import { useWhitelabel } from '../../shared/system';
import { openModal } from '../../shared/ui/modal-store';
import { useAppStore } from '../../shared/store/app-store';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { loadLazyNamespaces } from '../../shared/i18n';
import { LanguageSelect } from './LanguageSelect';

const AppQr = lazy(() => import('./AppQr'));
const SideGameMenu = lazy(async () => (await Promise.all([loadSideGameMenu(), loadLazyNamespaces()]))[0]);
// Logged-in only, and its texts are a lazy namespace: loaded with it.
const MemberLinks = lazy(async () => {
  const [m] = await Promise.all([import('./MemberLinks'), loadLazyNamespaces()]);
  return { default: m.MemberLinks };
});

/**
 * Left menu: banner, quick links (only those whose page exists now), the game categories with their
 * vendors, member links, language, app-download QR.
 * Always visible on wide screens; a drawer behind the hamburger on phones.
 */
export function SideMenu() {
  const { t } = useTranslation('layout');
  const open = useAppStore((s) => s.sideMenuOpen);
  const setOpen = useAppStore((s) => s.setSideMenuOpen);
  const { pathname } = useLocation();
  const isLogin = useAppStore((s) => s.isLogin);
  const wl = useWhitelabel();
  const promo = usePromoState();
  // A phone's drawer fills its game menu, member links and app QR when first opened: the first
  // screen does not render (nor download) what sits off screen (layout.css: docked from 1024 px).
  const docked = useMediaQuery('(min-width: 1024px)');
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  const full = docked || opened;

  // Navigating closes the drawer.
  useEffect(() => setOpen(false), [pathname, setOpen]);

  return (
    <>
      <div
        className={`side-menu__scrim ${open ? 'is-open' : ''}`}
        aria-hidden="true"
        onClick={() => setOpen(false)}
      />
      <aside
        id="side-menu"
        className={`side-menu ${open ? 'is-open' : ''}`}
        data-testid="side-menu"
        aria-label={t('sideMenu')}
      >
        <LeftMenuBanner />
        <nav className="side-menu__links" aria-label={t('quickLinks')}>
          <NavLink to="/" end className="side-menu__link">
            <GamesIcon />
            <span>{t('navGames')}</span>
          </NavLink>
          {/* SPEC 2.2 quick links; a visitor following a member-centre one is asked to log in there */}
          <NavLink to="/member/depositv2" className="side-menu__link" data-testid="side-quick-deposit">
            <DepositIcon />
            <span>{t('quickDeposit')}</span>
          </NavLink>
          <NavLink to="/member/withdraw" className="side-menu__link" data-testid="side-quick-withdraw">
            <WithdrawIcon />
            <span>{t('quickWithdraw')}</span>
          </NavLink>
          <NavLink to="/promotions" className="side-menu__link" data-testid="side-promotions-link">
            <GiftIcon />
            <span>{t('promotions')}</span>
          </NavLink>
          {promo.referralOn && (
            <NavLink to="/member/referral" className="side-menu__link" data-testid="side-quick-referral">
              <InviteIcon />
              <span>{t('quickInvite')}</span>
            </NavLink>
          )}
          {wl.REWCEN3 !== false && (
            <NavLink
              to="/member/rewardCenter"
              className="side-menu__link"
              data-testid="side-quick-rewardCenter"
            >
              <CrownIcon />
              <span>{t('quickRewardCenter')}</span>
              {isLogin && promo.count > 0 && (
                <span className="side-menu__badge" data-testid="side-promo-badge">
                  {promo.count > 99 ? '99+' : promo.count}
                </span>
              )}
            </NavLink>
          )}
          {isLogin && (
            <NavLink
              to="/member/manualRebate"
              className="side-menu__link"
              data-testid="side-quick-manualRebate"
            >
              <RebateIcon />
              <span>{t('quickManualRebate')}</span>
            </NavLink>
          )}
          <NavLink to="/help" className="side-menu__link" data-testid="side-help-link">
            <HelpIcon />
            <span>{t('helpCenter')}</span>
          </NavLink>
          <button
            type="button"
            className="side-menu__link"
            data-testid="side-cs-link"
            onClick={() => openModal('customerService')}
          >
            <HeadsetIcon />
            <span>{t('common:customerService')}</span>
          </button>
        </nav>
        {full && (
          <Suspense fallback={null}>
            <SideGameMenu />
          </Suspense>
        )}
        {full && isLogin && (
          <Suspense fallback={null}>
            <MemberLinks />
          </Suspense>
        )}
        <div className="side-menu__block">
          <LanguageSelect testId="language-select" />
        </div>
        <div className="side-menu__block side-menu__qr">
          <Suspense fallback={<div className="app-qr app-qr--placeholder" />}>
            {full ? <AppQr /> : <div className="app-qr app-qr--placeholder" />}
          </Suspense>
        </div>
      </aside>
    </>
  );
}
