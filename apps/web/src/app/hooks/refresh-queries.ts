import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refetches every query under `key` with a request that starts after the call. A plain invalidation
 * is not enough when a query's first fetch is still in flight: TanStack Query then joins that fetch
 * (which may have read the database before the change being announced) instead of starting another,
 * and the stale answer stays on screen. Cancelling first drops such a fetch, so the refetch is new.
 */
export async function refreshQueries(qc: QueryClient, key: QueryKey): Promise<void> {
  await qc.cancelQueries({ queryKey: key });
  await qc.invalidateQueries({ queryKey: key });
}
