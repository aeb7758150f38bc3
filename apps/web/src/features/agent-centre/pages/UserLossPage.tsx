import { agentReportEndpoints, type TUserLossPage } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import { useAppStore } from '../../../shared/store/app-store';
import { allRows, useUserLoss } from '../api/reports';
import { DataTable, type Column } from '../components/DataTable';
import { UsernameSearch } from '../components/UsernameSearch';
import { useAgentFilters } from '../hooks/use-agent-filters';

type Row = TUserLossPage['list'][number];
const MONEY = ['deposits', 'withdrawals', 'bets', 'wins', 'net'] as const;

/** palStatementsAgentCopy (user loss): per downline deposits, withdrawals, bets, wins and net. */
export default function UserLossPage() {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useAgentFilters();
  const directOnly = f.param('direct') === '1';
  const query = { ...f.period, username: f.username, directOnly: directOnly ? ('true' as const) : undefined };
  const q = useUserLoss({ ...query, pageNo: f.pageNo });
  const columns: Column<Row>[] = [
    { key: 'username', label: 'username', text: (r) => r.username },
    { key: 'type', label: 'memberType', text: (r) => t(r.isAgent ? 'typeAgent' : 'typeMember') },
    { key: 'betCount', label: 'betCount', text: (r) => r.betCount, numeric: true },
    ...MONEY.map((k) => ({
      key: k,
      label: k === 'bets' ? 'validBets' : k,
      text: (r: Row) => r[k],
      render: (r: Row) => (
        <span className={k === 'net' && r.net.startsWith('-') ? 'mc-amount mc-amount--out' : 'mc-amount'}>
          {formatAmount(r[k], symbol)}
        </span>
      ),
      numeric: true,
    })),
  ];
  return (
    <div className="mc-page" data-testid="user-loss-page">
      <h2 className="mc-page__title">{t('palStatementsAgentCopy')}</h2>
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        period={q.data?.period}
        range={f.range}
        onRange={f.setRange}
      >
        <UsernameSearch value={f.username} onSearch={f.setUsername} />
        <label className="rep-filters__type">
          <input
            type="checkbox"
            checked={directOnly}
            data-testid="agent-filter-direct"
            onChange={(e) => f.setParam('direct', e.target.checked ? '1' : undefined)}
          />
          <span>{t('directOnly')}</span>
        </label>
      </ReportFilters>
      <DataTable
        testId="user-loss"
        columns={columns}
        rows={q.data?.list}
        rowKey={(r) => r.username}
        loading={q.isFetching}
        error={q.error}
        pageNo={q.data?.pageNo ?? f.pageNo}
        totalPages={q.data?.totalPages ?? 0}
        totalCount={q.data?.totalCount}
        onPage={f.setPage}
        totals={q.data && Object.fromEntries(MONEY.map((k) => [k, formatAmount(q.data.totals[k], symbol)]))}
        exportName="user-loss"
        exportRows={() =>
          allRows((paging) => callEndpoint(agentReportEndpoints.userLoss, { query: { ...query, ...paging } }))
        }
      />
    </div>
  );
}
