import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../shared/hooks/field-errors';
import { errorText } from '../../../shared/api';
import { showDialog } from '../../../shared/ui/dialog';
import { PasswordField } from '../../../shared/ui/form';
import { Modal } from '../../../shared/ui/Modal';
import { useHasPaymentPassword } from '../api/has-payment-password';
import { useSavePaymentPassword } from '../api/save-payment-password';

/**
 * Sets the first payment (withdrawal) password, proven with the login password, or changes it with
 * the old one. The merchant's rule (by default 6 digits) is checked by the server; its message shows here.
 */
export default function PaymentPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('memberCentre');
  const has = useHasPaymentPassword();
  const save = useSavePaymentPassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, setErrors, edit } = useFieldErrors();
  const mode = has.data ? 'change' : 'set';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string | null> = {
      current: current ? null : t('required'),
      next: next ? null : t('required'),
      confirm: !confirm ? t('required') : confirm !== next ? t('auth:inconsistent_twice') : null,
    };
    setErrors(errs);
    if (Object.values(errs).some(Boolean)) return;
    try {
      await save.mutateAsync(
        mode === 'set'
          ? { mode, body: { password: current, paymentPassword: next, confirmPaymentPassword: confirm } }
          : {
              mode,
              body: {
                oldPaymentPassword: current,
                newPaymentPassword: next,
                confirmNewPaymentPassword: confirm,
              },
            },
      );
      onClose();
      void showDialog(t('paymentPasswordSaved'), { kind: 'success', name: 'payment_password_saved' });
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    }
  };

  return (
    <Modal
      title={mode === 'set' ? t('setPaymentPassword') : t('changePaymentPassword')}
      onClose={onClose}
      size="sm"
      testId="payment-password-modal"
      closeTestId="payment-password-close"
    >
      <form className="form" onSubmit={(e) => void submit(e)} noValidate data-mode={mode}>
        <PasswordField
          label={mode === 'set' ? t('loginPassword') : t('oldPaymentPassword')}
          value={current}
          onChange={edit('current', setCurrent)}
          error={errors.current}
          testId="payment-password-current"
          autoComplete={mode === 'set' ? 'current-password' : 'off'}
          required
        />
        <PasswordField
          label={t('newPaymentPassword')}
          value={next}
          onChange={edit('next', setNext)}
          error={errors.next}
          testId="payment-password-new"
          inputMode="numeric"
          autoComplete="off"
          required
        />
        <PasswordField
          label={t('confirmPaymentPassword')}
          value={confirm}
          onChange={edit('confirm', setConfirm)}
          error={errors.confirm}
          testId="payment-password-confirm"
          inputMode="numeric"
          autoComplete="off"
          required
        />
        {errors.form && (
          <p className="mc-error" role="alert" data-testid="payment-password-error">
            {errors.form}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary btn--lg"
          disabled={save.isPending || has.isLoading}
          data-testid="payment-password-submit"
        >
          {t('common:confirm')}
        </button>
      </form>
    </Modal>
  );
}
