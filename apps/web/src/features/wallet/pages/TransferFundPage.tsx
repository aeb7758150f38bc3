import { MAIN_WALLET } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { checkAmount, formatAmount, isPositive } from '../../../shared/format';
import { showDialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/form';
import { TransferIcon } from '../../../shared/ui/money-icons';
import '../../../shared/ui/member-page.css';
import '../components/wallet.css';
import { useBalance } from '../api/get-balance';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { useWalletTransfer } from '../api/transfer-wallet';
import { mainRow, vendorRows } from '../hooks/main-wallet';

/** transferFund: the wallets, MAIN <-> vendor sub-wallet transfers (not on a single wallet) and recall-all. */
export default function TransferFundPage() {
  const { t } = useTranslation('wallet');
  const balance = useBalance();
  const mw = useMerchantWallet();
  const transfer = useWalletTransfer();
  const symbol = balance.data?.currencySymbol ?? '';
  const main = mainRow(balance.data);
  const isSingle = mw.data?.isSingle ?? true;
  const names = new Map(mw.data?.transferVendors.map((v) => [v.vendorCode, v.displayName]));
  const rows = vendorRows(balance.data);
  // every transfer vendor, whether or not its sub-wallet exists yet (it is created on the first transfer)
  const vendors = mw.data?.transferVendors.map((v) => v.vendorCode) ?? [];
  const avail = (code: string) =>
    code === MAIN_WALLET ? main?.availBalance : rows.find((r) => r.accountType === code)?.availBalance;

  const [from, setFrom] = useState(MAIN_WALLET);
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const target = to || vendors[0] || '';

  const flip = () => {
    const other = from === MAIN_WALLET ? target : MAIN_WALLET;
    setTo(from === MAIN_WALLET ? MAIN_WALLET : from);
    setFrom(other);
  };
  const pickVendor = (code: string) => (from === MAIN_WALLET ? setTo(code) : setFrom(code));
  const vendor = from === MAIN_WALLET ? target : from;
  const dest = from === MAIN_WALLET ? target : MAIN_WALLET;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkAmount(amount, { balance: avail(from) ?? '0' });
    if (problem) return setError(t(`amount_${problem}`));
    setError(null);
    try {
      await transfer.mutateAsync({ from, to: dest, amount: amount.trim() });
      setAmount('');
      void showDialog(t('transferDone'), { kind: 'success', name: 'wallet_transfer_done' });
    } catch (err) {
      setError(errorText(t, err));
    }
  };

  const recall = async () => {
    try {
      const r = await transfer.mutateAsync({ recallAll: true });
      void showDialog(t('recallDone', { amount: formatAmount(r.amount, symbol) }), {
        kind: 'success',
        name: 'wallet_recall_done',
      });
    } catch (err) {
      void showDialog(errorText(t, err), { kind: 'error' });
    }
  };

  return (
    <div className="mc-page" data-testid="transfer-fund-page">
      <h1 className="mc-page__title">{t('transferFund')}</h1>
      <div className="mc-card">
        <div className="mc-card__head">
          <h2 className="mc-card__title">{t('wallets')}</h2>
          {!isSingle && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              data-testid="wallet-recall-all"
              disabled={transfer.isPending || !rows.some((r) => isPositive(r.availBalance))}
              onClick={() => void recall()}
            >
              {t('recallAll')}
            </button>
          )}
        </div>
        <ul className="mc-rows" data-testid="wallet-list">
          <li className="mc-row" data-testid="wallet-row" data-wallet={MAIN_WALLET}>
            <span className="mc-row__main">{t('mainWallet')}</span>
            <span className="mc-row__side mc-amount" data-testid="wallet-row-balance">
              {formatAmount(main?.availBalance, symbol)}
            </span>
            {main && isPositive(main.frozenBalance) && (
              <span className="mc-row__sub">
                {t('frozen')}: {formatAmount(main.frozenBalance, symbol)}
              </span>
            )}
          </li>
          {!isSingle &&
            vendors.map((code) => (
              <li key={code} className="mc-row" data-testid="wallet-row" data-wallet={code}>
                <span className="mc-row__main">{names.get(code) ?? code}</span>
                <span className="mc-row__side mc-amount" data-testid="wallet-row-balance">
                  {formatAmount(avail(code) ?? '0', symbol)}
                </span>
              </li>
            ))}
        </ul>
        {isSingle && mw.data && (
          <p className="mc-muted" data-testid="wallet-single-note">
            {t('singleWalletNote')}
          </p>
        )}
      </div>
      {!isSingle && vendors.length > 0 && (
        <form
          className="mc-card form"
          onSubmit={(e) => void submit(e)}
          noValidate
          data-testid="wallet-transfer-form"
        >
          <h2 className="mc-card__title">{t('transferBetween')}</h2>
          <div className="wt-route">
            <label className="wt-route__end">
              <span className="mc-muted">{t('from')}</span>
              {from === MAIN_WALLET ? (
                <strong>{t('mainWallet')}</strong>
              ) : (
                <VendorSelect
                  value={vendor}
                  vendors={vendors}
                  names={names}
                  onChange={pickVendor}
                  testId="wallet-from"
                />
              )}
            </label>
            <button
              type="button"
              className="icon-button wt-route__flip"
              aria-label={t('swap')}
              data-testid="wallet-swap"
              onClick={flip}
            >
              <TransferIcon />
            </button>
            <label className="wt-route__end">
              <span className="mc-muted">{t('to')}</span>
              {dest === MAIN_WALLET ? (
                <strong>{t('mainWallet')}</strong>
              ) : (
                <VendorSelect
                  value={vendor}
                  vendors={vendors}
                  names={names}
                  onChange={pickVendor}
                  testId="wallet-to"
                />
              )}
            </label>
          </div>
          <TextField
            label={t('amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(null);
            }}
            error={error}
            testId="wallet-transfer-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('availableAmount', { amount: formatAmount(avail(from) ?? '0', symbol) })}
            addon={
              <button
                type="button"
                className="btn btn--ghost field__addon-btn"
                data-testid="wallet-transfer-all"
                onClick={() => setAmount(avail(from) ?? '0')}
              >
                {t('all')}
              </button>
            }
          />
          <button
            type="submit"
            className="btn btn--primary btn--lg"
            disabled={transfer.isPending}
            data-testid="wallet-transfer-submit"
          >
            {t('transfer')}
          </button>
        </form>
      )}
    </div>
  );
}

function VendorSelect(props: {
  value: string;
  vendors: string[];
  names: Map<string, string>;
  onChange: (v: string) => void;
  testId: string;
}) {
  return (
    <select
      className="mc-select"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      data-testid={props.testId}
    >
      {props.vendors.map((v) => (
        <option key={v} value={v}>
          {props.names.get(v) ?? v}
        </option>
      ))}
    </select>
  );
}
