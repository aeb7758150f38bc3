import type { TFunction } from 'i18next';
import { formatAmount } from '../../../shared/format';

/**
 * A message is stored as `kind` + `data` and read in the reader's language: `messages:kind_<kind>`
 * with the data substituted. Amounts are decimal text and shown with two decimals and separators.
 */
export function messageText(
  t: TFunction,
  kind: string,
  data: Record<string, unknown>,
  symbol: string,
): { title: string; body: string } {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === null || v === undefined || typeof v === 'object') continue;
    vars[k] = /amount$/i.test(k) || k === 'fee' ? formatAmount(String(v), symbol) : String(v);
  }
  vars.amount ??= '';
  vars.from ??= '';
  const known = t(`kind_${kind}`, { ns: 'messages', defaultValue: '' }) !== '';
  // an operator's remark explains a refusal; on good news it is internal chatter
  const why = /rejected|failed/.test(kind) ? vars.reason || vars.remark : undefined;
  const body = known ? t(`body_${kind}`, { ns: 'messages', ...vars }) : '';
  return {
    title: known ? t(`kind_${kind}`, { ns: 'messages' }) : t('kind_other', { ns: 'messages' }),
    body: why && body ? `${body} ${t('reasonLine', { ns: 'messages', reason: why })}` : body,
  };
}

/** Dialog kind for a real-time notice: good news green, refusals red. */
export const noticeTone = (kind: string): 'success' | 'error' | 'info' =>
  /rejected|failed/.test(kind) ? 'error' : /arrived|approved|received/.test(kind) ? 'success' : 'info';
