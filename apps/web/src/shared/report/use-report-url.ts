import type { TDatePreset } from '@bp/contract';
import { useSearchParams } from 'react-router';
import { readFilters, writeFilters } from './report-filters';

/** The page's filters from the URL and setters that write them back (a new history entry each). */
export function useReportUrl<T extends string>(types: readonly T[]) {
  const [sp, setSp] = useSearchParams();
  const f = readFilters(sp, types);
  return {
    ...f,
    setType: (type: T | undefined) => setSp((cur) => writeFilters<T>(cur, { type })),
    setPreset: (preset: TDatePreset) => setSp((cur) => writeFilters<T>(cur, { preset })),
    setRange: (from: string | undefined, to: string | undefined) =>
      setSp((cur) => writeFilters<T>(cur, { from, to })),
    setPage: (pageNo: number) => setSp((cur) => writeFilters<T>(cur, { pageNo })),
  };
}
