import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../shared/ui/icons';
import { useLanguages } from '../hooks/use-languages';

/** A native <select> of the offered languages; the choice is stored and sent as `Language`. */
export function LanguageSelect({ testId, compact = false }: { testId: string; compact?: boolean }) {
  const { t } = useTranslation('layout');
  const { language, offered, choose } = useLanguages();
  const id = useId();
  return (
    <div className={`lang-select ${compact ? 'lang-select--compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'lang-select__label'}>
        {t('language')}
      </label>
      <span className="lang-select__box">
        <GlobeIcon width={18} height={18} />
        <select id={id} data-testid={testId} value={language} onChange={(e) => void choose(e.target.value)}>
          {offered.map((l) => (
            <option key={l.lng} value={l.lng} lang={l.htmlLang}>
              {l.nativeName}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
