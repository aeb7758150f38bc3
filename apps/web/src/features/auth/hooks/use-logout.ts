import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../../shared/navigation';
import { readToken } from '../../../shared/store/persist';
import { clearSession } from '../../../shared/store/session';
import { showDialog } from '../../../shared/ui/dialog';
import { logout } from '../api/session';

/**
 * Sign out (SPEC §4): asks for confirmation, revokes the token on the server, clears session storage
 * (keeping the merchant code) and goes home. A failed server call still ends the local session.
 */
export function useLogout() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  return useCallback(
    async (opts: { confirm?: boolean; to?: string } = {}) => {
      if (opts.confirm !== false) {
        const ok = await showDialog(t('logoutConfirm'), {
          kind: 'warning',
          name: 'logout_confirm',
          confirmText: t('signOut'),
          cancelText: t('common:cancel'),
        });
        if (!ok) return false;
      }
      await logout().catch(() => undefined);
      // A member call the server refused while the logout was on its way may have ended the local
      // session already, and the visitor then closed the popup that brought: clearing the storage
      // again would bring that popup back.
      if (readToken()) clearSession();
      queryClient.removeQueries({ queryKey: ['memberInfo'] });
      navigateTo(opts.to ?? '/', { replace: true });
      return true;
    },
    [t, queryClient],
  );
}
