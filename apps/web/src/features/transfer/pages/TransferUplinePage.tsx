import type { TTransferResult } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../shared/hooks/field-errors';
import { errorText } from '../../../shared/api';
import { checkAmount, formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { PasswordField, TextField } from '../../../shared/ui/form';
import '../../../shared/ui/member-page.css';
import { useTransferInfo } from '../api/get-transfer-info';
import { useTransferUpline } from '../api/transfer-upline';
import { newRequestId, smallerOf } from '../hooks/transfer-rules';

/** transferUpline: send money from MAIN to the direct upline with the payment password, within the limits. */
export default function TransferUplinePage({ onPaymentPassword }: { onPaymentPassword?: () => void }) {
  const { t } = useTranslation('wallet');
  const symbol = useAppStore((s) => s.currencySymbol);
  const info = useTransferInfo();
  const send = useTransferUpline();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, edit } = useFieldErrors();
  const [done, setDone] = useState<TTransferResult | null>(null);
  const d = info.data;
  const money = (v: string | undefined) => formatAmount(v ?? '0', symbol);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!d) return;
    const problem = checkAmount(amount, {
      min: d.limits.minAmount,
      max: smallerOf(d.limits.maxAmount, d.remainingToday),
    });
    const errs = {
      amount: problem
        ? t(`amount_${problem}`, {
            min: money(d.limits.minAmount),
            max: money(smallerOf(d.limits.maxAmount, d.remainingToday)),
          })
        : null,
      password: password ? null : t('paymentPasswordRequired'),
    };
    setErrors(errs);
    if (errs.amount || errs.password) return;
    try {
      const r = await send.mutateAsync({
        amount: amount.trim(),
        paymentPassword: password,
        requestId: newRequestId(),
      });
      setDone(r);
      setAmount('');
      setPassword('');
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    }
  };

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
          <dt>{t('limitPerTransfer')}</dt>
          <dd>
            {money(d.limits.minAmount)} – {money(d.limits.maxAmount)}
          </dd>
          <dt>{t('remainingToday')}</dt>
          <dd data-testid="upline-remaining">{money(d.remainingToday)}</dd>
        </dl>
      </div>
      {!d.canTransferUpline || !d.upline ? (
        <p className="mc-card mc-muted" data-testid="upline-unavailable">
          {d.upline ? t('transferUplineOff') : t('errors:transfer_no_upline')}
        </p>
      ) : done ? (
        <div className="mc-card" data-testid="upline-done">
          <h2 className="mc-card__title">{t('transferSent')}</h2>
          <dl className="mc-kv">
            <dt>{t('amount')}</dt>
            <dd data-testid="upline-done-amount">{money(done.amount)}</dd>
            <dt>{t('to')}</dt>
            <dd>{done.to.username}</dd>
            <dt>{t('time')}</dt>
            <dd>{done.time}</dd>
            <dt>{t('balanceNow')}</dt>
            <dd data-testid="upline-done-balance">{money(done.balance)}</dd>
          </dl>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => setDone(null)}
            data-testid="upline-again"
          >
            {t('sendAnother')}
          </button>
        </div>
      ) : (
        <form className="mc-card form" onSubmit={(e) => void submit(e)} noValidate data-testid="upline-form">
          <TextField
            label={t('amount')}
            value={amount}
            onChange={edit('amount', setAmount)}
            error={errors.amount}
            testId="upline-amount"
            inputMode="decimal"
            autoComplete="off"
            required
          />
          <PasswordField
            label={t('paymentPassword')}
            value={password}
            onChange={edit('password', setPassword)}
            error={errors.password}
            testId="upline-password"
            inputMode="numeric"
            autoComplete="off"
            required
          />
          {onPaymentPassword && (
            <button
              type="button"
              className="mc-link-btn"
              onClick={onPaymentPassword}
              data-testid="upline-set-password"
            >
              {t('managePaymentPassword')}
            </button>
          )}
          {errors.form && (
            <p className="mc-error" role="alert" data-testid="upline-error">
              {errors.form}
            </p>
          )}
          <button
            type="submit"
            className="btn btn--primary btn--lg"
            disabled={send.isPending}
            data-testid="upline-submit"
          >
            {t('transfer')}
          </button>
        </form>
      )}
    </div>
  );
}
