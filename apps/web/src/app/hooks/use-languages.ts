import { useCallback, useMemo } from 'react';
import { saveMemberLanguage } from '../../features/auth';
import { useSiteInfo } from '../../shared/system';
import { changeLanguage, LANGUAGES, SHIPPED_LNGS, type LanguageMeta } from '../../shared/i18n';
import { useAppStore } from '../../shared/store/app-store';

/**
 * Languages offered: those whose catalogue ships AND that the merchant lists in `languages`
 * (status payload). With no usable overlap, every shipped language is offered.
 */
export function offeredLanguages(merchantLanguages: readonly string[] | undefined): LanguageMeta[] {
  const shipped = LANGUAGES.filter((l) => SHIPPED_LNGS.includes(l.lng));
  if (!merchantLanguages?.length) return shipped;
  const wanted = new Set(merchantLanguages.map((c) => c.toUpperCase()));
  const both = shipped.filter((l) => wanted.has(l.code));
  return both.length ? both : shipped;
}

export function useLanguages() {
  const info = useSiteInfo();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const offered = useMemo(() => offeredLanguages(info?.merchant.languages), [info]);
  const choose = useCallback(
    async (lng: string) => {
      const applied = await changeLanguage(lng);
      setLanguage(applied, true);
      // SPEC §4: the language change is sent to the server too (members only).
      if (useAppStore.getState().isLogin) saveMemberLanguage(applied);
    },
    [setLanguage],
  );
  return { language, offered, choose };
}
