import { DATE_PRESETS, type TDatePreset } from '@bp/contract';

/**
 * Report filters live in the URL (`?type=deposit&preset=today&page=2`, or `from=..&to=..` for an
 * explicit range) so a filtered page can be reloaded, shared and navigated back to. Unknown values
 * fall back to the defaults.
 */
export const DEFAULT_PRESET: TDatePreset = 'last7days';

export interface ReportFilters<T extends string> {
  type: T | undefined;
  preset: TDatePreset;
  pageNo: number;
  /** explicit merchant days (both inclusive); when set they win over the preset, as on the server */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters<T extends string>(sp: URLSearchParams, types: readonly T[]): ReportFilters<T> {
  const type = sp.get('type');
  const preset = sp.get('preset');
  const page = Number(sp.get('page'));
  const from = sp.get('from') ?? '';
  const to = sp.get('to') ?? '';
  // a range counts only whole and in order; half a range is ignored rather than guessed
  const range = DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : {};
  return {
    type: type && (types as readonly string[]).includes(type) ? (type as T) : undefined,
    preset:
      preset && (DATE_PRESETS as readonly string[]).includes(preset)
        ? (preset as TDatePreset)
        : DEFAULT_PRESET,
    pageNo: Number.isInteger(page) && page >= 1 ? page : 1,
    ...range,
  };
}

/**
 * A changed filter starts again at page 1; defaults are left out of the URL. A preset replaces an
 * explicit range and a range replaces the preset: only one of them is ever in the URL.
 */
export function writeFilters<T extends string>(
  sp: URLSearchParams,
  patch: Partial<ReportFilters<T>>,
): URLSearchParams {
  const next = new URLSearchParams(sp);
  const set = (k: string, v: string | undefined) => (v ? next.set(k, v) : next.delete(k));
  if ('type' in patch) set('type', patch.type);
  if ('preset' in patch) {
    set('preset', patch.preset === DEFAULT_PRESET ? undefined : patch.preset);
    set('from', undefined);
    set('to', undefined);
  }
  if ('from' in patch || 'to' in patch) {
    set('from', patch.from);
    set('to', patch.to);
    if (patch.from && patch.to) set('preset', undefined);
  }
  if ('pageNo' in patch) set('page', patch.pageNo && patch.pageNo > 1 ? String(patch.pageNo) : undefined);
  else next.delete('page');
  return next;
}

/** Sign of a signed decimal text: drives the in/out colour. */
export const direction = (amount: string): 'in' | 'out' | 'zero' =>
  amount.startsWith('-') ? 'out' : /^[0.]+$/.test(amount) ? 'zero' : 'in';
