import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { applyMember, clearSession } from '../../../shared/store/session';
import { openModal } from '../../../shared/ui/modal-store';
import { memberInfoQuery, toSessionMember } from '../api/member';

/** `?resetToken=` (the forgot-password mail's link) opens the new-password form; the token leaves the address bar. */
function adoptResetTokenFromUrl() {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('resetToken');
  if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) return;
  url.searchParams.delete('resetToken');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
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

  useEffect(adoptResetTokenFromUrl, []);

  useEffect(() => {
    if (data && token) applyMember(toSessionMember(data));
  }, [data, token]);

  useEffect(() => {
    if (isApiError(error) && error.status === 401) clearSession();
  }, [error]);

  return null;
}
