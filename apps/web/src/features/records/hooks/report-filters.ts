import { DATE_PRESETS, type TDatePreset } from '@bp/contract';

/**
 * Report filters live in the URL (`?type=deposit&preset=today&page=2`) so a filtered page can be
 * reloaded, shared and navigated back to. Unknown values fall back to the defaults.
 */
export const DEFAULT_PRESET: TDatePreset = 'last7days';

export interface ReportFilters<T extends string> {
  type: T | undefined;
  preset: TDatePreset;
  pageNo: number;
}

export function readFilters<T extends string>(sp: URLSearchParams, types: readonly T[]): ReportFilters<T> {
  const type = sp.get('type');
  const preset = sp.get('preset');
  const page = Number(sp.get('page'));
  return {
    type: type && (types as readonly string[]).includes(type) ? (type as T) : undefined,
    preset:
      preset && (DATE_PRESETS as readonly string[]).includes(preset)
        ? (preset as TDatePreset)
        : DEFAULT_PRESET,
    pageNo: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** A changed filter starts again at page 1; defaults are left out of the URL. */
export function writeFilters<T extends string>(
  sp: URLSearchParams,
  patch: Partial<ReportFilters<T>>,
): URLSearchParams {
  const next = new URLSearchParams(sp);
  const set = (k: string, v: string | undefined) => (v ? next.set(k, v) : next.delete(k));
  if ('type' in patch) set('type', patch.type);
  if ('preset' in patch) set('preset', patch.preset === DEFAULT_PRESET ? undefined : patch.preset);
  if ('pageNo' in patch) set('page', patch.pageNo && patch.pageNo > 1 ? String(patch.pageNo) : undefined);
  else if ('type' in patch || 'preset' in patch) next.delete('page');
  return next;
}

/** Sign of a signed decimal text: drives the in/out colour. */
export const direction = (amount: string): 'in' | 'out' | 'zero' =>
  amount.startsWith('-') ? 'out' : /^[0.]+$/.test(amount) ? 'zero' : 'in';
