import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from './refresh-queries';

/** A balance read that takes a while: its answer is what the "database" held when the read began. */
function slowBalance() {
  const db = { balance: '0.00' };
  let reads = 0;
  const queryFn = async ({ signal }: { signal: AbortSignal }) => {
    reads += 1;
    const seen = db.balance;
    await new Promise((resolve, reject) => {
      const t = setTimeout(resolve, 30);
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(new Error('aborted'));
      });
    });
    return seen;
  };
  return { db, queryFn, reads: () => reads };
}

describe('refreshQueries', () => {
  it('a change announced while the first read is in flight ends on screen (the stale read is dropped)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const b = slowBalance();
    const observer = new QueryObserver(qc, { queryKey: ['wallet', 'balance'], queryFn: b.queryFn });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    // the first read has started and seen 0.00; then the deposit commits and is announced
    await new Promise((r) => setTimeout(r, 5));
    b.db.balance = '2500.00';
    await refreshQueries(qc, ['wallet']);
    expect(b.reads()).toBe(2);
    expect(qc.getQueryData(['wallet', 'balance'])).toBe('2500.00');
    expect(seen).not.toContain('0.00');
    unsubscribe();
    qc.clear();
  });

  it('refetches queries that already hold data', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const b = slowBalance();
    const observer = new QueryObserver(qc, { queryKey: ['wallet', 'balance'], queryFn: b.queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await observer.refetch();
    expect(qc.getQueryData(['wallet', 'balance'])).toBe('0.00');
    b.db.balance = '12.34';
    await refreshQueries(qc, ['wallet']);
    expect(qc.getQueryData(['wallet', 'balance'])).toBe('12.34');
    unsubscribe();
    qc.clear();
  });
});
