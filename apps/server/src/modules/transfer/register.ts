import { adminTransferEndpoints, transferEndpoints } from '@bp/contract';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { memberServiceFor } from '../member/index.js';
import { messageServiceFor } from '../message/index.js';
import { throttleFor } from '../../platform/throttle.js';
import { assertNoPayoutOwed } from '../agent-contract/index.js';
import { createTransferService, type TransferService } from './transfer.service.js';

/** The one transfer service of an app instance: its routes and the agent centre (transferEnabled) use it. */
export const transferService = defineService('transfer', (ctx: ModuleContext): TransferService =>
  createTransferService({
    db: ctx.db,
    ledger: ledgerServiceFor(ctx),
    members: memberServiceFor(ctx),
    messages: messageServiceFor(ctx),
    throttle: throttleFor(ctx),
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    events: ctx.events,
    clock: ctx.clock,
    assertNoPayoutOwed,
  }),
);
export const transferServiceFor = (ctx: ModuleContext) => serviceOf(transferService, ctx);

/** Transfers between people: member -> direct upline, agent -> direct downline; operator limits. */
export const registerTransfer: ModuleRegister = (ctx) => {
  const transfers = transferServiceFor(ctx);
  const meta = (ip: string, ua: string | undefined) => ({ ip, userAgent: ua ?? null });
  ctx.route(transferEndpoints.info, ({ actor, merchant }) => transfers.info(actor, merchant));
  ctx.route(transferEndpoints.upline, ({ actor, merchant, body, ip, req }) =>
    transfers.toUpline(actor, merchant, body, meta(ip, req.headers['user-agent'])),
  );
  ctx.route(transferEndpoints.downline, ({ actor, merchant, body, ip, req }) =>
    transfers.toDownline(actor, merchant, body, meta(ip, req.headers['user-agent'])),
  );
  ctx.route(adminTransferEndpoints.getSettings, ({ actor, merchant }) =>
    transfers.getSettings(actor, merchant),
  );
  ctx.route(adminTransferEndpoints.setSettings, ({ actor, merchant, ip, body }) =>
    transfers.updateSettings({ actor, ip }, merchant, body),
  );
};
