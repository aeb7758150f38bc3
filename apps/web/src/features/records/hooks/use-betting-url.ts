import { useSearchParams } from 'react-router';
import { readBettingFilters, writeBettingFilters, type BettingFilters } from './betting-filters';
import { useReportUrl } from '../../../shared/report/use-report-url';

const NO_TYPES: readonly string[] = [];

/** Period and page (shared with the other reports) plus game type, vendor and status, all in the URL. */
export function useBettingUrl() {
  const report = useReportUrl(NO_TYPES);
  const [sp, setSp] = useSearchParams();
  return {
    ...report,
    ...readBettingFilters(sp),
    setFilter: (patch: Partial<BettingFilters>) => setSp((cur) => writeBettingFilters(cur, patch)),
  };
}
