import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A downline's username to narrow a report to; empty shows the whole team. */
export function UsernameSearch({
  value,
  onSearch,
}: {
  value?: string;
  onSearch: (v: string | undefined) => void;
}) {
  const { t } = useTranslation('agent');
  const [text, setText] = useState(value ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form className="ac-search" role="search" onSubmit={submit}>
      <input
        className="mc-select"
        value={text}
        maxLength={64}
        placeholder={t('usernamePh')}
        aria-label={t('username')}
        data-testid="agent-filter-username"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--sm" data-testid="agent-filter-search">
        {t('search')}
      </button>
      {value && (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          data-testid="agent-filter-clear"
          onClick={() => {
            setText('');
            onSearch(undefined);
          }}
        >
          {t('clear')}
        </button>
      )}
    </form>
  );
}
