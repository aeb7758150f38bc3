import type { TGameSession } from '@bp/contract';
import { api, setSessionToken } from '../lib/api';

/**
 * The launch token works once, so the session it buys is kept in sessionStorage: a reload of the
 * iframe goes on with the same session instead of failing on a spent token. The promise is shared
 * so that a second mount (React StrictMode, fast refresh) does not spend the token twice.
 */
const pending = new Map<string, Promise<TGameSession>>();

export function openSession(launchToken: string): Promise<TGameSession> {
  let p = pending.get(launchToken);
  if (!p) {
    p = exchange(launchToken);
    pending.set(launchToken, p);
    p.catch(() => pending.delete(launchToken));
  }
  return p;
}

async function exchange(launchToken: string): Promise<TGameSession> {
  const key = `gs:session:${launchToken}`;
  const stored = sessionStorage.getItem(key);
  if (stored) {
    const session = JSON.parse(stored) as TGameSession;
    setSessionToken(session.sessionToken);
    const { balance } = await api.get<{ balance: string }>('/gs/api/balance');
    const fairness = await api.get<TGameSession['fairness']>('/gs/api/fair');
    return { ...session, balance, fairness };
  }
  const session = await api.post<TGameSession>('/gs/api/session', { launchToken });
  setSessionToken(session.sessionToken);
  try {
    sessionStorage.setItem(key, JSON.stringify(session));
  } catch {
    // storage full or disabled: a reload then asks the player to open the game again
  }
  return session;
}
