import { useTranslation } from 'react-i18next';
import { HIDDEN_AMOUNT, formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { EyeIcon, EyeOffIcon } from '../../../shared/ui/icons';
import { DepositIcon, RefreshIcon, WithdrawIcon } from '../../../shared/ui/money-icons';
import { useBalance } from '../api/get-balance';
import { useBalanceVisibility } from '../hooks/balance-visibility';
import { mainRow } from '../hooks/main-wallet';
import './wallet.css';

interface Props {
  /** `bar`: the strip under the header on phones; `inline`: inside the header on wider screens. */
  layout: 'bar' | 'inline';
  /** Game pages hide the amount whatever the toggle says (SPEC §2.2). */
  forceHidden?: boolean;
  onDeposit: () => void;
  onWithdraw: () => void;
}

/**
 * Logged-in header balance: MAIN availBalance with the merchant's symbol, refresh (spins while
 * fetching), show/hide, deposit and withdraw. Trial accounts see their play money labelled as such.
 */
export function HeaderWallet({ layout, forceHidden, onDeposit, onWithdraw }: Props) {
  const { t } = useTranslation('wallet');
  const fallbackSymbol = useAppStore((s) => s.currencySymbol);
  const isTrial = useAppStore((s) => s.isTrial);
  const { data, isFetching, refetch } = useBalance();
  const { hidden: userHidden, toggle } = useBalanceVisibility();
  const hidden = userHidden || !!forceHidden;
  const main = mainRow(data);
  const symbol = data?.currencySymbol ?? fallbackSymbol;
  const shown = main ? formatAmount(main.availBalance, symbol) : `${symbol}--`;

  return (
    <div className={`hwallet hwallet--${layout}`} data-testid="header-wallet">
      <div className="hwallet__balance">
        {(isTrial || data?.playMoney) && (
          <span className="hwallet__play" data-testid="play-money-label">
            {t('playMoney')}
          </span>
        )}
        <span
          className="hwallet__amount"
          data-testid="header-balance"
          data-hidden={hidden ? 'true' : 'false'}
          data-value={hidden || !main ? '' : main.availBalance}
          aria-label={t('balance')}
        >
          {hidden ? `${symbol}${HIDDEN_AMOUNT}` : shown}
        </span>
        <button
          type="button"
          className={`icon-button hwallet__icon ${isFetching ? 'is-spinning' : ''}`}
          aria-label={t('refresh')}
          title={t('refresh')}
          aria-busy={isFetching}
          data-testid="balance-refresh"
          data-loading={isFetching ? 'true' : 'false'}
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          <RefreshIcon width={18} height={18} />
        </button>
        <button
          type="button"
          className="icon-button hwallet__icon"
          aria-label={userHidden ? t('showBalance') : t('hideBalance')}
          title={userHidden ? t('showBalance') : t('hideBalance')}
          aria-pressed={userHidden}
          data-testid="balance-toggle"
          onClick={toggle}
        >
          {userHidden ? <EyeOffIcon width={18} height={18} /> : <EyeIcon width={18} height={18} />}
        </button>
      </div>
      <div className="hwallet__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm hwallet__btn"
          data-testid="header-deposit"
          aria-label={t('deposit')}
          onClick={onDeposit}
        >
          <DepositIcon width={16} height={16} />
          <span>{t('deposit')}</span>
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm hwallet__btn hwallet__btn--withdraw"
          data-testid="header-withdraw"
          aria-label={t('withdraw')}
          onClick={onWithdraw}
        >
          <WithdrawIcon width={16} height={16} />
          <span>{t('withdraw')}</span>
        </button>
      </div>
    </div>
  );
}
