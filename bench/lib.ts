import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Fixed-duration keep-alive load from this process; bounded in time, loopback only. */
export async function load(
  url: string,
  opts: {
    seconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
  } = {},
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: opts.connections ?? 16,
    duration: opts.seconds ?? 8,
    headers: opts.headers,
    method: opts.method ?? 'GET',
    body: opts.body,
    pipelining: 1,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export function benchLine(name: string, fields: Record<string, string | number>) {
  const parts = Object.entries(fields).map(([k, v]) => `${k}=${v}`);
  return `BENCH ${name} ${parts.join(' ')}`;
}
