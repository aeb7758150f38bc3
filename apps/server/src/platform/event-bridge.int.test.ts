import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { bridgeEventsOverRedis } from './event-bridge.js';
import { createEventBus, type DomainEvents } from './events.js';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A bus bridged on `channel`, recording what its listeners hear. */
async function instance(channel: string) {
  const bus = createEventBus();
  const bridge = await bridgeEventsOverRedis(bus, { url, channel, log: pino({ level: 'silent' }) });
  const heard: DomainEvents['vendor.won'][] = [];
  const waiters: (() => void)[] = [];
  bus.on('vendor.won', (p) => {
    heard.push(p);
    waiters.splice(0).forEach((w) => w());
  });
  const hears = async (merchantId: number) => {
    while (!heard.some((p) => p.merchantId === merchantId)) await new Promise<void>((r) => waiters.push(r));
  };
  return { bus, bridge, heard, hears };
}

describe('event bus bridged over Redis', () => {
  it('delivers every event once on every instance, the emitting one included', async () => {
    const channel = `bp-test:${randomBytes(6).toString('hex')}`;
    const a = await instance(channel);
    const b = await instance(channel);
    const elsewhere = await instance(`${channel}:other`);
    try {
      a.bus.emit('vendor.won', { merchantId: 1 });
      expect(a.heard).toEqual([{ merchantId: 1 }]); // at once, as without Redis
      await b.hears(1);
      // B's event reaches A after A's own copy of event 1 would have (one connection, in order)
      b.bus.emit('vendor.won', { merchantId: 2 });
      await a.hears(2);
      expect(a.heard).toEqual([{ merchantId: 1 }, { merchantId: 2 }]);
      expect(b.heard).toEqual([{ merchantId: 1 }, { merchantId: 2 }]);
      expect(elsewhere.heard).toEqual([]);
    } finally {
      await Promise.all([a.bridge.close(), b.bridge.close(), elsewhere.bridge.close()]);
    }
  });
});
