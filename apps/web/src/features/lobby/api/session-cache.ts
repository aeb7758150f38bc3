import { readStorage, writeStorage } from '../../../shared/store/persist';

/**
 * SPEC §4 caching: hot games and the vendor list live in sessionStorage until a refresh is asked
 * for (or the tab closes), so moving around the site does not refetch them. Per language, since
 * names are translated by the server.
 */
export async function sessionCached<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const stored = readStorage('session', key);
  if (stored) {
    try {
      return JSON.parse(stored) as T;
    } catch {
      /* a damaged entry is fetched again */
    }
  }
  const value = await fetcher();
  writeStorage('session', key, JSON.stringify(value));
  return value;
}

export const dropSessionCache = (key: string) => writeStorage('session', key, null);
