import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { createCatalogueAdmin } from './catalogue.admin.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { createCatalogueService, type CatalogueService } from './catalogue.service.js';

/** The catalogue of an app instance (one cache per app): the game launch records recent games through it. */
export const catalogueService = defineService(
  'catalogue',
  (ctx: Pick<ModuleContext, 'db' | 'database' | 'events' | 'clock'>): CatalogueService =>
    createCatalogueService({ db: ctx.db, events: ctx.events, clock: ctx.clock }),
);
export const catalogueServiceFor = (ctx: Pick<ModuleContext, 'db' | 'database' | 'events' | 'clock'>) =>
  serviceOf(catalogueService, ctx);

/** Game catalogue and lobby: player feeds, favourites, recent games, winners, icons, operator import. */
export const registerCatalogue: ModuleRegister = (ctx) => {
  const audit = createAuditService({ db: ctx.db, clock: ctx.clock });
  const admin = createCatalogueAdmin({ db: ctx.db, audit, events: ctx.events });
  catalogueRoutes(ctx, catalogueServiceFor(ctx), admin);
};
