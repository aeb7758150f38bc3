import type { TDepositChannel } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../../shared/ui/icons';

/** Where to send a bank transfer, each value copyable. */
export function BankDetails({ channel }: { channel: TDepositChannel }) {
  const { t } = useTranslation('wallet');
  const rows = [
    ['bankName', channel.bankName],
    ['accountName', channel.accountName],
    ['accountNumber', channel.accountNumber],
  ] as const;
  return (
    <dl className="mc-kv dep-bank" data-testid="deposit-bank-details">
      {rows.map(([k, v]) => (
        <div key={k} className="dep-bank__row">
          <dt>{t(k)}</dt>
          <dd>
            <span data-testid={`deposit-${k}`}>{v ?? '-'}</span>
            {v && (
              <button
                type="button"
                className="icon-button dep-bank__copy"
                aria-label={t('copy')}
                onClick={() => void navigator.clipboard?.writeText(v).catch(() => undefined)}
              >
                <CopyIcon width={16} height={16} />
              </button>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
