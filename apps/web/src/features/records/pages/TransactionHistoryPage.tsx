import { RECORD_TYPES } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { Pager } from '../../../shared/ui/Pager';
import '../../../shared/ui/member-page.css';
import { useAccountRecords } from '../api/get-account-records';
import { RecordRows } from '../components/RecordRows';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import '../components/records.css';
import { useReportUrl } from '../../../shared/report/use-report-url';

/** transactionHistory (account record): type filter, date presets and paging, all in the URL. */
export default function TransactionHistoryPage() {
  const { t } = useTranslation('records');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useReportUrl(RECORD_TYPES);
  const q = useAccountRecords({ type: f.type, preset: f.preset, pageNo: f.pageNo });

  return (
    <div className="mc-page" data-testid="transaction-history-page">
      <h1 className="mc-page__title">{t('transactionHistory')}</h1>
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        types={RECORD_TYPES}
        type={f.type}
        onType={f.setType}
        period={q.data?.period}
      />
      <div className="mc-card" aria-busy={q.isFetching}>
        {q.isError ? (
          <p className="mc-error">{errorText(t, q.error)}</p>
        ) : q.isLoading ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : !q.data?.list.length ? (
          <p className="mc-empty" data-testid="records-empty">
            {t('empty')}
          </p>
        ) : (
          <>
            <p className="mc-muted" data-testid="records-count">
              {t('count', { count: q.data.totalCount })}
            </p>
            <RecordRows rows={q.data.list} symbol={symbol} testId="record-row" />
          </>
        )}
        <Pager
          pageNo={q.data?.pageNo ?? f.pageNo}
          totalPages={q.data?.totalPages ?? 0}
          onChange={f.setPage}
          testId="records-pager"
        />
      </div>
    </div>
  );
}
