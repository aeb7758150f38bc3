import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { Pager } from '../../../shared/ui/Pager';
import { downloadCsv, toCsv } from './csv';

export interface Column<R> {
  key: string;
  /** key in the agent namespace */
  label: string;
  /** the cell as text: shown, and written to the CSV */
  text: (row: R) => string | number;
  /** a richer cell (colour, badge); the text is shown without it */
  render?: (row: R) => ReactNode;
  numeric?: boolean;
  /** left out of the CSV (row actions) */
  noCsv?: boolean;
}

interface Props<R> {
  testId: string;
  columns: readonly Column<R>[];
  rows: readonly R[] | undefined;
  rowKey: (row: R) => string;
  loading: boolean;
  error: unknown;
  pageNo: number;
  totalPages: number;
  totalCount?: number;
  onPage: (pageNo: number) => void;
  /** a totals row under the table */
  totals?: Partial<Record<string, string | number>>;
  /** every row under the current filters, for the CSV export */
  exportRows?: () => Promise<R[]>;
  exportName?: string;
}

/**
 * A report table: on phones each row stacks into a card of label and value (a wide table would hide
 * the amounts off to the side); totals row, pager and CSV export of every filtered row.
 */
export function DataTable<R>(p: Props<R>) {
  const { t } = useTranslation('agent');
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    if (!p.exportRows) return;
    setExporting(true);
    try {
      const rows = await p.exportRows();
      const cols = p.columns.filter((c) => !c.noCsv);
      const csv = toCsv(
        cols.map((c) => t(c.label)),
        rows.map((r) => cols.map((c) => c.text(r))),
      );
      downloadCsv(`${p.exportName ?? p.testId}.csv`, csv);
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="mc-card" aria-busy={p.loading}>
      <div className="mc-card__head">
        <span className="mc-muted" data-testid={`${p.testId}-count`}>
          {p.totalCount !== undefined ? t('rows', { count: p.totalCount }) : null}
        </span>
        {p.exportRows && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            data-testid={`${p.testId}-csv`}
            disabled={exporting || !p.rows?.length}
            onClick={() => void exportCsv()}
          >
            {t('exportCsv')}
          </button>
        )}
      </div>
      {p.error ? (
        <p className="mc-error">{errorText(t, p.error)}</p>
      ) : p.loading && !p.rows ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : !p.rows?.length ? (
        <p className="mc-empty" data-testid={`${p.testId}-empty`}>
          {t('empty')}
        </p>
      ) : (
        <div className="ac-table-wrap">
          <table className="ac-table ac-table--stack" data-testid={p.testId}>
            <thead>
              <tr>
                {p.columns.map((c) => (
                  <th key={c.key} className={c.numeric ? 'is-num' : undefined} scope="col">
                    {t(c.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {p.rows.map((r) => (
                <tr key={p.rowKey(r)} data-testid={`${p.testId}-row`}>
                  {p.columns.map((c) => (
                    <td
                      key={c.key}
                      className={c.numeric ? 'is-num' : undefined}
                      data-col={c.key}
                      data-label={t(c.label)}
                    >
                      {c.render ? c.render(r) : c.text(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {p.totals && (
              <tfoot>
                <tr data-testid={`${p.testId}-totals`}>
                  {p.columns.map((c, i) => {
                    const v = i === 0 ? t('total') : (p.totals?.[c.key] ?? '');
                    return (
                      <td
                        key={c.key}
                        className={c.numeric ? 'is-num' : undefined}
                        data-col={c.key}
                        data-label={i === 0 ? undefined : t(c.label)}
                        data-empty={v === '' ? true : undefined}
                      >
                        {v}
                      </td>
                    );
                  })}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
      <Pager pageNo={p.pageNo} totalPages={p.totalPages} onChange={p.onPage} testId={`${p.testId}-pager`} />
    </div>
  );
}
