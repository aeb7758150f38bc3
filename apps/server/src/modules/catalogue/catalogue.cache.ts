/**
 * In-process cache of lobby answers, keyed per merchant and query. Operator changes (and imports)
 * drop a merchant's entries, or every entry, through the `catalogue.changed` event; the TTL bounds how
 * long another instance, which does not see this instance's events, can serve an older answer.
 * Values are promises, so concurrent misses for one key share one database query.
 */
export function createQueryCache<V>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const byMerchant = new Map<number, Map<string, { at: number; value: Promise<V> }>>();
  let size = 0;

  function evictOldest() {
    let oldest: { m: number; k: string; at: number } | undefined;
    for (const [m, entries] of byMerchant) {
      for (const [k, e] of entries) {
        if (!oldest || e.at < oldest.at) oldest = { m, k, at: e.at };
        break; // Map keeps insertion order: the first entry of each merchant is its oldest
      }
    }
    if (oldest) drop(oldest.m, oldest.k);
  }

  function drop(merchantId: number, key: string) {
    const entries = byMerchant.get(merchantId);
    if (entries?.delete(key)) size--;
    if (entries && entries.size === 0) byMerchant.delete(merchantId);
  }

  return {
    get(merchantId: number, key: string, load: () => Promise<V>): Promise<V> {
      const hit = byMerchant.get(merchantId)?.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      if (hit) drop(merchantId, key);
      if (size >= maxEntries) evictOldest();
      const value = load();
      // looked up after the eviction, which may have removed this merchant's (emptied) map
      let entries = byMerchant.get(merchantId);
      if (!entries) {
        entries = new Map();
        byMerchant.set(merchantId, entries);
      }
      entries.set(key, { at: now(), value });
      size++;
      // a failed load is not remembered
      value.catch(() => {
        if (byMerchant.get(merchantId)?.get(key)?.value === value) drop(merchantId, key);
      });
      return value;
    },
    /** Drops one merchant's entries, or every entry when merchantId is null. */
    invalidate(merchantId: number | null) {
      if (merchantId === null) {
        byMerchant.clear();
        size = 0;
        return;
      }
      size -= byMerchant.get(merchantId)?.size ?? 0;
      byMerchant.delete(merchantId);
    },
    get size() {
      return size;
    },
  };
}
export type QueryCache<V> = ReturnType<typeof createQueryCache<V>>;
