import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { languageByLng } from '../../../shared/i18n/languages';
import { navigateTo } from '../../../shared/navigation';
import { showDialog } from '../../../shared/ui/dialog';
import { FormError, PasswordField } from '../../../shared/ui/form';
import { Modal } from '../../../shared/ui/Modal';
import { useRegisterSettings } from '../api/register';
import { changePassword } from '../api/security';
import { checkNewPassword } from '../hooks/password-rule';
import './auth.css';

/**
 * Change password (SPEC §3, §4). The forced variant (default, expired or generated password after
 * login) cannot be dismissed. Success: member info reloaded, modal closed, go to /.
 */
export default function ChangePasswordModal({
  onClose,
  forced = false,
  knownOldPassword,
}: {
  onClose: () => void;
  forced?: boolean;
  knownOldPassword?: string;
}) {
  const { t, i18n } = useTranslation('auth');
  const lang = languageByLng(i18n.language)?.code ?? 'EN';
  const rules = useRegisterSettings().data;
  const queryClient = useQueryClient();
  const [oldPassword, setOld] = useState(knownOldPassword ?? '');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!oldPassword) next.old = t('not_empty');
    const pw = checkNewPassword(t, lang, rules?.password, newPassword, confirm);
    if (pw.newPassword) next.new = pw.newPassword;
    if (pw.confirm) next.confirm = pw.confirm;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await changePassword({ oldPassword, newPassword, confirmNewPassword: confirm });
      await queryClient.invalidateQueries({ queryKey: ['memberInfo'] });
      onClose();
      navigateTo('/', { replace: true });
      void showDialog(t('passwordChanged'), { kind: 'success', name: 'password_changed' });
    } catch (err) {
      setFormError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('changePasswordTitle')}
      onClose={onClose}
      closable={!forced}
      size="sm"
      testId="change-password-modal"
      closeTestId="change-password-close"
    >
      <form
        className="form auth"
        noValidate
        onSubmit={(e) => void submit(e)}
        data-forced={forced || undefined}
      >
        {forced && (
          <p className="auth__note" data-testid="forced-change-note">
            {t('forcedChangeNote')}
          </p>
        )}
        {!knownOldPassword && (
          <PasswordField
            label={t('oldPassword')}
            value={oldPassword}
            onChange={setOld}
            error={errors.old}
            testId="change-old"
            autoComplete="current-password"
            maxLength={128}
            required
          />
        )}
        <PasswordField
          label={t('newPassword')}
          value={newPassword}
          onChange={setNew}
          error={errors.new}
          testId="change-new"
          autoComplete="new-password"
          maxLength={128}
          required
        />
        <PasswordField
          label={t('confirmNewPassword')}
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
          testId="change-confirm"
          autoComplete="new-password"
          maxLength={128}
          required
        />
        <FormError message={formError} testId="change-error" />
        <button
          type="submit"
          className="btn btn--primary btn--lg form__submit"
          disabled={busy}
          data-testid="change-submit"
        >
          {t('submit')}
        </button>
      </form>
    </Modal>
  );
}
