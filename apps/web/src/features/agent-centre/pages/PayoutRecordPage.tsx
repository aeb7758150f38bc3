import {
  agentPayoutEndpoints,
  PAYOUT_ROLES,
  type TAgentPayoutRow,
  type TContractKind,
  type TPayoutRole,
} from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api';
import { formatAmount, isPositive } from '../../../shared/format';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import { useAppStore } from '../../../shared/store/app-store';
import { usePayouts } from '../api/payouts';
import { allRows } from '../api/reports';
import { DataTable, type Column } from '../components/DataTable';
import {
  payoutFigures,
  payoutPeriodText,
  payoutRateText,
  type PayoutFigure,
} from '../components/payout-record';
import { useAgentFilters } from '../hooks/use-agent-filters';

type Row = TAgentPayoutRow;

/**
 * The salary and dividend record pages (agentDailyWages2, agentHourSalary, agentRealtimeSalary,
 * agentDividendRecordCopy2): one contract kind's settled periods, received under the agent's own
 * contract or paid to its direct downlines under the contracts it gave (`?role=paid`), with the
 * team figures the tier was chosen on, the tier and rate, what was owed and paid, and the status.
 */
export default function PayoutRecordPage({ kind, title }: { kind: TContractKind; title: string }) {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useAgentFilters();
  const roleParam = f.param('role');
  const role: TPayoutRole = (PAYOUT_ROLES as readonly string[]).includes(roleParam ?? '')
    ? (roleParam as TPayoutRole)
    : 'received';
  const query = { ...f.period, kind, role };
  const q = usePayouts({ ...query, pageNo: f.pageNo });
  const money = (v: string) => formatAmount(v, symbol);

  // figures as money with separators on screen, plain decimals in the CSV
  const moneyColumn = (key: PayoutFigure, label: string, value: (r: Row) => string): Column<Row> => ({
    key,
    label,
    text: value,
    render: (r) => formatAmount(value(r)),
    numeric: true,
  });
  const figure: Record<PayoutFigure, Column<Row>> = {
    validBet: moneyColumn('validBet', 'validBets', (r) => r.validBet),
    netLoss: moneyColumn('netLoss', 'netLoss', (r) => r.netLoss),
    activeMembers: {
      key: 'activeMembers',
      label: 'activeMembers',
      text: (r) => r.activeMembers,
      numeric: true,
    },
    tier: { key: 'tier', label: 'tierReached', text: (r) => (r.tier === null ? t('tierNone') : r.tier) },
    rate: { key: 'rate', label: 'rate', text: payoutRateText, numeric: true },
    rounds: { key: 'rounds', label: 'rounds', text: (r) => r.realtime?.rounds ?? 0, numeric: true },
    profitBase: moneyColumn('profitBase', 'profitBase', (r) => r.realtime?.profitBase ?? '0'),
    lossBase: moneyColumn('lossBase', 'lossBase', (r) => r.realtime?.lossBase ?? '0'),
  };
  const columns: Column<Row>[] = [
    { key: 'period', label: 'period', text: (r) => payoutPeriodText(r.periodStart, r.periodEnd) },
    {
      key: 'counterpart',
      label: role === 'received' ? 'payoutFrom' : 'payoutTo',
      text: (r) => r.counterpart ?? t('thePlatform'),
    },
    ...payoutFigures(kind).map((k) => figure[k]),
    {
      key: 'amount',
      label: 'amount',
      text: (r) => r.amount,
      render: (r) => <span className="mc-amount">{money(r.amount)}</span>,
      numeric: true,
    },
    {
      key: 'paid',
      label: 'paidAmount',
      text: (r) => r.paid,
      render: (r) => (
        // money that moved in (received) or out (paid); nothing moved: no colour
        <span
          className={`mc-amount ${isPositive(r.paid) ? (role === 'received' ? 'mc-amount--in' : 'mc-amount--out') : ''}`}
        >
          {money(r.paid)}
        </span>
      ),
      numeric: true,
    },
    {
      key: 'status',
      label: 'status',
      text: (r) => t(`payout_${r.status}`),
      render: (r) => (
        <span
          className={`ac-status ac-status--${r.status}`}
          data-testid="payout-status"
          data-status={r.status}
        >
          {t(`payout_${r.status}`)}
        </span>
      ),
    },
  ];

  const totals = q.data?.totals;
  return (
    <div className="mc-page" data-testid="payout-page" data-kind={kind} data-role={role}>
      <h2 className="mc-page__title">{t(title)}</h2>
      <div className="mc-chips" role="group" aria-label={t('payoutRole')}>
        {PAYOUT_ROLES.map((r) => (
          <button
            key={r}
            type="button"
            className="mc-filter"
            aria-pressed={r === role}
            data-testid={`payout-role-${r}`}
            onClick={() => f.setParam('role', r === 'received' ? undefined : r)}
          >
            {t(`payoutRole_${r}`)}
          </button>
        ))}
      </div>
      <p className="mc-muted ac-hint">{t(`payoutRoleHint_${role}`)}</p>
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        period={q.data?.period}
        range={f.range}
        onRange={f.setRange}
      />
      {totals && (
        <section className="mc-card">
          <div className="ac-grid">
            <div className="ac-stat" data-testid="payout-total-amount" data-value={totals.amount}>
              <span className="ac-stat__label">{t('payoutTotalAmount')}</span>
              <span className="ac-stat__value">{money(totals.amount)}</span>
            </div>
            <div className="ac-stat" data-testid="payout-total-paid" data-value={totals.paid}>
              <span className="ac-stat__label">{t(`payoutTotalPaid_${role}`)}</span>
              <span className="ac-stat__value">{money(totals.paid)}</span>
            </div>
          </div>
        </section>
      )}
      <DataTable
        testId="payouts"
        columns={columns}
        rows={q.data?.list}
        rowKey={(r) => String(r.id)}
        loading={q.isFetching}
        error={q.error}
        pageNo={q.data?.pageNo ?? f.pageNo}
        totalPages={q.data?.totalPages ?? 0}
        totalCount={q.data?.totalCount}
        onPage={f.setPage}
        totals={totals && { amount: money(totals.amount), paid: money(totals.paid) }}
        exportName={`${title}-${role}`}
        exportRows={() =>
          allRows((paging) => callEndpoint(agentPayoutEndpoints.list, { query: { ...query, ...paging } }))
        }
      />
    </div>
  );
}
