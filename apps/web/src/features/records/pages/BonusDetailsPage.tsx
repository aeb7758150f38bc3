import { BONUS_RECORD_TYPES } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { Pager } from '../../../shared/ui/Pager';
import '../../../shared/ui/member-page.css';
import { useBonusDetails } from '../api/get-bonus-details';
import { BonusProgress } from '../components/BonusProgress';
import { RecordRows } from '../components/RecordRows';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import '../components/records.css';
import { useReportUrl } from '../../../shared/report/use-report-url';

/** bonusDetails: each bonus with its wagering progress, then bonus, rebate, salary and dividend lines with the period's total. */
export default function BonusDetailsPage() {
  const { t } = useTranslation('records');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useReportUrl(BONUS_RECORD_TYPES);
  const q = useBonusDetails({ type: f.type, preset: f.preset, pageNo: f.pageNo });

  return (
    <div className="mc-page" data-testid="bonus-details-page">
      <h1 className="mc-page__title">{t('bonusDetails')}</h1>
      <BonusProgress symbol={symbol} />
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        types={BONUS_RECORD_TYPES}
        type={f.type}
        onType={f.setType}
        period={q.data?.period}
      />
      <div className="mc-card" aria-busy={q.isFetching}>
        <div className="rep-total">
          <span className="mc-muted">{t('bonusTotal')}</span>
          <strong className="mc-amount" data-testid="bonus-total">
            {formatAmount(q.data?.totalAmount ?? '0', symbol)}
          </strong>
        </div>
        {q.isError ? (
          <p className="mc-error">{errorText(t, q.error)}</p>
        ) : q.isLoading ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : !q.data?.list.length ? (
          <p className="mc-empty" data-testid="records-empty">
            {t('empty')}
          </p>
        ) : (
          <RecordRows rows={q.data.list} symbol={symbol} testId="bonus-row" />
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
