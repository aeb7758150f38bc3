import { pointsEndpoints } from '@bp/contract';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createPointsService, type PointsService } from './points.service.js';

/** The one points service of an app instance. */
export const pointsService = defineService(
  'points',
  (ctx: Pick<ModuleContext, 'db' | 'events'>): PointsService => createPointsService({ db: ctx.db }),
);
export const pointsServiceFor = (ctx: Pick<ModuleContext, 'db' | 'events'>) => serviceOf(pointsService, ctx);

/** Member points (issue 16): the balance and history calls; promotions post into it. */
export const registerPoints: ModuleRegister = (ctx) => {
  const points = pointsServiceFor(ctx);
  for (const e of [pointsEndpoints.balance, pointsEndpoints.balanceA]) {
    ctx.route(e, ({ actor }) => points.balanceOf(actor));
  }
  ctx.route(pointsEndpoints.history, ({ actor, merchant, language, query }) =>
    points.history(actor, language.toUpperCase(), merchant.defaultLanguage.toUpperCase(), query),
  );
};
