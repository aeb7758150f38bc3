import type { TTransferInfo, TTransferResult } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../shared/hooks/field-errors';
import { errorText } from '../../../shared/api';
import { checkAmount, formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { PasswordField, TextField } from '../../../shared/ui/form';
import { newRequestId, smallerOf } from '../hooks/transfer-rules';

export interface TransferInput {
  /** the recipient's username, only when the form asks for one */
  recipient?: string;
  amount: string;
  paymentPassword: string;
  requestId: string;
}

/** The per-transfer limits and what is left today, as rows of an `mc-kv` list. */
export function TransferLimitRows({ info, prefix }: { info: TTransferInfo; prefix: string }) {
  const { t } = useTranslation('wallet');
  const symbol = useAppStore((s) => s.currencySymbol);
  return (
    <>
      <dt>{t('limitPerTransfer')}</dt>
      <dd>
        {formatAmount(info.limits.minAmount, symbol)} – {formatAmount(info.limits.maxAmount, symbol)}
      </dd>
      <dt>{t('remainingToday')}</dt>
      <dd data-testid={`${prefix}-remaining`}>{formatAmount(info.remainingToday, symbol)}</dd>
    </>
  );
}

interface Props {
  /** test-id prefix: `<prefix>-form`, `<prefix>-amount`, `<prefix>-done` … */
  prefix: string;
  info: TTransferInfo;
  /** label of the recipient's username field; without it the form has no such field */
  recipientLabel?: string;
  send: (input: TransferInput) => Promise<TTransferResult>;
  pending: boolean;
  onPaymentPassword?: () => void;
}

/**
 * A person-to-person transfer (SPEC §6): amount within the merchant's limits and today's remainder,
 * payment password, optionally the recipient; then the result with "send another".
 */
export function TransferForm({ prefix, info, recipientLabel, send, pending, onPaymentPassword }: Props) {
  const { t } = useTranslation('wallet');
  const symbol = useAppStore((s) => s.currencySymbol);
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, edit } = useFieldErrors();
  const [done, setDone] = useState<TTransferResult | null>(null);
  const money = (v: string) => formatAmount(v, symbol);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const max = smallerOf(info.limits.maxAmount, info.remainingToday);
    const problem = checkAmount(amount, { min: info.limits.minAmount, max });
    const errs = {
      recipient: recipientLabel && !recipient.trim() ? t('recipientRequired') : null,
      amount: problem ? t(`amount_${problem}`, { min: money(info.limits.minAmount), max: money(max) }) : null,
      password: password ? null : t('paymentPasswordRequired'),
    };
    setErrors(errs);
    if (errs.recipient || errs.amount || errs.password) return;
    try {
      const r = await send({
        recipient: recipientLabel ? recipient.trim() : undefined,
        amount: amount.trim(),
        paymentPassword: password,
        requestId: newRequestId(),
      });
      setDone(r);
      setRecipient('');
      setAmount('');
      setPassword('');
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    }
  };

  if (done) {
    return (
      <div className="mc-card" data-testid={`${prefix}-done`}>
        <h2 className="mc-card__title">{t('transferSent')}</h2>
        <dl className="mc-kv">
          <dt>{t('amount')}</dt>
          <dd data-testid={`${prefix}-done-amount`}>{money(done.amount)}</dd>
          <dt>{t('to')}</dt>
          <dd data-testid={`${prefix}-done-to`}>{done.to.username}</dd>
          <dt>{t('time')}</dt>
          <dd>{done.time}</dd>
          <dt>{t('balanceNow')}</dt>
          <dd data-testid={`${prefix}-done-balance`}>{money(done.balance)}</dd>
        </dl>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => setDone(null)}
          data-testid={`${prefix}-again`}
        >
          {t('sendAnother')}
        </button>
      </div>
    );
  }

  return (
    <form className="mc-card form" onSubmit={(e) => void submit(e)} noValidate data-testid={`${prefix}-form`}>
      {recipientLabel && (
        <TextField
          label={recipientLabel}
          value={recipient}
          onChange={edit('recipient', setRecipient)}
          error={errors.recipient}
          testId={`${prefix}-username`}
          autoComplete="off"
          required
        />
      )}
      <TextField
        label={t('amount')}
        value={amount}
        onChange={edit('amount', setAmount)}
        error={errors.amount}
        testId={`${prefix}-amount`}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <PasswordField
        label={t('paymentPassword')}
        value={password}
        onChange={edit('password', setPassword)}
        error={errors.password}
        testId={`${prefix}-password`}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      {onPaymentPassword && (
        <button
          type="button"
          className="mc-link-btn"
          onClick={onPaymentPassword}
          data-testid={`${prefix}-set-password`}
        >
          {t('managePaymentPassword')}
        </button>
      )}
      {errors.form && (
        <p className="mc-error" role="alert" data-testid={`${prefix}-error`}>
          {errors.form}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--lg"
        disabled={pending}
        data-testid={`${prefix}-submit`}
      >
        {t('transfer')}
      </button>
    </form>
  );
}
