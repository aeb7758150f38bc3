import { defineService, serviceOf, type ModuleContext } from '../platform/module.js';
import type { Scheduler } from './scheduler.js';

/**
 * The job engine's entry for modules (issue 14): the typed API later settlement runs use.
 *
 * ```ts
 * const jobs = jobsFor(ctx); // or ctx.services.get(jobEngine)
 * jobs.every('agent.salary', 60 * 60_000, async ({ now }) => settleSalaries(now)); // periodic, once across instances
 * const payout = jobs.define<{ period: string }>('agent.dividend', async (_ctx, { period }) => pay(period), {
 *   retryLimit: 5,
 *   retryDelaySeconds: 30,
 * });
 * await payout.send({ period: '2026-11' }, { singletonKey: 'dividend:2026-11' }); // runs once, retried, dead-lettered
 * ```
 *
 * Jobs are registered while the modules register (before `start`); each must be idempotent (its
 * ledger entries keyed by the job and period), since a run cut short is retried.
 */
export const jobEngine = defineService<Scheduler>('jobs', (ctx) => ctx.scheduler);
export const jobsFor = (ctx: ModuleContext) => serviceOf(jobEngine, ctx);

export {
  PROBE_JOB,
  cronEvery,
  type DeadLetter,
  type JobContext,
  type JobHandle,
  type JobInfo,
  type Lease,
  type RetryPolicy,
  type Scheduler as JobEngine,
  type SendOptions,
} from './scheduler.js';
