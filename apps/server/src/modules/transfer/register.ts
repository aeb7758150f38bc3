import { adminTransferEndpoints, transferEndpoints } from '@bp/contract';
import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { memberServiceFor } from '../member/index.js';
import { messageServiceFor } from '../message/index.js';
import { throttleFor } from '../../platform/throttle.js';
import { createTransferService } from './transfer.service.js';

/** Transfers between people: member -> direct upline, agent -> direct downline; operator limits. */
export const registerTransfer: ModuleRegister = (ctx) => {
  const transfers = createTransferService({
    db: ctx.db,
    ledger: ledgerServiceFor(ctx),
    members: memberServiceFor(ctx),
    messages: messageServiceFor(ctx),
    throttle: throttleFor(ctx),
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    events: ctx.events,
    clock: ctx.clock,
  });
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
