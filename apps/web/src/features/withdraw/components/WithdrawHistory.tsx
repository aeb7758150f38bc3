import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { showDialog } from '../../../shared/ui/dialog';
import { Pager } from '../../../shared/ui/Pager';
import { useWithdrawHistory } from '../api/get-withdraw-history';
import { useCancelWithdraw } from '../api/request-withdraw';
import { WithdrawStatus } from './WithdrawStatus';

/** The member's withdrawals (page in the URL as `hpage`); PENDING ones can be cancelled. */
export function WithdrawHistory({ symbol, onConfirm }: { symbol: string; onConfirm: () => void }) {
  const { t } = useTranslation('wallet');
  const [sp, setSp] = useSearchParams();
  const pageNo = Math.max(1, Number(sp.get('hpage')) || 1);
  const q = useWithdrawHistory(pageNo);
  const cancel = useCancelWithdraw();

  const doCancel = async (id: string) => {
    const ok = await showDialog(t('cancelWithdrawConfirm'), {
      kind: 'warning',
      cancelText: t('common:cancel'),
      name: 'cancel_withdraw',
    });
    if (!ok) return;
    cancel.mutate(id, { onError: (e) => void showDialog(errorText(t, e), { kind: 'error' }) });
  };

  return (
    <div className="mc-card" data-testid="withdraw-history">
      <h2 className="mc-card__title">{t('withdrawHistory')}</h2>
      {q.isLoading ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : !q.data?.list.length ? (
        <p className="mc-empty">{t('noWithdrawals')}</p>
      ) : (
        <ul className="mc-rows">
          {q.data.list.map((w) => (
            <li
              key={w.id}
              className="mc-row"
              data-testid="withdraw-row"
              data-id={w.id}
              data-status={w.status}
            >
              <span className="mc-row__main">
                {w.bankName} {w.accountNumber}
              </span>
              <span className="mc-row__side mc-amount">{formatAmount(w.amount, symbol)}</span>
              <span className="mc-row__sub">
                {w.createdAt}
                {w.rejectReason ? ` · ${w.rejectReason}` : ''}
              </span>
              <span className="mc-row__side wd-row__side">
                <WithdrawStatus status={w.status} />
                {w.status === 'PENDING' && (
                  <button
                    type="button"
                    className="mc-link-btn"
                    data-testid="withdraw-cancel"
                    disabled={cancel.isPending}
                    onClick={() => void doCancel(w.id)}
                  >
                    {t('cancelWithdraw')}
                  </button>
                )}
                {w.status === 'PAID_OUT' && (
                  <button
                    type="button"
                    className="mc-link-btn"
                    data-testid="withdraw-confirm-row"
                    onClick={onConfirm}
                  >
                    {t('confirmReceipt')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager
        pageNo={q.data?.pageNo ?? pageNo}
        totalPages={q.data?.totalPages ?? 0}
        testId="withdraw-pager"
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
