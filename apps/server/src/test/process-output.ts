import fs from 'node:fs';
import { vi } from 'vitest';

/**
 * Everything the process writes to stdout/stderr file descriptors (where pino's destination writes)
 * while the test runs, so a test can assert that no secret reached a log line.
 */
export function captureProcessOutput() {
  const chunks: string[] = [];
  const grab = (fd: unknown, data: unknown) => {
    if (fd === 1 || fd === 2)
      chunks.push(typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString('utf8'));
  };
  // only stdout and stderr are captured: other descriptors (an embedded database's files) pass through
  const realWriteSync = fs.writeSync;
  const realWrite = fs.write;
  const ws = vi.spyOn(fs, 'writeSync').mockImplementation(((
    fd: number,
    data: unknown,
    ...rest: unknown[]
  ) => {
    if (fd !== 1 && fd !== 2) return (realWriteSync as (...a: unknown[]) => number)(fd, data, ...rest);
    grab(fd, data);
    return typeof data === 'string' ? Buffer.byteLength(data) : (data as Uint8Array).length;
  }) as typeof fs.writeSync);
  const w = vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd !== 1 && fd !== 2) return (realWrite as (...a: unknown[]) => void)(fd, data, ...rest);
    grab(fd, data);
    const cb = rest.find((r) => typeof r === 'function') as ((e: null, n: number) => void) | undefined;
    const n = typeof data === 'string' ? Buffer.byteLength(data) : (data as Uint8Array).length;
    if (cb) setImmediate(() => cb(null, n));
  }) as unknown as typeof fs.write);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((data: unknown) => {
    chunks.push(String(data));
    return true;
  });
  return {
    text: () => chunks.join(''),
    restore() {
      ws.mockRestore();
      w.mockRestore();
      out.mockRestore();
    },
  };
}
