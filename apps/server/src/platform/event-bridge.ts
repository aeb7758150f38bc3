import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus, EventEnvelope } from './events.js';

export interface EventBridge {
  close(): Promise<void>;
}

/**
 * Carries the event bus between instances over Redis pub/sub. An event is delivered to the emitting
 * instance's listeners at once (as without Redis) and published with this instance's id; every other
 * instance delivers it when it arrives, and the emitter skips its own copy, so each instance hears
 * each event once. Pub/sub is fire-and-forget: an instance that is disconnected at that moment misses
 * the event, which is why listeners such as the real-time channel still re-check on the client's ping.
 */
export async function bridgeEventsOverRedis(
  bus: EventBus,
  opts: { url: string; channel: string; log: FastifyBaseLogger },
): Promise<EventBridge> {
  const instance = randomUUID();
  // a subscribed connection can do nothing else, so publishing needs a second one
  const pub = new Redis(opts.url);
  const sub = new Redis(opts.url);
  for (const [role, conn] of [
    ['publish', pub],
    ['subscribe', sub],
  ] as const) {
    // ioredis reconnects by itself; without a listener an error event would crash the process
    conn.on('error', (err: Error) => opts.log.warn({ err, role }, 'event bridge: redis error'));
  }
  try {
    await sub.subscribe(opts.channel);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw err;
  }

  const deliver = bus.connect((e) => {
    let raw: string;
    try {
      raw = JSON.stringify({ from: instance, name: e.name, payload: e.payload });
    } catch (err) {
      opts.log.error({ err, event: e.name }, 'event bridge: payload is not JSON');
      return;
    }
    pub.publish(opts.channel, raw).catch((err: unknown) => {
      opts.log.warn({ err, event: e.name }, 'event bridge: publish failed');
    });
  });

  sub.on('message', (channel: string, raw: string) => {
    if (channel !== opts.channel) return;
    let msg: { from?: unknown; name?: unknown; payload?: unknown };
    try {
      msg = JSON.parse(raw) as typeof msg;
    } catch {
      opts.log.warn('event bridge: unreadable message dropped');
      return;
    }
    if (msg.from === instance) return;
    if (typeof msg.name !== 'string' || typeof msg.payload !== 'object' || msg.payload === null) {
      opts.log.warn('event bridge: malformed message dropped');
      return;
    }
    try {
      deliver(msg as EventEnvelope);
    } catch (err) {
      opts.log.error({ err, event: msg.name }, 'event bridge: listener failed');
    }
  });

  return {
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
