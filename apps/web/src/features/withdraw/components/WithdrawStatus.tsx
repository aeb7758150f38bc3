import type { TWithdrawStatus } from '@bp/contract';
import { useTranslation } from 'react-i18next';

const TONE: Record<TWithdrawStatus, string> = {
  PENDING: 'wait',
  PAID_OUT: 'wait',
  DISPUTED: 'wait',
  RECEIVED: 'ok',
  REFUNDED: 'ok',
  CANCELLED: 'bad',
  REJECTED: 'bad',
};

export function WithdrawStatus({ status }: { status: TWithdrawStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <span className={`mc-chip mc-chip--${TONE[status]}`} data-testid="withdraw-status" data-status={status}>
      {t(`withdrawStatus_${status}`)}
    </span>
  );
}
