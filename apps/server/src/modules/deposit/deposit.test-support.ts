import { randomBytes } from 'node:crypto';
import { createTestGateway, type TestGateway } from '@bp/test-gateway';

/** Factories for the deposit tests: a real gateway on a free port and channel rows. */

export async function startGateway(
  merchants: Record<string, string>,
): Promise<{ gw: TestGateway; url: string }> {
  const gw = createTestGateway({ merchants, retryBaseMs: 20, notifyRetries: 3 });
  const { url } = await gw.listen(0);
  return { gw, url };
}

/** A tiny but real PNG header and body: enough for the content check. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  randomBytes(64),
]);

/** Polls until `check` holds (the gateway notifies in the background). */
export async function eventually<T>(
  fn: () => T | Promise<T>,
  check: (v: T) => boolean,
  ms = 5000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (check(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
