import { createContext, useContext } from 'react';
import { bn } from './i18n-bn';
import { en, type TKey } from './i18n-en';

export type TLang = 'bn' | 'en';
export const DICTIONARIES: Record<TLang, Record<TKey, string>> = { bn, en };

/** `lang` from the URL; Bengali unless English is asked for. */
export function langFrom(search: string): TLang {
  return new URLSearchParams(search).get('lang')?.toLowerCase().startsWith('en') ? 'en' : 'bn';
}

export type TFn = (key: TKey, vars?: Record<string, string | number>) => string;

export function translator(lang: TLang): TFn {
  const dict = DICTIONARIES[lang];
  return (key, vars) =>
    vars ? dict[key].replace(/\{(\w+)\}/g, (m, name: string) => String(vars[name] ?? m)) : dict[key];
}

/**
 * Texts of the game server's error codes (contract GAME_SERVER_ERRORS); anything else shows the
 * server's own message, which it already gives in the session's language.
 */
const ERROR_TEXTS: Record<string, Record<TLang, string>> = {
  game_session_invalid: {
    en: 'The game session has ended, please open the game again',
    bn: 'গেম সেশন শেষ হয়েছে, অনুগ্রহ করে আবার গেমটি খুলুন',
  },
  game_launch_token_invalid: {
    en: 'This game link has expired, please open the game again',
    bn: 'এই গেম লিঙ্কের মেয়াদ শেষ, অনুগ্রহ করে আবার গেমটি খুলুন',
  },
  game_bet_invalid: { en: 'This bet is not allowed', bn: 'এই বাজি অনুমোদিত নয়' },
  game_insufficient_balance: { en: 'Insufficient balance', bn: 'অপর্যাপ্ত ব্যালেন্স' },
  game_bonus_max_bet: {
    en: 'This stake is above the maximum bet allowed while your bonus is being wagered',
    bn: 'বোনাস বাজি চলাকালীন এই বাজি সর্বোচ্চ অনুমোদিত বাজির চেয়ে বেশি',
  },
  game_round_closed: { en: 'Betting is closed for this round', bn: 'এই রাউন্ডে বাজি বন্ধ' },
  game_wallet_unavailable: {
    en: 'The wallet did not answer, your bet was not placed',
    bn: 'ওয়ালেট সাড়া দেয়নি, আপনার বাজি গ্রহণ করা হয়নি',
  },
  request_param_err: { en: 'Please enter correct information', bn: 'অনুগ্রহ করে সঠিক তথ্য লিখুন' },
};

/** Codes after which the session cannot go on: the player must open the game from the site again. */
export const SESSION_ENDED_CODES = new Set(['game_session_invalid', 'game_launch_token_invalid']);

export function errorText(lang: TLang, code: string, serverMessage?: string): string {
  if (code === 'network') return DICTIONARIES[lang].networkError;
  return ERROR_TEXTS[code]?.[lang] ?? serverMessage ?? DICTIONARIES[lang].unknownError;
}

export interface TI18n {
  lang: TLang;
  t: TFn;
}
export const I18nContext = createContext<TI18n>({ lang: 'bn', t: translator('bn') });
export const useI18n = () => useContext(I18nContext);
