import type { TBetStatus, TBettingRecordRow } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { direction } from '../../../shared/report/report-filters';

const STATUS_TONE: Record<TBetStatus, string> = {
  settled: 'mc-chip--ok',
  unsettled: 'mc-chip--wait',
  cancelled: 'mc-chip--bad',
};

export function StatusChip({ status }: { status: TBetStatus }) {
  const { t } = useTranslation('betting');
  return (
    <span className={`mc-chip ${STATUS_TONE[status]}`} data-testid="bet-status" data-status={status}>
      {t(`status_${status}`)}
    </span>
  );
}

interface Props {
  rows: TBettingRecordRow[];
  symbol: string;
  onOpen: (row: TBettingRecordRow) => void;
}

/** Rounds as a table from 768 px, as tappable cards below (eight columns do not fit a phone). */
export function BettingRows({ rows, symbol, onOpen }: Props) {
  const { t } = useTranslation('betting');
  const wide = useMediaQuery('(min-width: 768px)');
  const money = (v: string) => formatAmount(v, symbol);
  const profit = (r: TBettingRecordRow) => (
    <span className={`mc-amount mc-amount--${direction(r.profit)}`} data-testid="bet-row-profit">
      {direction(r.profit) === 'in' ? '+' : ''}
      {money(r.profit)}
    </span>
  );

  if (!wide) {
    return (
      <ul className="mc-rows" data-testid="bet-rows" data-layout="cards">
        {rows.map((r) => (
          <li key={`${r.vendor}-${r.roundId}`} className="bet-item">
            <button
              type="button"
              className="mc-row bet-card-row"
              data-testid="bet-row"
              data-vendor={r.vendor}
              data-round={r.roundId}
              onClick={() => onOpen(r)}
            >
              <span className="mc-row__main">
                {r.gameName} <span className="mc-muted">· {r.vendorName}</span>
              </span>
              <span className="mc-row__side">{profit(r)}</span>
              <span className="mc-row__sub">{r.betTime}</span>
              <span className="mc-row__sub mc-row__side">
                <StatusChip status={r.status} />
              </span>
              <span className="mc-row__sub bet-card-row__figures">
                {t('betAmount')} <span className="mc-amount">{money(r.betAmount)}</span> · {t('winAmount')}{' '}
                <span className="mc-amount">{money(r.winAmount)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mc-table-wrap">
      <table className="mc-table" data-testid="bet-rows" data-layout="table">
        <thead>
          <tr>
            <th>{t('betTime')}</th>
            <th>{t('game')}</th>
            <th>{t('roundId')}</th>
            <th className="num">{t('betAmount')}</th>
            <th className="num">{t('winAmount')}</th>
            <th className="num">{t('profit')}</th>
            <th>{t('status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={`${r.vendor}-${r.roundId}`}
              data-testid="bet-row"
              data-vendor={r.vendor}
              data-round={r.roundId}
            >
              <td>
                <span className="bet-block">{r.betTime.slice(0, 10)}</span>
                <span className="mc-row__sub">{r.betTime.slice(11)}</span>
              </td>
              <td>
                <span className="bet-game">{r.gameName}</span>
                <span className="mc-row__sub">{r.vendorName}</span>
              </td>
              <td>
                {/* the round id opens the round's details (one column fewer than a separate button) */}
                <button
                  type="button"
                  className="mc-link-btn bet-round-id"
                  title={r.roundId}
                  aria-label={`${t('details')}: ${r.roundId}`}
                  data-testid="bet-row-details"
                  onClick={() => onOpen(r)}
                >
                  {r.roundId}
                </button>
              </td>
              <td className="num">{money(r.betAmount)}</td>
              <td className="num">{money(r.winAmount)}</td>
              <td className="num">{profit(r)}</td>
              <td>
                <StatusChip status={r.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
