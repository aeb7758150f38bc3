import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { memberServiceFor } from '../member/index.js';
import { messageServiceFor } from '../message/index.js';
import { throttleFor } from '../../platform/throttle.js';
import { createTurnoverService, type TurnoverService } from './turnover.service.js';
import { createWithdrawAdmin } from './withdraw.admin.js';
import { createReceiptService } from './withdraw.receipt.js';
import { createWithdrawService } from './withdraw.service.js';
import { withdrawRoutes } from './withdraw.routes.js';
import { jobsFor } from '../../jobs/index.js';
import { assertNoPayoutOwed } from '../agent-contract/index.js';

/**
 * Turnover requirements for other modules: the bonus/promotion module adds one (`add`, in its own
 * transaction) when it grants a bonus with a wagering condition.
 */
export const turnoverService = defineService(
  'turnover',
  (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>): TurnoverService =>
    createTurnoverService({ db: ctx.db, clock: ctx.clock }),
);
export const turnoverServiceFor = (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>) =>
  serviceOf(turnoverService, ctx);

/** Withdrawals: settings, bank accounts, requests, operator decisions and receipt confirmation. */
export const registerWithdraw: ModuleRegister = (ctx) => {
  const ledger = ledgerServiceFor(ctx);
  const messages = messageServiceFor(ctx);
  const withdraws = createWithdrawService({
    db: ctx.db,
    clock: ctx.clock,
    ledger,
    members: memberServiceFor(ctx),
    throttle: throttleFor(ctx),
    turnover: turnoverServiceFor(ctx),
    events: ctx.events,
    assertNoPayoutOwed,
  });
  const receipts = createReceiptService({ db: ctx.db, clock: ctx.clock, merchants: ctx.merchants, messages });
  const admin = createWithdrawAdmin({
    db: ctx.db,
    clock: ctx.clock,
    ledger,
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    messages,
    events: ctx.events,
  });

  withdrawRoutes(ctx, { withdraws, receipts, admin });

  jobsFor(ctx).every('withdraw.autoReceive', 60_000, async ({ now }) => {
    await receipts.autoReceive(now);
  });
};
