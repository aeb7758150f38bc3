import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import type { EventBus } from '../../platform/events.js';
import { createSystemService, type SystemService } from './system.service.js';
import { systemRoutes } from './system.routes.js';

const instances = new WeakMap<EventBus, SystemService>();

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

export const registerSystem: ModuleRegister = (ctx) => {
  systemRoutes(ctx, systemServiceFor(ctx));
};
