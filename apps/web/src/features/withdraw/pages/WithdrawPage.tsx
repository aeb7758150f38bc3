import type { TWithdrawal } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../shared/hooks/field-errors';
import { errorText } from '../../../shared/api';
import { checkAmount, formatAmount } from '../../../shared/format';
import { PasswordField, TextField } from '../../../shared/ui/form';
import { openModal } from '../../../shared/ui/modal-store';
import '../../../shared/ui/member-page.css';
import { useConfirmationList } from '../api/get-confirmation-list';
import { useWithdrawSettings } from '../api/get-withdraw-settings';
import { useRequestWithdraw } from '../api/request-withdraw';
import { BankAccounts } from '../components/BankAccounts';
import { WithdrawHistory } from '../components/WithdrawHistory';
import '../components/withdraw.css';
import { newRequestId } from '../hooks/request-id';

/**
 * withdraw: limits, bound bank accounts, amount + account + payment password (encrypted call), the
 * receipt confirmation of payouts and the history.
 */
export default function WithdrawPage({ onPaymentPassword }: { onPaymentPassword: () => void }) {
  const { t } = useTranslation('wallet');
  const settings = useWithdrawSettings();
  const confirmations = useConfirmationList();
  const request = useRequestWithdraw();
  const [amount, setAmount] = useState('');
  const [bankId, setBankId] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, edit } = useFieldErrors();
  const [done, setDone] = useState<TWithdrawal | null>(null);
  const s = settings.data;
  const symbol = s?.currencySymbol ?? '';
  const money = (v: string) => formatAmount(v, symbol);
  const account = s?.bankAccounts.find((a) => a.id === bankId) ?? s?.bankAccounts[0];
  const waiting = confirmations.data?.list.length ?? 0;
  const openReceipt = () => openModal('withdrawConfirm');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!s) return;
    const problem = checkAmount(amount, { min: s.minimumAmount, max: s.maximumAmount });
    const errs = {
      amount: problem
        ? t(`amount_${problem}`, { min: money(s.minimumAmount), max: money(s.maximumAmount) })
        : null,
      bank: account ? null : t('bankRequired'),
      password: password ? null : t('paymentPasswordRequired'),
    };
    setErrors(errs);
    if (errs.amount || errs.bank || errs.password || !account) return;
    try {
      const w = await request.mutateAsync({
        amount: amount.trim(),
        bankAccountId: account.id,
        paymentPassword: password,
        requestId: newRequestId(),
      });
      setDone(w);
      setAmount('');
      setPassword('');
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    }
  };

  if (settings.isLoading) return <p className="mc-muted">{t('common:loading')}</p>;
  if (settings.isError || !s) return <p className="mc-error">{errorText(t, settings.error)}</p>;

  return (
    <div className="mc-page" data-testid="withdraw-page">
      <h1 className="mc-page__title">{t('withdraw')}</h1>
      {waiting > 0 && (
        <div className="mc-card wd-banner" data-testid="receipt-banner">
          <span>{t('receiptWaiting', { count: waiting })}</span>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={openReceipt}
            data-testid="receipt-open"
          >
            {t('confirmReceipt')}
          </button>
        </div>
      )}
      <div className="mc-card" data-testid="withdraw-settings">
        <div className="wd-limits mc-muted">
          <span data-testid="withdraw-limits">
            {t('limitRange', { min: money(s.minimumAmount), max: money(s.maximumAmount) })}
          </span>
          <span>{t('dailyCount', { count: s.dailyCount })}</span>
        </div>
        {!s.hasPaymentPassword && (
          <div className="wd-banner">
            <span className="mc-muted">{t('noPaymentPassword')}</span>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              data-testid="withdraw-set-password"
              onClick={onPaymentPassword}
            >
              {t('setPaymentPasswordShort')}
            </button>
          </div>
        )}
      </div>
      <BankAccounts
        key={s.bankAccounts.length}
        accounts={s.bankAccounts}
        max={s.maxBankAccounts}
        payeeName={s.payeeName}
      />
      {done ? (
        <div className="mc-card" data-testid="withdraw-done">
          <h2 className="mc-card__title">{t('withdrawSubmitted')}</h2>
          <dl className="mc-kv">
            <dt>{t('amount')}</dt>
            <dd>{money(done.amount)}</dd>
            <dt>{t('bankAccount')}</dt>
            <dd>
              {done.bankName} {done.accountNumber}
            </dd>
            <dt>{t('time')}</dt>
            <dd>{done.createdAt}</dd>
          </dl>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => setDone(null)}
            data-testid="withdraw-again"
          >
            {t('withdrawAgain')}
          </button>
        </div>
      ) : (
        s.bankAccounts.length > 0 && (
          <form
            className="mc-card form"
            onSubmit={(e) => void submit(e)}
            noValidate
            data-testid="withdraw-form"
          >
            <label className="field">
              <span className="field__label">{t('bankAccount')}</span>
              <select
                className="mc-select"
                value={account?.id ?? ''}
                onChange={(e) => setBankId(e.target.value)}
                data-testid="withdraw-bank"
              >
                {s.bankAccounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.bankName} {a.accountNumber}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label={t('amount')}
              value={amount}
              onChange={edit('amount', setAmount)}
              error={errors.amount}
              testId="withdraw-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={`${money(s.minimumAmount)} – ${money(s.maximumAmount)}`}
              required
            />
            <PasswordField
              label={t('paymentPassword')}
              value={password}
              onChange={edit('password', setPassword)}
              error={errors.password}
              testId="withdraw-password"
              inputMode="numeric"
              autoComplete="off"
              required
            />
            {errors.form && (
              <p className="mc-error" role="alert" data-testid="withdraw-error">
                {errors.form}
              </p>
            )}
            <button
              type="submit"
              className="btn btn--primary btn--lg"
              disabled={request.isPending}
              data-testid="withdraw-submit"
            >
              {t('withdrawNow')}
            </button>
          </form>
        )
      )}
      <WithdrawHistory symbol={symbol} onConfirm={openReceipt} />
    </div>
  );
}
