import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import { useAppStore } from '../../../shared/store/app-store';
import { useTeamOverview } from '../api/reports';
import { TeamChart } from '../components/TeamChart';
import { UsernameSearch } from '../components/UsernameSearch';
import { useAgentFilters } from '../hooks/use-agent-filters';

const COUNTS = [
  'members',
  'newRegistrations',
  'activeMembers',
  'firstDeposits',
  'depositCount',
  'betCount',
] as const;
const MONEY = [
  'deposits',
  'withdrawals',
  'validBets',
  'wins',
  'ggr',
  'bonuses',
  'rebates',
  'netResult',
] as const;

/** agentTeamOverview (the agent centre's first page): the team's figures for the period and a daily chart. */
export default function TeamOverviewPage({ header }: { header?: React.ReactNode }) {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useAgentFilters();
  const q = useTeamOverview({ ...f.period, username: f.username });
  const d = q.data;
  return (
    <div className="mc-page" data-testid="team-overview-page">
      <h2 className="mc-page__title">{t('agentTeamOverview')}</h2>
      {header}
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        period={d?.period}
        range={f.range}
        onRange={f.setRange}
      >
        <UsernameSearch value={f.username} onSearch={f.setUsername} />
      </ReportFilters>
      {q.isError ? (
        <p className="mc-error">{errorText(t, q.error)}</p>
      ) : !d ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : (
        <>
          <section className="mc-card" aria-busy={q.isFetching}>
            <div className="ac-grid">
              {COUNTS.map((k) => (
                <div key={k} className="ac-stat" data-testid={`overview-${k}`}>
                  <span className="ac-stat__label">{t(k)}</span>
                  <span className="ac-stat__value">{d[k].toLocaleString()}</span>
                </div>
              ))}
              {MONEY.map((k) => (
                <div key={k} className="ac-stat" data-testid={`overview-${k}`} data-value={d[k]}>
                  <span className="ac-stat__label">{t(k)}</span>
                  <span className="ac-stat__value">{formatAmount(d[k], symbol)}</span>
                </div>
              ))}
            </div>
          </section>
          <TeamChart series={d.series} />
        </>
      )}
    </div>
  );
}
