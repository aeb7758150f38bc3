import type { TDepositChannel } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api';
import { readAsDataUrl } from '../../../shared/files/image-check';
import { checkAmount, formatAmount } from '../../../shared/format';
import { TextField } from '../../../shared/ui/form';
import { ImagePicker } from '../../../shared/ui/ImagePicker';
import { BankIcon } from '../../../shared/ui/money-icons';
import '../../../shared/ui/member-page.css';
import { useDepositSettings } from '../api/get-deposit-settings';
import { useCreateOnlineDeposit, useSubmitBankDeposit } from '../api/submit-deposit';
import { BankDetails } from '../components/BankDetails';
import { DepositHistory } from '../components/DepositHistory';
import { DepositOutcome } from '../components/DepositOutcome';
import '../components/deposit.css';
import { depositFee, quickAmounts, returnedOrderNo } from '../hooks/deposit-rules';

/**
 * depositv2: pick a channel, enter an amount within its limits, then either submit a bank transfer
 * (reference + optional receipt) or go to the gateway's payment page. The gateway brings the player
 * back to `?orderNo=`; the outcome and the balance update live (real-time channel).
 */
export default function DepositPage() {
  const { t } = useTranslation('wallet');
  const [sp, setSp] = useSearchParams();
  const settings = useDepositSettings();
  const bank = useSubmitBankDeposit();
  const online = useCreateOnlineDeposit();
  const symbol = settings.data?.currencySymbol ?? '';
  const channels = settings.data?.depositInfo ?? [];
  const channelId = Number(sp.get('channel')) || channels[0]?.id;
  const channel = channels.find((c) => c.id === channelId) ?? channels[0];
  const orderNo = returnedOrderNo(sp);

  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [submitted, setSubmitted] = useState<string | null>(null);

  const chooseChannel = (c: TDepositChannel) => {
    setErrors({});
    setSp((cur) => {
      cur.set('channel', String(c.id));
      return cur;
    });
  };
  const clearOrder = () => {
    setSubmitted(null);
    setSp((cur) => {
      cur.delete('orderNo');
      return cur;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!channel) return;
    const money = (v: string) => formatAmount(v, symbol);
    const problem = checkAmount(amount, { min: channel.minAmount, max: channel.maxAmount });
    const errs: Record<string, string | null> = {
      amount: problem
        ? t(`amount_${problem}`, { min: money(channel.minAmount), max: money(channel.maxAmount) })
        : null,
      reference: channel.kind === 'bank' && !reference.trim() ? t('referenceRequired') : null,
    };
    setErrors(errs);
    if (errs.amount || errs.reference) return;
    try {
      if (channel.kind === 'online') {
        const r = await online.mutateAsync({ channelId: channel.id, amount: amount.trim() });
        // The gateway opens in a tab of its own so this page stays and shows the order settle live;
        // where a tab cannot be opened (blocked pop-ups) the gateway replaces this page and sends the
        // player back to `?orderNo=`.
        const tab = window.open(r.payUrl, '_blank');
        if (!tab) {
          window.location.assign(r.payUrl);
          return;
        }
        tab.opener = null;
        setAmount('');
        setSp((cur) => {
          cur.set('orderNo', r.orderNo);
          return cur;
        });
        return;
      }
      const file = receipt[0];
      const order = await bank.mutateAsync({
        channelId: channel.id,
        amount: amount.trim(),
        reference: reference.trim(),
        receipt: file ? await readAsDataUrl(file) : undefined,
      });
      setAmount('');
      setReference('');
      setReceipt([]);
      setSubmitted(order.orderNo);
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    }
  };

  const shownOrder = orderNo ?? submitted;
  const fee = channel ? depositFee(amount, channel.feeFixed, channel.feeRate) : null;
  const pending = bank.isPending || online.isPending;

  return (
    <div className="mc-page" data-testid="deposit-page">
      <h1 className="mc-page__title">{t('deposit')}</h1>
      {shownOrder ? (
        <DepositOutcome orderNo={shownOrder} symbol={symbol} onDone={clearOrder} />
      ) : settings.isLoading ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : settings.isError ? (
        <p className="mc-error">{errorText(t, settings.error)}</p>
      ) : !channel || settings.data?.allowDeposit !== 'Y' ? (
        <p className="mc-card mc-empty" data-testid="deposit-unavailable">
          {t('depositUnavailable')}
        </p>
      ) : (
        <>
          <div className="mc-card">
            <h2 className="mc-card__title">{t('depositMethod')}</h2>
            <div className="dep-channels" role="radiogroup" aria-label={t('depositMethod')}>
              {channels.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  role="radio"
                  aria-checked={c.id === channel.id}
                  className="dep-channel"
                  data-testid="deposit-channel"
                  data-kind={c.kind}
                  data-channel={c.id}
                  onClick={() => chooseChannel(c)}
                >
                  <BankIcon />
                  <span className="dep-channel__name">{c.name}</span>
                  <span className="dep-channel__kind">{t(`channel_${c.kind}`)}</span>
                </button>
              ))}
            </div>
          </div>
          <form
            className="mc-card form"
            onSubmit={(e) => void submit(e)}
            noValidate
            data-testid="deposit-form"
            data-kind={channel.kind}
          >
            {channel.kind === 'bank' && (
              <>
                <p className="mc-muted">{t('bankTransferHint')}</p>
                <BankDetails channel={channel} />
              </>
            )}
            <TextField
              label={t('amount')}
              value={amount}
              onChange={(v) => {
                setAmount(v);
                setErrors((e) => ({ ...e, amount: null }));
              }}
              error={errors.amount}
              testId="deposit-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={`${formatAmount(channel.minAmount, symbol)} – ${formatAmount(channel.maxAmount, symbol)}`}
              required
            />
            <div className="mc-quick" data-testid="deposit-quick">
              {quickAmounts(channel.minAmount, channel.maxAmount).map((q) => (
                <button
                  key={q}
                  type="button"
                  aria-pressed={amount === q}
                  data-testid="deposit-quick-amount"
                  onClick={() => {
                    setAmount(q);
                    setErrors((e) => ({ ...e, amount: null }));
                  }}
                >
                  {formatAmount(q, '').replace(/\.00$/, '')}
                </button>
              ))}
            </div>
            {fee && (channel.feeRate > 0 || fee.fee !== '0.00') && (
              <p className="mc-muted" data-testid="deposit-fee">
                {t('feeLine', {
                  fee: formatAmount(fee.fee, symbol),
                  credit: formatAmount(fee.credit, symbol),
                })}
              </p>
            )}
            {channel.kind === 'bank' && (
              <>
                <TextField
                  label={t('reference')}
                  value={reference}
                  onChange={(v) => {
                    setReference(v);
                    setErrors((e) => ({ ...e, reference: null }));
                  }}
                  error={errors.reference}
                  testId="deposit-reference"
                  maxLength={64}
                  autoComplete="off"
                  required
                />
                <ImagePicker
                  files={receipt}
                  onChange={setReceipt}
                  max={1}
                  testId="deposit-receipt"
                  label={t('receiptOptional')}
                />
              </>
            )}
            {errors.form && (
              <p className="mc-error" role="alert" data-testid="deposit-error">
                {errors.form}
              </p>
            )}
            <button
              type="submit"
              className="btn btn--primary btn--lg"
              disabled={pending}
              data-testid="deposit-submit"
            >
              {channel.kind === 'online' ? t('payNow') : t('submitDeposit')}
            </button>
          </form>
        </>
      )}
      <DepositHistory symbol={symbol} />
    </div>
  );
}
