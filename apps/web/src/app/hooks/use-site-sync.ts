import type { TSystemStatusValue } from '@bp/contract';
import { useEffect } from 'react';
import { changeLanguage, languageByCode } from '../../shared/i18n';
import { useAppStore } from '../../shared/store/app-store';
import { offeredLanguages } from './use-languages';

/**
 * Applies the merchant's configuration once the status payload is in: default language and theme
 * (unless the user chose their own), currency symbol, page title.
 */
export function useSiteSync(status: TSystemStatusValue | undefined) {
  const languageChosen = useAppStore((s) => s.languageChosen);
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const setCurrencySymbol = useAppStore((s) => s.setCurrencySymbol);
  const storedTheme = useAppStore((s) => s.theme);
  const merchant = status?.info.merchant;
  const theme = storedTheme ?? merchant?.theme ?? 'dark';

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme === 'dark' ? '#0b1326' : '#ffffff');
  }, [theme]);

  useEffect(() => {
    if (!merchant) return;
    setCurrencySymbol(merchant.currencySymbol);
    document.title = merchant.name;
    const offered = offeredLanguages(merchant.languages);
    const current = offered.find((l) => l.lng === language);
    // The merchant default applies when the user never chose, or chose a language this merchant does not offer.
    if (!languageChosen || !current) {
      const def = languageByCode(merchant.defaultLanguage);
      const target = offered.find((l) => l.lng === def?.lng) ?? offered[0];
      if (target && target.lng !== language) {
        void changeLanguage(target.lng).then((applied) => setLanguage(applied, false));
      }
    }
  }, [merchant, language, languageChosen, setLanguage, setCurrencySymbol]);
}
