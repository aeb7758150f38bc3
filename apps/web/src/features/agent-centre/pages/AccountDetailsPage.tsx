import { agentReportEndpoints, RECORD_TYPES, type TDownlineTransactionPage } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import { useAppStore } from '../../../shared/store/app-store';
import { allRows, useDownlineTransactions } from '../api/reports';
import { DataTable, type Column } from '../components/DataTable';
import { UsernameSearch } from '../components/UsernameSearch';
import { useAgentFilters } from '../hooks/use-agent-filters';

type Row = TDownlineTransactionPage['list'][number];

/** agentDownlineTransactionDetailsCopy (account details): the team's ledger movements by type. */
export default function AccountDetailsPage() {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useAgentFilters(RECORD_TYPES);
  const query = { ...f.period, username: f.username, type: f.type };
  const q = useDownlineTransactions({ ...query, pageNo: f.pageNo });
  const columns: Column<Row>[] = [
    { key: 'time', label: 'time', text: (r) => r.time },
    { key: 'username', label: 'username', text: (r) => r.username },
    { key: 'type', label: 'recordType', text: (r) => t(`records:type_${r.type}`) },
    { key: 'remark', label: 'remark', text: (r) => r.remark },
    {
      key: 'amount',
      label: 'amount',
      text: (r) => r.amount,
      render: (r) => (
        <span className={`mc-amount ${r.amount.startsWith('-') ? 'mc-amount--out' : 'mc-amount--in'}`}>
          {formatAmount(r.amount, symbol)}
        </span>
      ),
      numeric: true,
    },
  ];
  return (
    <div className="mc-page" data-testid="account-details-page">
      <h2 className="mc-page__title">{t('agentDownlineTransactionDetailsCopy')}</h2>
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        types={RECORD_TYPES}
        type={f.type}
        onType={f.setType}
        period={q.data?.period}
        range={f.range}
        onRange={f.setRange}
      >
        <UsernameSearch value={f.username} onSearch={f.setUsername} />
      </ReportFilters>
      <DataTable
        testId="account-details"
        columns={columns}
        rows={q.data?.list}
        rowKey={(r) => r.id}
        loading={q.isFetching}
        error={q.error}
        pageNo={q.data?.pageNo ?? f.pageNo}
        totalPages={q.data?.totalPages ?? 0}
        totalCount={q.data?.totalCount}
        onPage={f.setPage}
        exportName="account-details"
        exportRows={() =>
          allRows((paging) =>
            callEndpoint(agentReportEndpoints.downlineTransaction, { query: { ...query, ...paging } }),
          )
        }
      />
    </div>
  );
}
