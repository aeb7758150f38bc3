export {
  i18n,
  initI18n,
  changeLanguage,
  loadLazyNamespaces,
  preloadLazyNamespaces,
  i18nReady,
  NAMESPACES,
} from './i18n';
export { LANGUAGES, DEFAULT_LNG, languageByCode, languageByLng, type LanguageMeta } from './languages';
export { SHIPPED_LNGS } from './catalogues';
