import { accountRecordEndpoints as e } from '@bp/contract';
import type { ModuleRegister } from '../../platform/module.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { createAccountRecordService } from './account-record.service.js';

/** The member's reports: account record (MEMTRANS3), personal profit and loss, bonus details. */
export const registerAccountRecord: ModuleRegister = (ctx) => {
  const reports = createAccountRecordService({ db: ctx.db, ledger: ledgerServiceFor(ctx), clock: ctx.clock });
  ctx.route(e.records, ({ actor, merchant, query }) => reports.records(actor, merchant, query));
  ctx.route(e.profit, ({ actor, merchant, query }) => reports.profit(actor, merchant, query));
  ctx.route(e.bonus, ({ actor, merchant, query }) => reports.bonusDetails(actor, merchant, query));
};
