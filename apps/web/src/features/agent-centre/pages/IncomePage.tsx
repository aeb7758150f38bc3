import { AGENT_INCOME_KINDS, agentReportEndpoints, type TIncomePage } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import { useAppStore } from '../../../shared/store/app-store';
import { allRows, useIncome } from '../api/reports';
import { DataTable, type Column } from '../components/DataTable';
import { useAgentFilters } from '../hooks/use-agent-filters';

type Row = TIncomePage['list'][number];

/**
 * agentRevenueReport (my income): the salary and dividend money that reached the agent's balance,
 * by kind. The record pages of each kind (PayoutRecordPage) show the settled periods behind it.
 */
export default function IncomePage() {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useAgentFilters(AGENT_INCOME_KINDS);
  const query = { ...f.period, kind: f.type };
  const q = useIncome({ ...query, pageNo: f.pageNo });
  const columns: Column<Row>[] = [
    { key: 'time', label: 'time', text: (r) => r.time },
    { key: 'kind', label: 'incomeKind', text: (r) => t(`income_${r.kind}`) },
    { key: 'remark', label: 'remark', text: (r) => r.remark },
    {
      key: 'amount',
      label: 'amount',
      text: (r) => r.amount,
      render: (r) => <span className="mc-amount mc-amount--in">{formatAmount(r.amount, symbol)}</span>,
      numeric: true,
    },
  ];
  const totals = q.data?.totals;
  return (
    <div className="mc-page" data-testid="income-page">
      <h2 className="mc-page__title">{t('agentRevenueReport')}</h2>
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        period={q.data?.period}
        range={f.range}
        onRange={f.setRange}
      >
        <label className="rep-filters__type">
          <span className="mc-muted">{t('incomeKind')}</span>
          <select
            className="mc-select"
            value={f.type ?? ''}
            data-testid="agent-filter-kind"
            onChange={(e) => f.setType((e.target.value || undefined) as Row['kind'] | undefined)}
          >
            <option value="">{t('all')}</option>
            {AGENT_INCOME_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`income_${k}`)}
              </option>
            ))}
          </select>
        </label>
      </ReportFilters>
      {totals && (
        <section className="mc-card">
          <div className="ac-grid">
            {(['daily', 'hourly', 'realtime', 'dividend', 'total'] as const).map((k) => (
              <div key={k} className="ac-stat" data-testid={`income-total-${k}`} data-value={totals[k]}>
                <span className="ac-stat__label">{t(`income_${k}`)}</span>
                <span className="ac-stat__value">{formatAmount(totals[k], symbol)}</span>
              </div>
            ))}
          </div>
        </section>
      )}
      <DataTable
        testId="income"
        columns={columns}
        rows={q.data?.list}
        rowKey={(r) => r.id}
        loading={q.isFetching}
        error={q.error}
        pageNo={q.data?.pageNo ?? f.pageNo}
        totalPages={q.data?.totalPages ?? 0}
        totalCount={q.data?.totalCount}
        onPage={f.setPage}
        totals={totals && { amount: formatAmount(totals.total, symbol) }}
        exportName="income"
        exportRows={() =>
          allRows((paging) => callEndpoint(agentReportEndpoints.income, { query: { ...query, ...paging } }))
        }
      />
    </div>
  );
}
