import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import '../../../shared/ui/member-page.css';
import { useTransferInfo } from '../api/get-transfer-info';
import { useTransferDownline } from '../api/transfer-downline';
import { TransferForm, TransferLimitRows } from '../components/TransferForm';

/** transferDownline (agents): send money from MAIN to a direct downline, by username, within the limits. */
export default function TransferDownlinePage({ onPaymentPassword }: { onPaymentPassword?: () => void }) {
  const { t } = useTranslation('wallet');
  const isAgent = useAppStore((s) => s.isAgent);
  const info = useTransferInfo();
  const send = useTransferDownline();
  const d = info.data;

  const unavailable = (
    <p className="mc-card mc-muted" data-testid="downline-unavailable">
      {isAgent ? t('transferDownlineOff') : t('errors:transfer_agent_only')}
    </p>
  );
  const body = () => {
    if (!isAgent) return unavailable;
    if (info.isLoading) return <p className="mc-muted">{t('common:loading')}</p>;
    if (info.isError || !d) return <p className="mc-error">{errorText(t, info.error)}</p>;
    return (
      <>
        <div className="mc-card">
          <h2 className="mc-card__title">{t('transferLimits')}</h2>
          <dl className="mc-kv">
            <TransferLimitRows info={d} prefix="downline" />
          </dl>
        </div>
        {d.canTransferDownline ? (
          <TransferForm
            prefix="downline"
            info={d}
            recipientLabel={t('downlineUsername')}
            pending={send.isPending}
            onPaymentPassword={onPaymentPassword}
            send={({ recipient, amount, paymentPassword, requestId }) =>
              send.mutateAsync({ downlineUsername: recipient, amount, paymentPassword, requestId })
            }
          />
        ) : (
          unavailable
        )}
      </>
    );
  };

  return (
    <div className="mc-page" data-testid="transfer-downline-page">
      <h1 className="mc-page__title">{t('transferDownline')}</h1>
      {body()}
    </div>
  );
}
