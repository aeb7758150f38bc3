import { fieldErrorMessage, validateField, type TRegisterFieldRule } from '@bp/contract';
import type { TFunction } from 'i18next';

/** The new-password checks of SPEC §5: the merchant's password rule, then the confirmation. */
export function checkNewPassword(
  t: TFunction,
  lang: string,
  rule: TRegisterFieldRule | undefined,
  pw: string,
  confirm: string,
): { newPassword?: string; confirm?: string } {
  const out: { newPassword?: string; confirm?: string } = {};
  if (!pw) out.newPassword = t('not_empty', { ns: 'auth' });
  else if (rule) {
    const e = validateField(rule, pw, { required: true });
    if (e) out.newPassword = fieldErrorMessage(e, lang);
  }
  if (!confirm) out.confirm = t('not_empty', { ns: 'auth' });
  else if (confirm !== pw) out.confirm = t('inconsistent_twice', { ns: 'auth' });
  return out;
}
