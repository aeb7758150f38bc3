import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setLanguageGetter } from '../api/client-context';
import {
  LAZY_NAMESPACES,
  SHIPPED_LNGS,
  defaultCatalogue,
  loadCatalogue,
  loadFullDefaultCatalogue,
} from './catalogues';
import { DEFAULT_LNG, LANGUAGES, languageByLng } from './languages';

export const NAMESPACES = Object.keys(defaultCatalogue);

export const i18n = i18next.createInstance();

/** Reflects the language on <html> (lang, dir): screen readers, fonts and e2e read it from there. */
function applyToDocument(lng: string) {
  const meta = languageByLng(lng);
  document.documentElement.lang = meta?.htmlLang ?? lng;
  document.documentElement.dir = meta?.dir ?? 'ltr';
}

async function ensureLoaded(lng: string): Promise<boolean> {
  if (i18n.hasResourceBundle(lng, NAMESPACES[0] ?? 'common')) return true;
  const cat = await loadCatalogue(lng);
  if (!cat) return false;
  for (const [ns, entries] of Object.entries(cat)) i18n.addResourceBundle(lng, ns, entries, true, true);
  return true;
}

let markReady: () => void = () => undefined;
/** Settles once initI18n has set up the language the page opens in (lazy texts are then asked for in it). */
export const i18nReady = new Promise<void>((resolve) => (markReady = resolve));

export async function initI18n(preferred: string): Promise<void> {
  const lng = SHIPPED_LNGS.includes(preferred) ? preferred : DEFAULT_LNG;
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LNG,
    fallbackLng: DEFAULT_LNG,
    supportedLngs: LANGUAGES.map((l) => l.lng),
    ns: NAMESPACES,
    defaultNS: 'common',
    // Flat keys inside each namespace: error codes such as `merchant.not.found` contain dots.
    keySeparator: false,
    interpolation: { escapeValue: false },
    resources: { [DEFAULT_LNG]: defaultCatalogue },
    returnEmptyString: false,
    react: { useSuspense: false },
  });
  setLanguageGetter(() => languageByLng(i18n.language)?.code ?? i18n.language.toUpperCase());
  i18n.on('languageChanged', applyToDocument);
  await changeLanguage(lng);
  applyToDocument(i18n.language);
  markReady();
}

let lazyWanted = false;

/** Adds the lazy namespaces of a language (Bengali: fetched; others: already in their catalogue). */
async function ensureLazy(lng: string) {
  if (LAZY_NAMESPACES.every((ns) => i18n.hasResourceBundle(lng, ns))) return;
  const cat = lng === DEFAULT_LNG ? await loadFullDefaultCatalogue() : await loadCatalogue(lng);
  for (const ns of LAZY_NAMESPACES) {
    const entries = cat?.[ns];
    if (entries) i18n.addResourceBundle(lng, ns, entries, true, true);
  }
}

/** Starts downloading the Bengali lazy namespaces early (the boot, before the first render); nothing else. */
export function preloadLazyNamespaces(lng: string) {
  if (lng === DEFAULT_LNG) void loadFullDefaultCatalogue();
}

/**
 * Lazy routes await this before rendering: the texts of LAZY_NAMESPACES in the current language,
 * and from then on in every language switched to.
 */
export async function loadLazyNamespaces(): Promise<void> {
  lazyWanted = true;
  await ensureLazy(i18n.language || DEFAULT_LNG);
}

/** Loads the catalogue if needed, then switches. Unknown languages fall back to Bengali. */
export async function changeLanguage(lng: string): Promise<string> {
  const target = (await ensureLoaded(lng)) ? lng : DEFAULT_LNG;
  if (lazyWanted) await ensureLazy(target);
  if (i18n.language !== target) await i18n.changeLanguage(target);
  return target;
}
