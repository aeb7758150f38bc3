import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import '../../../shared/ui/member-page.css';
import { useProfit } from '../api/get-profit';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import '../components/records.css';
import { direction } from '../../../shared/report/report-filters';
import { useReportUrl } from '../../../shared/report/use-report-url';

const NO_TYPES: readonly string[] = [];

/** personalProfit: bets, valid bets, wins and profit per vendor and in total, plus money in and out. */
export default function PersonalProfitPage() {
  const { t } = useTranslation('records');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useReportUrl(NO_TYPES);
  const q = useProfit({ preset: f.preset });
  const d = q.data;
  const money = (v: string | undefined) => formatAmount(v ?? '0', symbol);

  return (
    <div className="mc-page" data-testid="personal-profit-page">
      <h1 className="mc-page__title">{t('personalProfit')}</h1>
      <ReportFilters preset={f.preset} onPreset={f.setPreset} period={d?.period} />
      {q.isError && <p className="mc-error">{errorText(t, q.error)}</p>}
      <div className="mc-card" aria-busy={q.isFetching}>
        <div className="rep-total">
          <span className="mc-muted">{t('profit')}</span>
          <strong
            className={`mc-amount mc-amount--${direction(d?.total.profit ?? '0')}`}
            data-testid="profit-total"
          >
            {money(d?.total.profit)}
          </strong>
        </div>
        <div className="rep-figures">
          {(
            [
              ['betAmount', d?.total.betAmount],
              ['validBet', d?.total.validBet],
              ['winAmount', d?.total.winAmount],
              ['deposits', d?.deposits],
              ['withdrawals', d?.withdrawals],
              ['bonuses', d?.bonuses],
            ] as const
          ).map(([k, v]) => (
            <div key={k} className="rep-figure" data-testid={`profit-${k}`}>
              <span className="mc-muted">{t(k)}</span>
              <strong>{money(v)}</strong>
            </div>
          ))}
          <div className="rep-figure">
            <span className="mc-muted">{t('betCount')}</span>
            <strong>{(d?.total.betCount ?? 0).toLocaleString('en-US')}</strong>
          </div>
        </div>
      </div>
      {!!d?.vendors.length && (
        <div className="mc-card">
          <h2 className="mc-card__title">{t('byVendor')}</h2>
          <div className="mc-table-wrap">
            <table className="mc-table" data-testid="profit-vendors">
              <thead>
                <tr>
                  <th>{t('vendor')}</th>
                  <th className="num">{t('betCount')}</th>
                  <th className="num">{t('validBet')}</th>
                  <th className="num">{t('winAmount')}</th>
                  <th className="num">{t('profit')}</th>
                </tr>
              </thead>
              <tbody>
                {d.vendors.map((v) => (
                  <tr key={v.vendor}>
                    <td>{v.vendor}</td>
                    <td className="num">{v.betCount.toLocaleString('en-US')}</td>
                    <td className="num">{money(v.validBet)}</td>
                    <td className="num">{money(v.winAmount)}</td>
                    <td className={`num mc-amount--${direction(v.profit)}`}>{money(v.profit)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
