import { DATE_PRESETS, type TDatePreset } from '@bp/contract';
import { useTranslation } from 'react-i18next';

interface Props<T extends string> {
  preset: TDatePreset;
  onPreset: (p: TDatePreset) => void;
  types?: readonly T[];
  type?: T;
  onType?: (t: T | undefined) => void;
  period?: { from: string; to: string };
}

/** Date presets as chips and an optional type select; the period the server applied under them. */
export function ReportFilters<T extends string>({ preset, onPreset, types, type, onType, period }: Props<T>) {
  const { t } = useTranslation('records');
  return (
    <div className="mc-card rep-filters">
      <div className="mc-chips" role="group" aria-label={t('period')} data-testid="report-presets">
        {DATE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="mc-filter"
            aria-pressed={p === preset}
            data-testid={`preset-${p}`}
            onClick={() => onPreset(p)}
          >
            {t(`preset_${p}`)}
          </button>
        ))}
      </div>
      <div className="rep-filters__row">
        {types && onType && (
          <label className="rep-filters__type">
            <span className="mc-muted">{t('type')}</span>
            <select
              className="mc-select"
              value={type ?? ''}
              data-testid="report-type"
              onChange={(e) => onType((e.target.value || undefined) as T | undefined)}
            >
              <option value="">{t('allTypes')}</option>
              {types.map((x) => (
                <option key={x} value={x}>
                  {t(`type_${x}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {period && (
          <span className="mc-muted" data-testid="report-period">
            {period.from === period.to ? period.from : `${period.from} – ${period.to}`}
          </span>
        )}
      </div>
    </div>
  );
}
