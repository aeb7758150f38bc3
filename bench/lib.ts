import { execFileSync } from 'node:child_process';
import os from 'node:os';
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

/**
 * What the machine is like as the benchmarks start: one core's speed (a fixed integer loop) and the
 * cost of a system call (`dd` copying one-byte blocks: a read and a write each). The same commit
 * printed wallet 0.65-0.69 and Lighthouse 94-98 on one machine, wallet 1.05-1.16 and Lighthouse 70-76
 * on another whose system calls cost about 1.4 µs (a pgbench transaction is five round trips to its
 * backend, a batched wallet operation one HTTP exchange and a share of a batch's; Chromium's processes
 * talk through them all the time):
 * these figures say which kind of machine a ratio came from.
 */
export function machineLine(): string {
  const t0 = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 50_000_000; i++) x = (x * 31 + i) | 0;
  const loopMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const blocks = 200_000;
  let syscallNs: string | number = 'n/a';
  try {
    const t1 = process.hrtime.bigint();
    execFileSync('dd', ['if=/dev/zero', 'of=/dev/null', 'bs=1', `count=${blocks}`], { stdio: 'ignore' });
    syscallNs = Math.round(Number(process.hrtime.bigint() - t1) / (2 * blocks));
  } catch {
    // no dd: the line says so
  }
  return benchLine('machine', {
    cpus: os.cpus().length,
    // (x read, so that the loop is not optimised away)
    loop_ms: Math.round(loopMs + (x & 0)),
    syscall_ns: syscallNs,
    load: os.loadavg()[0]!.toFixed(2),
  });
}
