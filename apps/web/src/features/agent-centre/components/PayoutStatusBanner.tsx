import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { usePayoutStatus } from '../api/payouts';

/**
 * Shown on every page of the agent centre while the agent owes its downlines salary or dividend
 * payouts its balance could not cover (its withdrawals and transfers out are refused until they are
 * paid), and while an operator holds its own payouts. Nothing when all is well, or the call fails.
 */
export function PayoutStatusBanner() {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  const s = usePayoutStatus().data;
  if (!s || (!s.frozen && !s.held)) return null;
  return (
    <div className="ac-banners">
      {s.frozen && (
        <div
          className="ac-banner ac-banner--danger"
          role="alert"
          data-testid="payout-freeze-banner"
          data-owed={s.owed}
        >
          <strong className="ac-banner__title">{t('freezeTitle')}</strong>
          <span>{t('freezeText', { amount: formatAmount(s.owed, symbol), count: s.count })}</span>
        </div>
      )}
      {s.held && (
        <div className="ac-banner" role="status" data-testid="payout-held-banner">
          <strong className="ac-banner__title">{t('heldTitle')}</strong>
          <span>{t('heldText')}</span>
        </div>
      )}
    </div>
  );
}
