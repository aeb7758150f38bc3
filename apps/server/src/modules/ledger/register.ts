import type { EventBus } from '../../platform/events.js';
import type { ModuleContext } from '../../platform/module.js';
import { createLedgerService, type LedgerService } from './ledger.service.js';

const instances = new WeakMap<EventBus, LedgerService>();

/** The one ledger of an app instance: nothing else writes balances. */
export function ledgerServiceFor(ctx: Pick<ModuleContext, 'db' | 'events'>): LedgerService {
  let s = instances.get(ctx.events);
  if (!s) {
    s = createLedgerService({ db: ctx.db });
    instances.set(ctx.events, s);
  }
  return s;
}
