import { readMerchantCode, readToken } from '../store/persist';

/**
 * Where the client reads the request headers from. The language getter is set by the i18n setup
 * so that this module does not import i18next (keeps the client testable and free of UI state).
 */
let languageGetter: () => string = () => 'BN';

export function setLanguageGetter(get: () => string) {
  languageGetter = get;
}

export function requestHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    Accept: 'application/json',
    Device: 'web',
    Language: languageGetter().toUpperCase(),
  };
  // Only a stored merchant code is sent: without it the server resolves the merchant from the host,
  // and sending exactly one Merchant header matters (a duplicate is rejected upstream).
  const merchant = readMerchantCode();
  if (merchant) h.Merchant = merchant;
  // The reference sends the raw token, no "Bearer " prefix.
  const token = readToken();
  if (token) h.Authorization = token;
  return h;
}
