import { i18n } from '../../../shared/i18n';
import { useAppStore } from '../../../shared/store/app-store';
import { showDialog } from '../../../shared/ui/dialog';
import { openModal } from '../../../shared/ui/modal-store';

/**
 * SPEC §4: actions needing an account open the login popup when logged out and are blocked for
 * trial accounts with a 'need a real account' warning and a confirm button.
 */
export function requireRealAccount(
  action: () => void,
  message: 'need_real_account' | 'in_need_true_account' = 'need_real_account',
) {
  const { isLogin, isTrial, token } = useAppStore.getState();
  if (!isLogin && !token) {
    openModal('login');
    return;
  }
  if (isTrial) {
    void showDialog(i18n.t(message, { ns: 'auth' }), { kind: 'warning', name: message });
    return;
  }
  action();
}
