import { EventEmitter } from 'node:events';

/**
 * Domain events, emitted after the change they tell of is committed. In-process by default; with
 * REDIS_URL the bus is bridged (`event-bridge.ts`) so every instance hears every event once. Payloads
 * must survive JSON for that: numbers, strings, plain objects.
 */
export interface DomainEvents {
  'merchant.changed': { merchantId: number };
  /** a member's balances changed (after commit): real-time pushes refresh the header balance */
  'wallet.changed': { merchantId: number; memberId: number };
  /** a vendor paid a player a win (after commit): the merchant's winner board has changed */
  'vendor.won': { merchantId: number };
  /** something the member should be told about (deposit/withdrawal outcomes, ...) */
  'member.notice': { merchantId: number; memberId: number; kind: string; data: Record<string, unknown> };
  /** the game catalogue or a merchant's lobby settings changed (merchantId null: every merchant) */
  'catalogue.changed': { merchantId: number | null };
  /**
   * Member sessions ended (logout, password change or reset, block, replaced by a newer login): open
   * real-time sockets of those sessions are closed. `sessionIds` absent: every session of the member.
   */
  'session.ended': { merchantId: number; memberId: number; sessionIds?: number[]; reason: string };
}

export type EventName = keyof DomainEvents;
/** One event as it travels between instances. */
export type EventEnvelope = { [K in EventName]: { name: K; payload: DomainEvents[K] } }[EventName];

export function createEventBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  let forward: ((e: EventEnvelope) => void) | undefined;
  return {
    emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
      // handed on first: a local listener that throws must not keep the event from the other instances
      forward?.({ name, payload } as EventEnvelope);
      emitter.emit(name, payload);
    },
    on<K extends keyof DomainEvents>(name: K, fn: (payload: DomainEvents[K]) => void) {
      emitter.on(name, fn);
      return () => emitter.off(name, fn);
    },
    /**
     * Joins the bus to a transport between instances: every local emit is also handed to `send`; the
     * returned function delivers an event that came from another instance to local listeners only.
     */
    connect(send: (e: EventEnvelope) => void): (e: EventEnvelope) => void {
      forward = send;
      return (e) => emitter.emit(e.name, e.payload);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
