import { agentEndpoints, DOWNLINE_KINDS, type TAgentDownline } from '@bp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api';
import { agentErrorText } from '../hooks/agent-error';
import { formatAmount } from '../../../shared/format';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import { useAppStore } from '../../../shared/store/app-store';
import { showDialog } from '../../../shared/ui/dialog';
import { allRows } from '../api/reports';
import { usePromoteDownline, useDownlines } from '../api/team';
import { DataTable, type Column } from '../components/DataTable';
import { UsernameSearch } from '../components/UsernameSearch';
import { useAgentFilters } from '../hooks/use-agent-filters';

const oneOf = <T extends string>(list: readonly T[], v: string | undefined) =>
  list.includes(v as T) ? (v as T) : undefined;

/**
 * downlineManagmentView (team management): the whole team or the direct downline, by kind, status and
 * username, with each one's level, team size, balance (where the merchant shows it) and the period's
 * deposits and bets; a direct member can be made an agent.
 */
export default function DownlineManagementPage() {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useAgentFilters();
  const scope = f.param('scope') === 'direct' ? ('direct' as const) : undefined;
  const kind = oneOf(DOWNLINE_KINDS, f.param('kind'));
  const status = oneOf(['active', 'blocked'] as const, f.param('status'));
  const query = { ...f.period, username: f.username, scope, kind, status };
  const q = useDownlines({ ...query, pageNo: f.pageNo });
  const promote = usePromoteDownline();
  const [problem, setProblem] = useState<string | null>(null);
  const showBalance = q.data?.balanceVisibility !== 'none';

  const makeAgent = async (d: TAgentDownline) => {
    const ok = await showDialog(t('promoteConfirm', { username: d.username }), {
      kind: 'warning',
      name: 'promote-downline',
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (!ok) return;
    setProblem(null);
    try {
      await promote.mutateAsync(d.id);
    } catch (err) {
      setProblem(agentErrorText(t, err));
    }
  };

  const money = (label: string, get: (d: TAgentDownline) => string | null): Column<TAgentDownline> => ({
    key: label,
    label,
    numeric: true,
    text: (d) => get(d) ?? '',
    render: (d) => {
      const v = get(d);
      return v === null ? '—' : <span className="mc-amount">{formatAmount(v, symbol)}</span>;
    },
  });
  const columns: Column<TAgentDownline>[] = [
    { key: 'username', label: 'username', text: (d) => d.username },
    { key: 'nickname', label: 'nickname', text: (d) => d.nickname ?? '' },
    { key: 'kind', label: 'memberType', text: (d) => t(d.kind === 'agent' ? 'typeAgent' : 'typeMember') },
    { key: 'level', label: 'level', text: (d) => d.level, numeric: true },
    { key: 'parent', label: 'upline', text: (d) => d.parentUsername ?? '' },
    {
      key: 'status',
      label: 'status',
      text: (d) => t(`memberStatus_${d.status}`, { defaultValue: d.status }),
    },
    { key: 'registeredAt', label: 'registeredAt', text: (d) => d.registeredAt },
    { key: 'lastLoginAt', label: 'lastLogin', text: (d) => d.lastLoginAt ?? '' },
    ...(showBalance ? [money('balance', (d) => d.balance)] : []),
    { key: 'teamSize', label: 'teamSize', text: (d) => d.teamSize, numeric: true },
    money('deposits', (d) => d.depositAmount),
    money('validBets', (d) => d.betAmount),
    {
      key: 'actions',
      label: 'actions',
      noCsv: true,
      text: () => '',
      render: (d) =>
        d.level === 1 && d.kind === 'member' ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={promote.isPending}
            data-testid="downline-promote"
            onClick={() => void makeAgent(d)}
          >
            {t('makeAgent')}
          </button>
        ) : null,
    },
  ];
  const select = (
    key: string,
    value: string | undefined,
    options: readonly string[],
    label: (o: string) => string,
  ) => (
    <select
      className="mc-select"
      value={value ?? ''}
      data-testid={`agent-filter-${key}`}
      aria-label={t(key)}
      onChange={(e) => f.setParam(key, e.target.value || undefined)}
    >
      <option value="">{t(`${key}All`)}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </select>
  );
  return (
    <div className="mc-page" data-testid="downline-management-page">
      <h2 className="mc-page__title">{t('downlineManagmentView')}</h2>
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        period={q.data?.period}
        range={f.range}
        onRange={f.setRange}
      >
        <UsernameSearch value={f.username} onSearch={f.setUsername} />
        {select('scope', scope, ['direct'], () => t('directOnly'))}
        {select('kind', kind, DOWNLINE_KINDS, (o) => t(o === 'agent' ? 'typeAgent' : 'typeMember'))}
        {select('status', status, ['active', 'blocked'], (o) => t(`memberStatus_${o}`))}
      </ReportFilters>
      {problem && (
        <p className="mc-error" role="alert" data-testid="downline-error">
          {problem}
        </p>
      )}
      <DataTable
        testId="downlines"
        columns={columns}
        rows={q.data?.list}
        rowKey={(d) => String(d.id)}
        loading={q.isFetching}
        error={q.error}
        pageNo={q.data?.pageNo ?? f.pageNo}
        totalPages={q.data?.totalPages ?? 0}
        totalCount={q.data?.totalCount}
        onPage={f.setPage}
        exportName="team"
        exportRows={() =>
          allRows((paging) => callEndpoint(agentEndpoints.downlines, { query: { ...query, ...paging } }))
        }
      />
    </div>
  );
}
