import { adminJobEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import type { AuditService } from '../audit/index.js';

/**
 * The job engine for operators (issue 14): every job's schedule, run counts and last error, the dead
 * letters, and a run queued on demand (audited). Jobs belong to the installation: owners only.
 */
export function jobsRoutes(ctx: ModuleContext, audit: AuditService) {
  // the contract's `permission: 'owner'` is enforced by the route layer before these run
  ctx.route(e.list, () => ctx.scheduler.state());

  ctx.route(e.run, async ({ actor, ip, params }) => {
    if (!ctx.scheduler.has(params.name)) throw new AppError('not_found');
    await audit.record(
      ctx.db,
      { actor, ip },
      { action: 'job.run', entityType: 'job', entityId: params.name },
    );
    // an instance whose engine does not poll (a process that only serves, the tests) runs it itself
    if (!ctx.scheduler.started()) {
      await ctx.scheduler.runNow(params.name);
      return { jobId: null };
    }
    return { jobId: await ctx.scheduler.send(params.name) };
  });
}
