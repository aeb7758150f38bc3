import type { TBankAccount } from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../shared/hooks/field-errors';
import { errorText } from '../../../shared/api';
import { showDialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/form';
import { BankIcon, PlusIcon, TrashIcon } from '../../../shared/ui/money-icons';
import { useAddBankAccount } from '../api/add-bank-account';
import { useRemoveBankAccount } from '../api/remove-bank-account';

interface Props {
  accounts: TBankAccount[];
  max: number;
  payeeName: string | null;
}

/** Bound bank accounts (numbers masked), remove with a confirmation, add while under the merchant's maximum. */
export function BankAccounts({ accounts, max, payeeName }: Props) {
  const { t } = useTranslation('wallet');
  const add = useAddBankAccount();
  const remove = useRemoveBankAccount();
  const [open, setOpen] = useState(accounts.length === 0);
  const [bankName, setBankName] = useState('');
  const [accountName, setAccountName] = useState(payeeName ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const { errors, setErrors, edit } = useFieldErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = {
      bankName: bankName.trim() ? null : t('fieldRequired'),
      accountName: accountName.trim() ? null : t('fieldRequired'),
      accountNumber: /^[0-9][0-9 -]{5,39}$/.test(accountNumber.trim()) ? null : t('accountNumberInvalid'),
    };
    setErrors(errs);
    if (Object.values(errs).some(Boolean)) return;
    try {
      await add.mutateAsync({ bankName, accountName, accountNumber });
      setBankName('');
      setAccountNumber('');
      setOpen(false);
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    }
  };

  const confirmRemove = async (a: TBankAccount) => {
    const ok = await showDialog(t('removeBankConfirm', { name: `${a.bankName} ${a.accountNumber}` }), {
      kind: 'warning',
      cancelText: t('common:cancel'),
      name: 'remove_bank_account',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(a.id);
    } catch (err) {
      void showDialog(errorText(t, err), { kind: 'error' });
    }
  };

  return (
    <div className="mc-card" data-testid="bank-accounts">
      <div className="mc-card__head">
        <h2 className="mc-card__title">{t('bankAccounts')}</h2>
        {accounts.length < max && !open && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setOpen(true)}
            data-testid="bank-add-open"
          >
            <PlusIcon width={16} height={16} />
            {t('addBankAccount')}
          </button>
        )}
      </div>
      {accounts.length === 0 && !open && <p className="mc-muted">{t('noBankAccounts')}</p>}
      <ul className="mc-rows">
        {accounts.map((a) => (
          <li key={a.id} className="mc-row wd-bank" data-testid="bank-account-row" data-id={a.id}>
            <span className="mc-row__main wd-bank__name">
              <BankIcon width={18} height={18} />
              {a.bankName}
            </span>
            <button
              type="button"
              className="icon-button wd-bank__remove"
              aria-label={t('remove')}
              data-testid="bank-account-remove"
              onClick={() => void confirmRemove(a)}
            >
              <TrashIcon width={18} height={18} />
            </button>
            <span className="mc-row__sub">
              {a.accountName} · {a.accountNumber}
            </span>
          </li>
        ))}
      </ul>
      {open && (
        <form className="form wd-add" onSubmit={(e) => void submit(e)} noValidate data-testid="bank-add-form">
          {payeeName && <p className="mc-muted">{t('payeeNameHint', { name: payeeName })}</p>}
          <TextField
            label={t('bankName')}
            value={bankName}
            onChange={edit('bankName', setBankName)}
            error={errors.bankName}
            testId="bank-add-bank"
            maxLength={60}
            required
          />
          <TextField
            label={t('accountName')}
            value={accountName}
            onChange={edit('accountName', setAccountName)}
            error={errors.accountName}
            testId="bank-add-name"
            maxLength={60}
            required
          />
          <TextField
            label={t('accountNumber')}
            value={accountNumber}
            onChange={edit('accountNumber', setAccountNumber)}
            error={errors.accountNumber}
            testId="bank-add-number"
            inputMode="numeric"
            maxLength={40}
            autoComplete="off"
            required
          />
          {errors.form && (
            <p className="mc-error" role="alert" data-testid="bank-add-error">
              {errors.form}
            </p>
          )}
          <div className="mc-actions">
            {accounts.length > 0 && (
              <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
                {t('common:cancel')}
              </button>
            )}
            <button
              type="submit"
              className="btn btn--primary"
              disabled={add.isPending}
              data-testid="bank-add-submit"
            >
              {t('addBankAccount')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
