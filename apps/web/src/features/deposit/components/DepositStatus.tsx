import type { TDepositStatus } from '@bp/contract';
import { useTranslation } from 'react-i18next';

const TONE: Record<TDepositStatus, string> = {
  PENDING: 'wait',
  SUCCESS: 'ok',
  FAILED: 'bad',
  REJECTED: 'bad',
};

export function DepositStatus({ status }: { status: TDepositStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <span className={`mc-chip mc-chip--${TONE[status]}`} data-testid="deposit-status" data-status={status}>
      {t(`depositStatus_${status}`)}
    </span>
  );
}
