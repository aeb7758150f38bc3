import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import '../../../shared/ui/member-page.css';
import { useTransferInfo } from '../api/get-transfer-info';
import { useTransferUpline } from '../api/transfer-upline';
import { TransferForm, TransferLimitRows } from '../components/TransferForm';

/** transferUpline: send money from MAIN to the direct upline with the payment password, within the limits. */
export default function TransferUplinePage({ onPaymentPassword }: { onPaymentPassword?: () => void }) {
  const { t } = useTranslation('wallet');
  const info = useTransferInfo();
  const send = useTransferUpline();
  const d = info.data;

  if (info.isLoading) return <p className="mc-muted">{t('common:loading')}</p>;
  if (info.isError || !d) return <p className="mc-error">{errorText(t, info.error)}</p>;

  return (
    <div className="mc-page" data-testid="transfer-upline-page">
      <h1 className="mc-page__title">{t('transferUpline')}</h1>
      <div className="mc-card">
        <h2 className="mc-card__title">{t('uplineInfo')}</h2>
        <dl className="mc-kv">
          <dt>{t('upline')}</dt>
          <dd data-testid="upline-name">
            {d.upline ? `${d.upline.username}${d.upline.nickname ? ` (${d.upline.nickname})` : ''}` : '-'}
          </dd>
          <TransferLimitRows info={d} prefix="upline" />
        </dl>
      </div>
      {!d.canTransferUpline || !d.upline ? (
        <p className="mc-card mc-muted" data-testid="upline-unavailable">
          {d.upline ? t('transferUplineOff') : t('errors:transfer_no_upline')}
        </p>
      ) : (
        <TransferForm
          prefix="upline"
          info={d}
          pending={send.isPending}
          onPaymentPassword={onPaymentPassword}
          send={({ amount, paymentPassword, requestId }) =>
            send.mutateAsync({ amount, paymentPassword, requestId })
          }
        />
      )}
    </div>
  );
}
