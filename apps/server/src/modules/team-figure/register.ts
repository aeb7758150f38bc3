import { adminTeamFigureEndpoints } from '@bp/contract';
import { jobsFor } from '../../jobs/index.js';
import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { rollUp } from './team-figure.rollup.js';
import { createTeamFigureService } from './team-figure.service.js';

/** Job name of the figures' roll-up (every minute; also run once at boot). */
export const ROLLUP_JOB = 'teamFigure.rollUp';

/**
 * Team figures (issue 15): the roll-up job that keeps the hourly and daily aggregates, and the
 * operators' active-member thresholds. Readers use the functions of this module's index.
 */
export const registerTeamFigure: ModuleRegister = (ctx) => {
  const figures = createTeamFigureService({
    db: ctx.db,
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
  });
  jobsFor(ctx).every(ROLLUP_JOB, 60_000, async () => {
    await rollUp(ctx.db);
  });
  ctx.route(adminTeamFigureEndpoints.getSettings, ({ merchant }) => figures.getSettings(merchant));
  ctx.route(adminTeamFigureEndpoints.setSettings, ({ actor, merchant, ip, body }) =>
    figures.updateSettings({ actor, ip }, merchant, body),
  );
};
