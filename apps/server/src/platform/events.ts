import { EventEmitter } from 'node:events';

/** In-process domain events. Cross-instance fan-out (LISTEN/NOTIFY or Redis) subscribes here later. */
export interface DomainEvents {
  'merchant.changed': { merchantId: number };
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
