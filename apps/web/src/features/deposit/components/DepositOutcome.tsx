import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useDepositOrder } from '../api/get-deposit-order';
import { DepositStatus } from './DepositStatus';

/** Back from the gateway (`?orderNo=`): the order's outcome, updated live until it settles. */
export function DepositOutcome({
  orderNo,
  symbol,
  onDone,
}: {
  orderNo: string;
  symbol: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('wallet');
  const q = useDepositOrder(orderNo);
  const o = q.data;
  return (
    <div className="mc-card dep-outcome" data-testid="deposit-outcome" data-status={o?.status ?? ''}>
      <div className="mc-card__head">
        <h2 className="mc-card__title">{t('depositOutcome')}</h2>
        {o && <DepositStatus status={o.status} />}
      </div>
      {q.isError ? (
        <p className="mc-error">{errorText(t, q.error)}</p>
      ) : !o ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : (
        <>
          <p className="dep-outcome__text" data-testid="deposit-outcome-text">
            {t(`depositOutcome_${o.status}`)}
          </p>
          <dl className="mc-kv">
            <dt>{t('orderNo')}</dt>
            <dd>{o.orderNo}</dd>
            <dt>{t('amount')}</dt>
            <dd>{formatAmount(o.amount, symbol)}</dd>
            <dt>{t('fee')}</dt>
            <dd>{formatAmount(o.fee, symbol)}</dd>
            <dt>{t('credited')}</dt>
            <dd data-testid="deposit-outcome-credit">{formatAmount(o.creditAmount, symbol)}</dd>
            <dt>{t('time')}</dt>
            <dd>{o.finishedAt ?? o.createdAt}</dd>
          </dl>
        </>
      )}
      <button type="button" className="btn btn--ghost" onClick={onDone} data-testid="deposit-again">
        {t('depositAgain')}
      </button>
    </div>
  );
}
