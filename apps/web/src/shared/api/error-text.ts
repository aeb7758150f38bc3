import type { TFunction } from 'i18next';
import { isApiError } from './api-error';

/** errorCode -> t('errors:<code>'), falling back to the server's message, then to a generic text. */
export function errorText(t: TFunction, e: unknown): string {
  if (isApiError(e)) {
    return t(e.errorCode, { ns: 'errors', defaultValue: e.message || t('unknown', { ns: 'errors' }) });
  }
  return t('unknown', { ns: 'errors' });
}
