import { agentReportEndpoints, BET_GAME_TYPES, TEAM_BET_STATUSES, type TTeamBettingPage } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import { useAppStore } from '../../../shared/store/app-store';
import { allRows, useTeamBetting } from '../api/reports';
import { DataTable, type Column } from '../components/DataTable';
import { UsernameSearch } from '../components/UsernameSearch';
import { useAgentFilters } from '../hooks/use-agent-filters';

type Row = TTeamBettingPage['list'][number];
const oneOf = <T extends string>(list: readonly T[], v: string | undefined) =>
  list.includes(v as T) ? (v as T) : undefined;

/** personalHistoryCopy (team betting): the team's bets with member, game type, vendor and status filters. */
export default function TeamBettingPage() {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useAgentFilters();
  const gameType = oneOf(BET_GAME_TYPES, f.param('gameType'));
  const status = oneOf(TEAM_BET_STATUSES, f.param('status'));
  const query = { ...f.period, username: f.username, gameType, status };
  const q = useTeamBetting({ ...query, pageNo: f.pageNo });
  const money = (k: 'betAmount' | 'validBet' | 'winAmount' | 'profit'): Column<Row> => ({
    key: k,
    label: k,
    text: (r) => r[k],
    render: (r) => (
      <span className={k === 'profit' && r.profit.startsWith('-') ? 'mc-amount mc-amount--out' : 'mc-amount'}>
        {formatAmount(r[k], symbol)}
      </span>
    ),
    numeric: true,
  });
  const columns: Column<Row>[] = [
    { key: 'betTime', label: 'betTime', text: (r) => r.betTime },
    { key: 'username', label: 'username', text: (r) => r.username },
    { key: 'vendor', label: 'vendor', text: (r) => r.vendor },
    { key: 'gameType', label: 'gameType', text: (r) => r.gameType ?? '' },
    { key: 'gameCode', label: 'game', text: (r) => r.gameCode ?? '' },
    { key: 'betId', label: 'betId', text: (r) => r.betId },
    money('betAmount'),
    money('validBet'),
    money('winAmount'),
    money('profit'),
    { key: 'status', label: 'status', text: (r) => t(`bet_${r.status}`) },
  ];
  const select = (
    key: string,
    value: string | undefined,
    options: readonly string[],
    label: string,
    prefix = '',
  ) => (
    <label className="rep-filters__type">
      <span className="mc-muted">{t(label)}</span>
      <select
        className="mc-select"
        value={value ?? ''}
        data-testid={`agent-filter-${key}`}
        onChange={(e) => f.setParam(key, e.target.value || undefined)}
      >
        <option value="">{t('all')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {prefix ? t(`${prefix}${o}`) : o}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="mc-page" data-testid="team-betting-page">
      <h2 className="mc-page__title">{t('personalHistoryCopy')}</h2>
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        period={q.data?.period}
        range={f.range}
        onRange={f.setRange}
      >
        <UsernameSearch value={f.username} onSearch={f.setUsername} />
        {select('gameType', gameType, BET_GAME_TYPES, 'gameType')}
        {select('status', status, TEAM_BET_STATUSES, 'status', 'bet_')}
      </ReportFilters>
      <DataTable
        testId="team-betting"
        columns={columns}
        rows={q.data?.list}
        rowKey={(r) => `${r.vendor}:${r.betId}`}
        loading={q.isFetching}
        error={q.error}
        pageNo={q.data?.pageNo ?? f.pageNo}
        totalPages={q.data?.totalPages ?? 0}
        totalCount={q.data?.totalCount}
        onPage={f.setPage}
        totals={
          q.data && {
            betAmount: formatAmount(q.data.totals.betAmount, symbol),
            validBet: formatAmount(q.data.totals.validBet, symbol),
            winAmount: formatAmount(q.data.totals.winAmount, symbol),
            profit: formatAmount(q.data.totals.profit, symbol),
          }
        }
        exportName="team-betting"
        exportRows={() =>
          allRows((paging) =>
            callEndpoint(agentReportEndpoints.teamBetting, { query: { ...query, ...paging } }),
          )
        }
      />
    </div>
  );
}
