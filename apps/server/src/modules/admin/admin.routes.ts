import { adminGameAnnouncementEndpoints as ga, adminSiteEndpoints as e } from '@bp/contract';
import type { OperatorActor } from '../../platform/context.js';
import type { ModuleContext } from '../../platform/module.js';
import type { AdminService } from './admin.service.js';

/** Who is acting and from where: every write's audit row carries both. */
const who = (c: { actor: OperatorActor; ip: string }) => ({ actor: c.actor, ip: c.ip });

export function adminRoutes(ctx: ModuleContext, admin: AdminService) {
  ctx.route(e.getMaintenance, ({ actor }) => admin.getMaintenance(actor));
  ctx.route(e.setMaintenance, (c) => admin.setMaintenance(who(c), c.body));

  ctx.route(e.getWhitelabel, ({ actor }) => admin.getWhitelabel(actor));
  ctx.route(e.setModule, (c) => admin.setModule(who(c), c.params.modId, c.body.enabled));

  const { regionRules, banners, notices, popups, gameAnnouncements } = admin;
  ctx.route(e.regionRules.list, ({ actor }) => regionRules.list(actor));
  ctx.route(e.regionRules.create, (c) => regionRules.create(who(c), c.body));
  ctx.route(e.regionRules.update, (c) => regionRules.update(who(c), c.params.id, c.body));
  ctx.route(e.regionRules.remove, (c) => regionRules.remove(who(c), c.params.id));

  ctx.route(e.banners.list, ({ actor }) => banners.list(actor));
  ctx.route(e.banners.create, (c) => banners.create(who(c), c.body));
  ctx.route(e.banners.update, (c) => banners.update(who(c), c.params.id, c.body));
  ctx.route(e.banners.remove, (c) => banners.remove(who(c), c.params.id));

  ctx.route(e.notices.list, ({ actor }) => notices.list(actor));
  ctx.route(e.notices.create, (c) => notices.create(who(c), c.body));
  ctx.route(e.notices.update, (c) => notices.update(who(c), c.params.id, c.body));
  ctx.route(e.notices.remove, (c) => notices.remove(who(c), c.params.id));

  ctx.route(e.popups.list, ({ actor }) => popups.list(actor));
  ctx.route(e.popups.create, (c) => popups.create(who(c), c.body));
  ctx.route(e.popups.update, (c) => popups.update(who(c), c.params.id, c.body));
  ctx.route(e.popups.remove, (c) => popups.remove(who(c), c.params.id));
  ctx.route(ga.list, ({ actor }) => gameAnnouncements.list(actor));
  ctx.route(ga.create, (c) => gameAnnouncements.create(who(c), c.body));
  ctx.route(ga.update, (c) => gameAnnouncements.update(who(c), c.params.id, c.body));
  ctx.route(ga.remove, (c) => gameAnnouncements.remove(who(c), c.params.id));
}
