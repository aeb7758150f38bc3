import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../shared/store/app-store';
import { copyText } from '../../../shared/ui/clipboard';
import { showDialog } from '../../../shared/ui/dialog';
import {
  AgentIcon,
  CopyIcon,
  HeadsetIcon,
  KeyIcon,
  LogoutIcon,
  MailIcon,
  UserIcon,
} from '../../../shared/ui/icons';
import { DiceIcon } from '../../../shared/ui/money-icons';
import { openModal } from '../../../shared/ui/modal-store';
import { navigateTo } from '../../../shared/navigation';
import { useLogout } from '../hooks/use-logout';
import { requireRealAccount } from '../hooks/real-account';
import './user-menu.css';

/**
 * Logged-in header: avatar with the VIP label and its menu (SPEC §2.2). The balance arrives with the
 * wallet issue. "My account", "Betting record" and "Platform messages" open those member-centre pages.
 */
export function UserMenu({ canChangePassword }: { canChangePassword: boolean }) {
  const { t } = useTranslation('auth');
  const member = useAppStore((s) => s.member);
  const isAgent = useAppStore((s) => s.isAgent);
  const isTrial = useAppStore((s) => s.isTrial);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!member) return null;
  const act = (fn: () => void) => () => {
    setOpen(false);
    fn();
  };
  const copyId = async () => {
    await copyText(String(member.id));
    void showDialog(t('copy_success'), { kind: 'success', name: 'copy_success' });
  };

  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="avatar-button"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          <UserIcon width={20} height={20} />
        </span>
        <span className="user-menu__name" data-testid="header-account">
          {member.nickname || member.account}
        </span>
        {isTrial ? (
          <span className="user-menu__vip user-menu__vip--trial" data-testid="trial-label">
            {t('trialLabel')}
          </span>
        ) : (
          member.vipLabel && (
            <span className="user-menu__vip" data-testid="vip-label">
              {member.vipLabel}
            </span>
          )
        )}
      </button>
      {open && (
        <div className="user-menu__panel" role="menu" data-testid="avatar-menu">
          <div className="user-menu__head">
            <strong data-testid="avatar-menu-account">{member.account}</strong>
            <button
              type="button"
              className="user-menu__id"
              role="menuitem"
              data-testid="copy-user-id"
              onClick={act(() => void copyId())}
            >
              {t('userId')}: <span data-testid="user-id">{member.id}</span>{' '}
              <CopyIcon width={16} height={16} />
            </button>
          </div>
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            data-testid="menu-my-account"
            onClick={act(() => requireRealAccount(() => navigateTo('/member/securityCenter')))}
          >
            <UserIcon width={18} height={18} />
            {t('myAccount')}
          </button>
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            data-testid="menu-betting-record"
            onClick={act(() => requireRealAccount(() => navigateTo('/member/personalHistoryCopy')))}
          >
            <DiceIcon width={18} height={18} />
            {t('bettingRecord')}
          </button>
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            data-testid="menu-messages"
            onClick={act(() => requireRealAccount(() => navigateTo('/member/messageV2')))}
          >
            <MailIcon width={18} height={18} />
            {t('platformMessages')}
          </button>
          {canChangePassword && (
            <button
              type="button"
              role="menuitem"
              className="user-menu__item"
              data-testid="menu-change-password"
              onClick={act(() => requireRealAccount(() => openModal('changePassword')))}
            >
              <KeyIcon width={18} height={18} />
              {t('changePassword')}
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            data-testid="menu-customer-service"
            onClick={act(() => openModal('customerService'))}
          >
            <HeadsetIcon width={18} height={18} />
            {t('common:customerService')}
          </button>
          {isAgent && (
            <button
              type="button"
              role="menuitem"
              className="user-menu__item"
              data-testid="menu-agent-centre"
              onClick={act(() => navigateTo('/agentHome'))}
            >
              <AgentIcon width={18} height={18} />
              {t('agentCentre')}
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            className="user-menu__item user-menu__item--danger"
            data-testid="menu-logout"
            onClick={act(() => void logout())}
          >
            <LogoutIcon width={18} height={18} />
            {t('signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
