import type { TFunction } from 'i18next';
import { errorText, isApiError } from '../../../shared/api';

/**
 * The agent calls refuse with the catalogue's general codes and say why in `value.reason`
 * (`already_agent`, `downline_blocked`, `code_taken`, `link_limit`); the page names the reason.
 */
export function agentErrorText(t: TFunction, e: unknown): string {
  if (isApiError(e)) {
    const v = (e.value ?? {}) as { reason?: unknown; maxLinks?: unknown };
    if (typeof v.reason === 'string') {
      return t(`agent:reason_${v.reason}`, { maxLinks: v.maxLinks, defaultValue: errorText(t, e) });
    }
  }
  return errorText(t, e);
}
