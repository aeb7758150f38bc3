import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatAmount } from '../../../shared/format';
import { Pager } from '../../../shared/ui/Pager';
import { useDepositHistory } from '../api/get-deposit-history';
import { DepositStatus } from './DepositStatus';

/** The member's deposits; the page number lives in the URL as `hpage`. */
export function DepositHistory({ symbol }: { symbol: string }) {
  const { t } = useTranslation('wallet');
  const [sp, setSp] = useSearchParams();
  const pageNo = Math.max(1, Number(sp.get('hpage')) || 1);
  const q = useDepositHistory(pageNo);
  return (
    <div className="mc-card" data-testid="deposit-history">
      <h2 className="mc-card__title">{t('depositHistory')}</h2>
      {q.isLoading ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : !q.data?.list.length ? (
        <p className="mc-empty">{t('noDeposits')}</p>
      ) : (
        <ul className="mc-rows">
          {q.data.list.map((o) => (
            <li
              key={o.orderNo}
              className="mc-row"
              data-testid="deposit-row"
              data-order={o.orderNo}
              data-status={o.status}
            >
              <span className="mc-row__main">{o.channelName}</span>
              <span className="mc-row__side mc-amount">{formatAmount(o.amount, symbol)}</span>
              <span className="mc-row__sub">
                {o.createdAt} · {o.orderNo}
              </span>
              <span className="mc-row__side">
                <DepositStatus status={o.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager
        pageNo={q.data?.pageNo ?? pageNo}
        totalPages={q.data?.totalPages ?? 0}
        testId="deposit-pager"
        onChange={(p) =>
          setSp((cur) => {
            cur.set('hpage', String(p));
            return cur;
          })
        }
      />
    </div>
  );
}
