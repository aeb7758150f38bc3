import { DATE_PRESETS, type TDatePreset } from '@bp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './report.css';

interface Props<T extends string> {
  preset: TDatePreset;
  onPreset: (p: TDatePreset) => void;
  types?: readonly T[];
  type?: T;
  onType?: (t: T | undefined) => void;
  period?: { from: string; to: string };
  /** an explicit range from the URL: no preset chip is pressed while it applies */
  range?: { from?: string; to?: string };
  /** offers from/to date fields (shown filled with the period the server applied) */
  onRange?: (from: string, to: string) => void;
  /** further filters of the page (selects), laid out with the type select */
  children?: ReactNode;
}

/**
 * Date presets as chips, optional from/to dates, an optional type select and the page's own selects;
 * the period the server applied under them.
 */
export function ReportFilters<T extends string>({
  preset,
  onPreset,
  types,
  type,
  onType,
  period,
  range,
  onRange,
  children,
}: Props<T>) {
  const { t } = useTranslation('records');
  const custom = !!(range?.from && range.to);
  // a date field edit applies once the two dates make a range in order; the other side keeps its value
  const pick = (side: 'from' | 'to', value: string) => {
    if (!onRange || !period || !value) return;
    const from = side === 'from' ? value : period.from;
    const to = side === 'to' ? value : period.to;
    if (from <= to) onRange(from, to);
  };
  return (
    <div className="mc-card rep-filters">
      <div className="mc-chips" role="group" aria-label={t('period')} data-testid="report-presets">
        {DATE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="mc-filter"
            aria-pressed={!custom && p === preset}
            data-testid={`preset-${p}`}
            onClick={() => onPreset(p)}
          >
            {t(`preset_${p}`)}
          </button>
        ))}
      </div>
      {onRange && (
        <div className="rep-filters__range">
          <label className="rep-filters__type">
            <span className="mc-muted">{t('from')}</span>
            <input
              type="date"
              className="mc-select"
              value={period?.from ?? range?.from ?? ''}
              max={period?.to}
              data-testid="report-from"
              onChange={(e) => pick('from', e.target.value)}
            />
          </label>
          <label className="rep-filters__type">
            <span className="mc-muted">{t('to')}</span>
            <input
              type="date"
              className="mc-select"
              value={period?.to ?? range?.to ?? ''}
              min={period?.from}
              data-testid="report-to"
              onChange={(e) => pick('to', e.target.value)}
            />
          </label>
        </div>
      )}
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
        {children}
        {period && !onRange && (
          <span className="mc-muted" data-testid="report-period">
            {period.from === period.to ? period.from : `${period.from} – ${period.to}`}
          </span>
        )}
      </div>
    </div>
  );
}
