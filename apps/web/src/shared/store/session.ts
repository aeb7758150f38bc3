import { isAgentType, isTrialType } from '@bp/contract';
import { useAppStore, type TSessionMember } from './app-store';
import { STORAGE_KEYS, readMerchantCode, readStorage, writeStorage } from './persist';

/** What a login, registration or free-play answer hands over (SPEC §3 login response). */
export interface TSessionStart {
  token: string;
  id?: number;
  userName?: string;
  customerType?: number;
  firstTimeLogin?: boolean;
}

/**
 * Stores a new session token (sessionStorage `token`, plus customerId / username / isAgent as the spec
 * lists them). The user counts as logged in only once member info has loaded (`applyMember`).
 */
export function startSession(s: TSessionStart) {
  writeStorage('session', STORAGE_KEYS.token, s.token);
  if (s.id !== undefined) writeStorage('session', STORAGE_KEYS.customerId, String(s.id));
  if (s.userName !== undefined) writeStorage('session', STORAGE_KEYS.username, s.userName);
  if (s.customerType !== undefined) writeStorage('session', STORAGE_KEYS.isAgent, String(s.customerType));
  writeStorage('session', STORAGE_KEYS.firstTimeLogin, s.firstTimeLogin ? '1' : null);
  useAppStore.setState({ token: s.token, firstTimeLogin: !!s.firstTimeLogin });
}

/** Member info loaded for the current token: logged in; agent and trial flags from the member type. */
export function applyMember(m: TSessionMember) {
  writeStorage('session', STORAGE_KEYS.customerId, String(m.id));
  writeStorage('session', STORAGE_KEYS.account, m.account);
  writeStorage('session', STORAGE_KEYS.nickname, m.nickname);
  // The reference stores the numeric type under `isAgent` (API-REFERENCE §5.1).
  writeStorage('session', STORAGE_KEYS.isAgent, String(m.type));
  useAppStore.setState({
    member: m,
    isLogin: true,
    isAgent: isAgentType(m.type),
    isTrial: isTrialType(m.type),
    firstTimeLogin: readStorage('session', STORAGE_KEYS.firstTimeLogin) === '1',
  });
}

/**
 * Logout / rejected token: clears sessionStorage but keeps the merchant code (SPEC §4), and resets
 * the login, agent and trial flags.
 */
export function clearSession() {
  const merchant = readMerchantCode();
  try {
    window.sessionStorage.clear();
  } catch {
    /* storage disabled: nothing was stored either */
  }
  if (merchant) writeStorage('session', STORAGE_KEYS.merchantCode, merchant);
  useAppStore.setState({
    token: null,
    member: null,
    isLogin: false,
    isAgent: false,
    isTrial: false,
    firstTimeLogin: false,
  });
}

/**
 * `?token=` in the URL (app download links, one-click login) replaces the stored session; the parameter
 * is removed from the address bar so it does not end up in bookmarks or referrers.
 */
export function adoptTokenFromUrl(): boolean {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token || !/^[A-Za-z0-9._~+/=-]{16,512}$/.test(token)) return false;
  startSession({ token });
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return true;
}
