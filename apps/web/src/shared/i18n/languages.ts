import type { TLanguage } from '@bp/contract';

/**
 * Every interface language of SPEC §9. `code` is what the server speaks (the `Language` header and
 * the merchant's `languages`); `lng` is the i18next code and the catalogue file name
 * (src/locales/<lng>.json). A language is offered when its catalogue ships AND the merchant lists it.
 */
export interface LanguageMeta {
  code: TLanguage;
  lng: string;
  /** BCP 47 tag for <html lang>. */
  htmlLang: string;
  nativeName: string;
  dir: 'ltr' | 'rtl';
}

const m = (
  code: TLanguage,
  htmlLang: string,
  nativeName: string,
  dir: 'ltr' | 'rtl' = 'ltr',
): LanguageMeta => ({
  code,
  lng: code.toLowerCase(),
  htmlLang,
  nativeName,
  dir,
});

export const LANGUAGES: readonly LanguageMeta[] = [
  m('BN', 'bn', 'বাংলা'),
  m('EN', 'en', 'English'),
  m('CN', 'zh-CN', '简体中文'),
  m('TW', 'zh-TW', '繁體中文'),
  m('JA', 'ja', '日本語'),
  m('TH', 'th', 'ไทย'),
  m('VI', 'vi', 'Tiếng Việt'),
  m('MY', 'my', 'မြန်မာ'),
  m('ES', 'es', 'Español'),
  m('HI', 'hi', 'हिन्दी'),
  m('ID', 'id', 'Bahasa Indonesia'),
  m('KM', 'km', 'ខ្មែរ'),
  m('KO', 'ko', '한국어'),
  m('MS', 'ms', 'Bahasa Melayu'),
  m('PT', 'pt', 'Português'),
  m('PT-BR', 'pt-BR', 'Português (Brasil)'),
  m('TA', 'ta', 'தமிழ்'),
  m('TY', 'tl', 'Tagalog'),
  m('UR', 'ur', 'اردو', 'rtl'),
  m('TR', 'tr', 'Türkçe'),
  m('AR', 'ar', 'العربية', 'rtl'),
  m('FA', 'fa', 'فارسی', 'rtl'),
  m('RU', 'ru', 'Русский'),
  m('KK', 'kk', 'Қазақ'),
  m('UZ', 'uz', 'Oʻzbek'),
  m('LO', 'lo', 'ລາວ'),
  m('NE', 'ne', 'नेपाली'),
  m('FR', 'fr', 'Français'),
];

export const DEFAULT_LNG = 'bn';

export const languageByLng = (lng: string): LanguageMeta | undefined =>
  LANGUAGES.find((l) => l.lng === lng.toLowerCase());
export const languageByCode = (code: string): LanguageMeta | undefined =>
  LANGUAGES.find((l) => l.code === code.toUpperCase());
