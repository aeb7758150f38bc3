import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import type { EventBus } from '../../platform/events.js';
import { createSystemService, type SystemService } from './system.service.js';
import { systemRoutes } from './system.routes.js';
import { createGameAnnouncementService, type GameAnnouncementService } from './game-announcement.service.js';

const instances = new WeakMap<EventBus, SystemService>();
const gameAnnouncementInstances = new WeakMap<EventBus, GameAnnouncementService>();

/**
 * The one system service of an app instance, shared by every module that needs it (the operator
 * module changes maintenance, region rules, switches and content through it), so there is one cache.
 */
export function systemServiceFor(
  ctx: Pick<ModuleContext, 'db' | 'clock' | 'merchants' | 'events'>,
): SystemService {
  let s = instances.get(ctx.events);
  if (!s) {
    s = createSystemService({ db: ctx.db, clock: ctx.clock, merchants: ctx.merchants, events: ctx.events });
    instances.set(ctx.events, s);
  }
  return s;
}

/** Likewise one game-announcement service (and cache) per app instance: public read and operator writes. */
export function gameAnnouncementServiceFor(
  ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>,
): GameAnnouncementService {
  let s = gameAnnouncementInstances.get(ctx.events);
  if (!s) {
    s = createGameAnnouncementService({ db: ctx.db, clock: ctx.clock, events: ctx.events });
    gameAnnouncementInstances.set(ctx.events, s);
  }
  return s;
}

export const registerSystem: ModuleRegister = (ctx) => {
  systemRoutes(ctx, systemServiceFor(ctx), gameAnnouncementServiceFor(ctx));
};
