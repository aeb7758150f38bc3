import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './lobby-icons';

/** Game-name search (a substring in any shipped language); the term lives in the URL, so this only submits it. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('lobby');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      className="game-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <SearchIcon className="game-search__icon" />
      <input
        type="search"
        className="game-search__input"
        value={text}
        maxLength={64}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        data-testid="game-search"
        onChange={(e) => {
          setText(e.target.value);
          // clearing the box (its × button too) drops the search at once
          if (e.target.value === '' && value) onSearch('');
        }}
      />
      <button type="submit" className="btn btn--primary btn--sm" data-testid="game-search-submit">
        {t('search')}
      </button>
    </form>
  );
}
