import { useSearchParams } from 'react-router';
import { useReportUrl } from '../../../shared/report/use-report-url';

const USERNAME = /^[A-Za-z0-9_.@-]{1,64}$/;

/**
 * The agent reports' filters in the URL: the shared period/type/page filters plus a member's
 * username (`?username=`) and further named switches, so a filtered report can be reloaded and shared.
 */
export function useAgentFilters<T extends string>(types: readonly T[] = []) {
  const f = useReportUrl(types);
  const [sp, setSp] = useSearchParams();
  const raw = sp.get('username') ?? '';
  const set = (key: string, value: string | undefined) =>
    setSp((cur) => {
      const next = new URLSearchParams(cur);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  return {
    ...f,
    range: f.from && f.to ? { from: f.from, to: f.to } : undefined,
    /** the period to ask the server for: an explicit range wins over the preset */
    period: f.from && f.to ? { from: f.from, to: f.to } : { preset: f.preset },
    username: USERNAME.test(raw) ? raw : undefined,
    setUsername: (v: string | undefined) => set('username', v?.trim() || undefined),
    param: (key: string) => sp.get(key) ?? undefined,
    setParam: set,
  };
}
