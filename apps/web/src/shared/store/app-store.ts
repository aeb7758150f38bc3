import { create } from 'zustand';
import { STORAGE_KEYS, readMerchantCode, readStorage, readToken, writeStorage } from './persist';

export type TTheme = 'dark' | 'light';

/** What the header and menus show about the logged-in account (from GET /wps/member/info). */
export interface TSessionMember {
  id: number;
  account: string;
  nickname: string | null;
  type: number;
  vipLabel: string | null;
}

export interface AppState {
  /** Raw session token from sessionStorage (sent as `Authorization`). */
  token: string | null;
  /** True once member info has loaded for the token (SPEC §4: logged in after member info loads). */
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  firstTimeLogin: boolean;
  member: TSessionMember | null;
  /** i18next code, e.g. 'bn', 'en'. */
  language: string;
  /** True once the user picked a language (stored); otherwise the merchant default applies. */
  languageChosen: boolean;
  /** The user's stored choice, or null to follow the merchant default. */
  theme: TTheme | null;
  currencySymbol: string;
  merchantCode: string | null;
  sideMenuOpen: boolean;
  /** `persist` false applies the merchant default without making it the user's choice. */
  setLanguage: (lng: string, persist?: boolean) => void;
  setTheme: (theme: TTheme) => void;
  setCurrencySymbol: (symbol: string) => void;
  setMerchantCode: (code: string) => void;
  setSideMenuOpen: (open: boolean) => void;
}

const storedTheme = (): TTheme | null => {
  const t = readStorage('local', STORAGE_KEYS.theme);
  return t === 'dark' || t === 'light' ? t : null;
};

export const useAppStore = create<AppState>((set) => ({
  token: readToken(),
  isLogin: false,
  isAgent: false,
  isTrial: false,
  firstTimeLogin: false,
  member: null,
  language: readStorage('local', STORAGE_KEYS.language) ?? 'bn',
  languageChosen: readStorage('local', STORAGE_KEYS.language) !== null,
  theme: storedTheme(),
  currencySymbol: '৳',
  merchantCode: readMerchantCode(),
  sideMenuOpen: false,
  setLanguage: (language, persist = true) => {
    if (persist) writeStorage('local', STORAGE_KEYS.language, language);
    set((s) => ({ language, languageChosen: s.languageChosen || persist }));
  },
  setTheme: (theme) => {
    writeStorage('local', STORAGE_KEYS.theme, theme);
    set({ theme });
  },
  setCurrencySymbol: (currencySymbol) => set({ currencySymbol }),
  setMerchantCode: (code) => {
    // Kept in both areas (SPEC §3): logout clears sessionStorage but the local copy survives.
    writeStorage('session', STORAGE_KEYS.merchantCode, code);
    writeStorage('local', STORAGE_KEYS.merchantCode, code);
    set({ merchantCode: code });
  },
  setSideMenuOpen: (sideMenuOpen) => set({ sideMenuOpen }),
}));
