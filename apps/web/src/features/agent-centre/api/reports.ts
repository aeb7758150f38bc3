import {
  agentReportEndpoints as ep,
  type TDownlineTransactionQuery,
  type TIncomeQuery,
  type TTeamBettingQuery,
  type TTeamOverviewQuery,
  type TUserLossQuery,
} from '@bp/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

export const AGENT_REPORTS_KEY = ['agent-reports'] as const;
export const AGENT_PAGE_SIZE = 20;
/** the CSV export reads pages of this size, at most EXPORT_PAGES of them */
const EXPORT_PAGE_SIZE = 100;
const EXPORT_PAGES = 50;

/** A report of the agent centre, keyed by its query; the previous page stays on screen while the next loads. */
function useReport<T>(name: string, query: object, fetch: (signal: AbortSignal) => Promise<T>) {
  const token = useAppStore((s) => s.token);
  return useQuery({
    queryKey: [...AGENT_REPORTS_KEY, name, token, query],
    queryFn: ({ signal }) => fetch(signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export const useTeamOverview = (query: TTeamOverviewQuery) =>
  useReport('teamOverview', query, (signal) => callEndpoint(ep.teamOverview, { query, signal }));

export const useTeamBetting = (q: TTeamBettingQuery) => {
  const query = { pageSize: AGENT_PAGE_SIZE, ...q };
  return useReport('teamBetting', query, (signal) => callEndpoint(ep.teamBetting, { query, signal }));
};

export const useUserLoss = (q: TUserLossQuery) => {
  const query = { pageSize: AGENT_PAGE_SIZE, ...q };
  return useReport('userLoss', query, (signal) => callEndpoint(ep.userLoss, { query, signal }));
};

export const useIncome = (q: TIncomeQuery) => {
  const query = { pageSize: AGENT_PAGE_SIZE, ...q };
  return useReport('income', query, (signal) => callEndpoint(ep.income, { query, signal }));
};

export const useDownlineTransactions = (q: TDownlineTransactionQuery) => {
  const query = { pageSize: AGENT_PAGE_SIZE, ...q };
  return useReport('downlineTransaction', query, (signal) =>
    callEndpoint(ep.downlineTransaction, { query, signal }),
  );
};

/** Every row of a paged report under the current filters, for the CSV export. */
export async function allRows<R>(
  fetchPage: (paging: { pageNo: number; pageSize: number }) => Promise<{ list: R[]; totalPages: number }>,
): Promise<R[]> {
  const rows: R[] = [];
  for (let pageNo = 1; pageNo <= EXPORT_PAGES; pageNo++) {
    const page = await fetchPage({ pageNo, pageSize: EXPORT_PAGE_SIZE });
    rows.push(...page.list);
    if (pageNo >= page.totalPages) break;
  }
  return rows;
}
