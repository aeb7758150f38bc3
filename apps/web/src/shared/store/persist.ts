/**
 * Storage keys of SPEC §3: the session token lives in sessionStorage; the merchant code in both
 * session and local storage; language and theme are preferences in localStorage.
 * Every access is guarded: storage can throw (privacy mode, disabled cookies).
 */
export const STORAGE_KEYS = {
  token: 'token',
  customerId: 'customerId',
  username: 'username',
  account: 'account',
  nickname: 'nickname',
  isAgent: 'isAgent',
  firstTimeLogin: 'firstTimeLogin',
  merchantCode: 'merchantCode',
  language: 'language',
  theme: 'theme',
  popupClosedUser: 'popupClosed_user',
  popupClosedAnon: 'popupClosed_anon',
} as const;

type Area = 'local' | 'session';

function area(a: Area): Storage | null {
  try {
    return a === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(a: Area, key: string): string | null {
  try {
    return area(a)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(a: Area, key: string, value: string | null) {
  try {
    const s = area(a);
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* storage full or disabled: the preference just does not survive a reload */
  }
}

export const readToken = () => readStorage('session', STORAGE_KEYS.token);
export const readMerchantCode = () =>
  readStorage('session', STORAGE_KEYS.merchantCode) ?? readStorage('local', STORAGE_KEYS.merchantCode);
