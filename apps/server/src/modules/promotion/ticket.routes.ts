import { adminTicketEndpoints, ticketEndpoints } from '@bp/contract';
import { defineService, serviceOf, type ModuleContext } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { memberServiceFor } from '../member/index.js';
import { pointsServiceFor } from '../points/index.js';
import type { PromotionService } from './promotion.service.js';
import { createTicketService, type TicketService } from './ticket.service.js';

type Ctx = Pick<ModuleContext, 'db' | 'clock' | 'events'>;

/** The one ticket service of an app instance, wired to the instance's promotion service. */
const ticketService = defineService(
  'promotion.ticket',
  (ctx: Ctx & { promotions: PromotionService }): TicketService =>
    createTicketService({
      db: ctx.db,
      ledger: ledgerServiceFor(ctx),
      members: memberServiceFor(ctx),
      audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
      events: ctx.events,
      clock: ctx.clock,
      promotions: ctx.promotions,
      points: pointsServiceFor(ctx),
    }),
);

/** Tickets (issue 16): the TICKET reward kind, the member's ticket calls and the operator's. */
export function registerTickets(ctx: ModuleContext, promotions: PromotionService) {
  const tickets = serviceOf(ticketService, { db: ctx.db, clock: ctx.clock, events: ctx.events, promotions });

  ctx.route(ticketEndpoints.list, ({ actor, merchant, language, query }) =>
    tickets.list(actor, merchant, language, query),
  );
  ctx.route(ticketEndpoints.claim, ({ actor, merchant, language, body }) =>
    tickets.claim(actor, merchant, language, body),
  );
  ctx.route(ticketEndpoints.cancel, ({ actor, merchant, language, body }) =>
    tickets.cancel(actor, merchant, language, body.transactionId),
  );
  ctx.route(ticketEndpoints.issued, ({ actor, merchant, language }) =>
    tickets.issuedList(actor, merchant, language),
  );
  ctx.route(ticketEndpoints.claimIssued, ({ actor, merchant, body }) =>
    tickets.claimIssued(actor, merchant, body.claimId),
  );
  ctx.route(ticketEndpoints.globalConfig, ({ actor, merchant }) => tickets.globalConfig(actor, merchant));

  ctx.route(adminTicketEndpoints.list, ({ actor, merchant, query }) =>
    tickets.adminList(actor, merchant, query),
  );
  ctx.route(adminTicketEndpoints.grant, ({ actor, merchant, body, ip }) =>
    tickets.adminGrant({ actor, ip }, merchant, body),
  );
  ctx.route(adminTicketEndpoints.issue, ({ actor, merchant, params, body, ip }) =>
    tickets.adminIssue({ actor, ip }, merchant, params.id, body),
  );
}
