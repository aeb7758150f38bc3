import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import type { EventBus } from '../../platform/events.js';
import { createAuditService } from '../audit/audit.service.js';
import { createCatalogueAdmin } from './catalogue.admin.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { createCatalogueService, type CatalogueService } from './catalogue.service.js';

const instances = new WeakMap<EventBus, CatalogueService>();
/** The catalogue of an app instance (one cache per app): the game launch records recent games through it. */
export function catalogueServiceFor(ctx: Pick<ModuleContext, 'db' | 'events' | 'clock'>): CatalogueService {
  let s = instances.get(ctx.events);
  if (!s) {
    s = createCatalogueService({ db: ctx.db, events: ctx.events, clock: ctx.clock });
    instances.set(ctx.events, s);
  }
  return s;
}

/** Game catalogue and lobby: player feeds, favourites, recent games, winners, icons, operator import. */
export const registerCatalogue: ModuleRegister = (ctx) => {
  const audit = createAuditService({ db: ctx.db, clock: ctx.clock });
  const admin = createCatalogueAdmin({ db: ctx.db, audit, events: ctx.events });
  catalogueRoutes(ctx, catalogueServiceFor(ctx), admin);
};
