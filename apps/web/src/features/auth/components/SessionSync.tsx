import { PASSWORD_RESET_PARAM } from '@bp/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { readToken } from '../../../shared/store/persist';
import { applyMember, clearSession } from '../../../shared/store/session';
import { openModal, useModalStore } from '../../../shared/ui/modal-store';
import { memberInfoQuery, toSessionMember } from '../api/member';

/**
 * The forgot-password mail's link `/#resetToken=<token>` (fragment: never sent to a server) opens the
 * new-password form; the token then leaves the address bar.
 */
function adoptResetTokenFromUrl() {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = hash.get(PASSWORD_RESET_PARAM);
  if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) return;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  openModal('forgotPassword', { resetToken: token });
}

/**
 * Loads member info whenever there is a token without a member (after login, on reload, from `?token=`);
 * the user counts as logged in once it arrives. A refused token (401: expired, logged out elsewhere)
 * ends the session quietly.
 */
export function SessionSync() {
  const token = useAppStore((s) => s.token);
  const { data, error } = useQuery(memberInfoQuery(token));

  // On load, and when a mail link is opened in a tab that already shows the site (only the hash changes).
  useEffect(() => {
    adoptResetTokenFromUrl();
    window.addEventListener('hashchange', adoptResetTokenFromUrl);
    return () => window.removeEventListener('hashchange', adoptResetTokenFromUrl);
  }, []);

  useEffect(() => {
    if (data && token) applyMember(toSessionMember(data));
    // a reload (or a new tab) must not skip the forced change that the login opened
    const open = useModalStore.getState().stack.some((m) => m.id === 'changePassword');
    if (data?.mustChangePassword && token && !open) openModal('changePassword', { forced: true });
  }, [data, token]);

  useEffect(() => {
    // only while a token is stored: an answer that arrives after a logout must not clear again what
    // the visitor has stored since (the popup they closed)
    if (isApiError(error) && error.status === 401 && readToken()) clearSession();
  }, [error]);

  return null;
}
