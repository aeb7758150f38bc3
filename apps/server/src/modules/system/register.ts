import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createSystemService, type SystemService } from './system.service.js';
import { systemRoutes } from './system.routes.js';
import { createGameAnnouncementService, type GameAnnouncementService } from './game-announcement.service.js';

type SystemCtx = Pick<ModuleContext, 'db' | 'clock' | 'merchants' | 'events'>;
type AnnouncementCtx = Pick<ModuleContext, 'db' | 'clock' | 'events'>;

/**
 * The one system service of an app instance, shared by every module that needs it (the operator
 * module changes maintenance, region rules, switches and content through it), so there is one cache.
 */
export const systemService = defineService('system', (ctx: SystemCtx): SystemService =>
  createSystemService({ db: ctx.db, clock: ctx.clock, merchants: ctx.merchants, events: ctx.events }),
);
export const systemServiceFor = (ctx: SystemCtx) => serviceOf(systemService, ctx);

/** Likewise one game-announcement service (and cache) per app instance: public read and operator writes. */
export const gameAnnouncementService = defineService(
  'gameAnnouncement',
  (ctx: AnnouncementCtx): GameAnnouncementService =>
    createGameAnnouncementService({ db: ctx.db, clock: ctx.clock, events: ctx.events }),
);
export const gameAnnouncementServiceFor = (ctx: AnnouncementCtx) => serviceOf(gameAnnouncementService, ctx);

export const registerSystem: ModuleRegister = (ctx) => {
  systemRoutes(ctx, systemServiceFor(ctx), gameAnnouncementServiceFor(ctx));
};
