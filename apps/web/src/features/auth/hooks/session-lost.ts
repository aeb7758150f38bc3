import { isApiError } from '../../../shared/api';
import { readToken } from '../../../shared/store/persist';
import { clearSession } from '../../../shared/store/session';

/**
 * A member call answered 401 `login.not.session` (expired, or logged out by a login elsewhere): the
 * local session ends too, so the header shows the login buttons again. Returns true when it did.
 */
export function isSessionLost(e: unknown): boolean {
  if (!isApiError(e) || e.status !== 401 || e.errorCode !== 'login.not.session' || !readToken()) return false;
  clearSession();
  return true;
}
