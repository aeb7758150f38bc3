import { defineService, serviceOf, type ModuleContext } from '../../platform/module.js';
import { createLedgerService, type LedgerService } from './ledger.service.js';

/** The one ledger of an app instance: nothing else writes balances. */
export const ledgerService = defineService(
  'ledger',
  (ctx: Pick<ModuleContext, 'db' | 'events'>): LedgerService => createLedgerService({ db: ctx.db }),
);
export const ledgerServiceFor = (ctx: Pick<ModuleContext, 'db' | 'events'>) => serviceOf(ledgerService, ctx);
