import { ZRedeemCode } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { openModal } from '../../../shared/ui/modal-store';
import { useRedeemCode } from '../api/redeem-code';

/** SPEC 3 bonus / redeem code: the member types a code and gets its promotion's reward. */
export function RedeemCodeForm() {
  const { t } = useTranslation('promotions');
  const token = useAppStore((s) => s.token);
  const redeem = useRedeemCode();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!token) {
      openModal('login');
      return;
    }
    const parsed = ZRedeemCode.safeParse({ code });
    setInvalid(!parsed.success);
    if (parsed.success) redeem.mutate(parsed.data.code, { onSuccess: () => setCode('') });
  };
  return (
    <form className="redeem-code" data-testid="redeem-code-form" onSubmit={submit} noValidate>
      <label className="redeem-code__label" htmlFor="redeem-code">
        {t('codeLabel')}
      </label>
      <div className="redeem-code__row">
        <input
          id="redeem-code"
          className="field__input redeem-code__input"
          data-testid="redeem-code-input"
          value={code}
          maxLength={32}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder={t('codePlaceholder')}
          aria-invalid={invalid}
          onChange={(e) => setCode(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn--primary"
          data-testid="redeem-code-submit"
          disabled={redeem.isPending}
        >
          {t('codeRedeem')}
        </button>
      </div>
      {invalid && (
        <p className="redeem-code__error" role="alert" data-testid="redeem-code-error">
          {t('codeFormat')}
        </p>
      )}
      {!invalid && redeem.error && (
        <p className="redeem-code__error" role="alert" data-testid="redeem-code-error">
          {errorText(t, redeem.error)}
        </p>
      )}
      {redeem.isSuccess && (
        <p className="redeem-code__done" role="status" data-testid="redeem-code-done">
          {t('codeDone', { title: redeem.data.title })}
        </p>
      )}
    </form>
  );
}
