import type { TAccountRecordRow } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { direction } from '../../../shared/report/report-filters';

/** Ledger lines: what, when and where on the left; signed amount and balance after on the right. */
export function RecordRows({
  rows,
  symbol,
  testId,
}: {
  rows: TAccountRecordRow[];
  symbol: string;
  testId: string;
}) {
  const { t } = useTranslation('records');
  return (
    <ul className="mc-rows">
      {rows.map((r) => {
        const dir = direction(r.amount);
        return (
          <li key={r.id} className="mc-row" data-testid={testId} data-type={r.type}>
            <span className="mc-row__main">
              {t(`type_${r.type}`)}
              {r.wallet !== 'MAIN' && <span className="mc-chip rep-wallet">{r.wallet}</span>}
            </span>
            <span
              className={`mc-row__side mc-amount mc-amount--${dir}`}
              data-testid={`${testId}-amount`}
              data-value={r.amount}
            >
              {dir === 'in' ? '+' : ''}
              {formatAmount(r.amount, symbol)}
            </span>
            <span className="mc-row__sub">
              {r.time}
              {r.remark ? ` · ${r.remark}` : ''}
            </span>
            <span className="mc-row__sub mc-row__side">
              {t('balanceAfter')} {formatAmount(r.balanceAfter, symbol)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
