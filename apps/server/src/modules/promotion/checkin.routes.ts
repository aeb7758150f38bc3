import { adminMissionEndpoints, checkinEndpoints } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { CheckinService } from './checkin.service.js';

/** The daily check-in's calls (player relays and the operator's day amounts). */
export function checkinRoutes(ctx: ModuleContext, checkin: CheckinService) {
  ctx.route(checkinEndpoints.calendar, ({ actor, merchant, language, query }) =>
    checkin.calendar(actor, merchant, language, query),
  );
  ctx.route(checkinEndpoints.claim, ({ actor, merchant, language, body, ip }) =>
    checkin.claim(actor, merchant, language, body, ip),
  );
  ctx.route(checkinEndpoints.heartbeat, ({ actor, merchant }) => checkin.heartbeat(actor, merchant));
  ctx.route(adminMissionEndpoints.checkinDays, ({ actor, merchant, params, body, ip }) =>
    checkin.adminSetDays({ actor, ip }, merchant, params.id, body.dayAmounts),
  );
}
