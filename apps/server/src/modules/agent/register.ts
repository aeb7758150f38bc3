import { adminAgentEndpoints as admin, agentEndpoints as e } from '@bp/contract';
import type { FastifyRequest } from 'fastify';
import type { OperatorActor } from '../../platform/context.js';
import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { memberServiceFor } from '../member/index.js';
import { registrationServiceFor } from '../registration/index.js';
import { transferServiceFor } from '../transfer/index.js';
import { createAgentAnnouncementService } from './agent-announcement.service.js';
import { createAgentService, type AgentRequestMeta } from './agent.service.js';

function metaOf(req: FastifyRequest): AgentRequestMeta {
  const ua = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null,
    language: req.language,
    host: req.hostname,
    origin: `${req.protocol}://${req.host}`,
  };
}
const who = (c: { actor: OperatorActor; ip: string }) => ({ actor: c.actor, ip: c.ip });

/** The agent's team calls (API-REFERENCE 3.9 legacy agent) and the operator's agent settings and announcements. */
export const registerAgent: ModuleRegister = (ctx) => {
  const audit = createAuditService({ db: ctx.db, clock: ctx.clock });
  const agents = createAgentService({
    db: ctx.db,
    clock: ctx.clock,
    members: memberServiceFor(ctx),
    registration: registrationServiceFor(ctx),
    transfers: transferServiceFor(ctx),
    audit,
  });
  const announcements = createAgentAnnouncementService({ db: ctx.db, clock: ctx.clock, audit });

  ctx.route(e.downlines, ({ actor, merchant, query }) => agents.downlines(actor, merchant, query));
  ctx.route(e.createDownline, ({ actor, merchant, body, req }) =>
    agents.createDownline(actor, merchant, body, metaOf(req)),
  );
  ctx.route(e.promote, ({ actor, merchant, body, req }) =>
    agents.promote(actor, merchant, body, metaOf(req)),
  );
  ctx.route(e.affiliateUrls, ({ actor, merchant, req }) =>
    agents.affiliateUrls(actor, merchant, metaOf(req)),
  );
  ctx.route(e.createAffiliateUrl, ({ actor, merchant, body, req }) =>
    agents.createAffiliateUrl(actor, merchant, body, metaOf(req)),
  );
  ctx.route(e.deleteAffiliateUrl, ({ actor, merchant, query }) =>
    agents.deleteAffiliateUrl(actor, merchant, query.affiUrlId),
  );
  ctx.route(e.registeredAffiliates, ({ actor, merchant, query }) =>
    agents.registeredAffiliates(actor, merchant, query),
  );
  ctx.route(e.transferEnabled, ({ actor, merchant }) => agents.transferEnabled(actor, merchant));
  ctx.route(e.announcements, ({ merchant, query }) => announcements.listLive(merchant, query));

  ctx.route(admin.getSettings, ({ actor }) => agents.getSettings(actor));
  ctx.route(admin.setSettings, (c) => agents.updateSettings(who(c), c.body));
  const a = admin.announcements;
  ctx.route(a.list, ({ actor }) => announcements.list(actor));
  ctx.route(a.create, (c) => announcements.create(who(c), c.body));
  ctx.route(a.update, (c) => announcements.update(who(c), c.params.id, c.body));
  ctx.route(a.remove, (c) => announcements.remove(who(c), c.params.id));
};
