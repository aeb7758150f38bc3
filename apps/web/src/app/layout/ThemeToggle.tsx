import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../shared/system';
import { MoonIcon, SunIcon } from '../../shared/ui/icons';
import { useAppStore } from '../../shared/store/app-store';

/** Switches dark/light; the choice is stored in localStorage and overrides the merchant default. */
export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const stored = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  const merchantTheme = useSiteInfo()?.merchant.theme;
  const theme = stored ?? merchantTheme ?? 'dark';
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="theme-toggle"
      data-theme-current={theme}
      aria-label={t(next === 'light' ? 'themeLight' : 'themeDark')}
      title={t(next === 'light' ? 'themeLight' : 'themeDark')}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
