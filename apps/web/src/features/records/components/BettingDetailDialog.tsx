import type { TBettingRecordRow } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { Modal } from '../../../shared/ui/Modal';
import { useBettingRecordDetail } from '../api/get-betting-records';
import { direction } from '../../../shared/report/report-filters';
import { RoundOutcome } from './RoundOutcome';
import { StatusChip } from './BettingRows';

/** One round: its figures, its wallet movements and, for the built-in games, the outcome and fairness inputs. */
export function BettingDetailDialog({
  row,
  symbol,
  onClose,
}: {
  row: TBettingRecordRow;
  symbol: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('betting');
  const q = useBettingRecordDetail({ vendor: row.vendor, roundId: row.roundId });
  const d = q.data ?? row;
  const round = q.data?.round;
  const money = (v: string) => formatAmount(v, symbol);

  return (
    <Modal title={d.gameName} onClose={onClose} size="md" testId="bet-detail" closeTestId="bet-detail-close">
      <div className="bet-detail" aria-busy={q.isFetching}>
        <dl className="mc-kv">
          <dt>{t('vendor')}</dt>
          <dd>{d.vendorName}</dd>
          <dt>{t('roundId')}</dt>
          <dd data-testid="bet-detail-round">{d.roundId}</dd>
          <dt>{t('status')}</dt>
          <dd>
            <StatusChip status={d.status} />
          </dd>
          <dt>{t('betTime')}</dt>
          <dd>{d.betTime}</dd>
          <dt>{t('settleTime')}</dt>
          <dd>{d.settleTime ?? '-'}</dd>
          <dt>{t('betAmount')}</dt>
          <dd className="mc-amount">{money(d.betAmount)}</dd>
          <dt>{t('winAmount')}</dt>
          <dd className="mc-amount">{money(d.winAmount)}</dd>
          <dt>{t('profit')}</dt>
          <dd className={`mc-amount mc-amount--${direction(d.profit)}`} data-testid="bet-detail-profit">
            {money(d.profit)}
          </dd>
        </dl>

        {q.isError && <p className="mc-error">{errorText(t, q.error)}</p>}
        {q.isLoading && <p className="mc-muted">{t('common:loading')}</p>}

        {round && (
          <section className="bet-detail__section" data-testid="bet-detail-outcome" data-kind={round.kind}>
            <h3 className="mc-card__title">
              {t('outcome')}
              {round.mode === 'trial' && <span className="mc-chip bet-trial">{t('trial')}</span>}
            </h3>
            <RoundOutcome kind={round.kind} outcome={round.outcome} bet={d.betAmount} symbol={symbol} />
          </section>
        )}

        {!!q.data?.transactions.length && (
          <section className="bet-detail__section">
            <h3 className="mc-card__title">{t('transactions')}</h3>
            <ul className="mc-rows" data-testid="bet-detail-txns">
              {q.data.transactions.map((x) => (
                <li key={`${x.op}-${x.txnId}`} className="mc-row" data-testid="bet-detail-txn" data-op={x.op}>
                  <span className="mc-row__main">{t(`op_${x.op}`)}</span>
                  <span className="mc-row__side mc-amount">{money(x.amount)}</span>
                  <span className="mc-row__sub bet-txn-id">{x.txnId}</span>
                  <span className="mc-row__sub mc-row__side">{x.time}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {round && (
          <section className="bet-detail__section" data-testid="bet-detail-fairness">
            <h3 className="mc-card__title">{t('fairness')}</h3>
            <dl className="mc-kv bet-fair">
              <dt>{t('serverSeedHash')}</dt>
              <dd>{round.serverSeedHash}</dd>
              <dt>{t('serverSeed')}</dt>
              <dd>{round.serverSeed ?? <span className="mc-muted">{t('serverSeedHidden')}</span>}</dd>
              <dt>{t('clientSeed')}</dt>
              <dd>{round.clientSeed}</dd>
              <dt>{t('nonce')}</dt>
              <dd>{round.nonce}</dd>
            </dl>
            <a
              className="btn btn--ghost bet-verify"
              href={round.verifyUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="bet-detail-verify"
            >
              {t('verify')}
            </a>
          </section>
        )}
      </div>
    </Modal>
  );
}
