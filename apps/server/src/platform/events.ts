import { EventEmitter } from 'node:events';

/** In-process domain events. Cross-instance fan-out (LISTEN/NOTIFY or Redis) subscribes here later. */
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
}

export function createEventBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
      emitter.emit(name, payload);
    },
    on<K extends keyof DomainEvents>(name: K, fn: (payload: DomainEvents[K]) => void) {
      emitter.on(name, fn);
      return () => emitter.off(name, fn);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
