import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/**
 * The job engine seen by operators (issue 14): every background job of the installation (recovery,
 * reconciliation, auto-receive, later the settlement runs), its schedule, how often it ran and failed,
 * and the dead letters (runs whose last retry failed). Jobs are the installation's, not one
 * merchant's: owners only.
 */
export const ZJobInfo = z.object({
  name: z.string(),
  /** cron (UTC) of a periodic job; null for one-off jobs */
  cron: z.string().nullable(),
  retryLimit: z.number().int(),
  runs: z.number().int(),
  failures: z.number().int(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastSucceededAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** host:pid of the instance that ran it last */
  lastInstance: z.string().nullable(),
  /** runs waiting in the queue; null while this instance's engine is not started */
  queued: z.number().int().nullable(),
});
export type TJobInfo = z.infer<typeof ZJobInfo>;

export const ZDeadLetter = z.object({
  id: z.number().int(),
  name: z.string(),
  jobId: z.string().nullable(),
  data: z.unknown(),
  attempts: z.number().int(),
  error: z.string(),
  instance: z.string().nullable(),
  failedAt: z.string(),
});
export type TDeadLetter = z.infer<typeof ZDeadLetter>;

export const ZJobsState = z.object({
  engine: z.string(),
  /** whether this instance's engine polls (false in a process that only serves) */
  started: z.boolean(),
  jobs: z.array(ZJobInfo),
  /** latest first */
  deadLetters: z.array(ZDeadLetter),
});
export type TJobsState = z.infer<typeof ZJobsState>;

export const ZJobNameParams = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_.-]{1,64}$/),
});

export const ZJobQueued = z.object({
  /** the queued run's id; null when an identical run was already waiting */
  jobId: z.string().nullable(),
});

const tags = ['admin'];

export const adminJobEndpoints = {
  list: defineEndpoint({
    id: 'admin.jobs.list',
    method: 'GET',
    path: '/admin/api/jobs',
    auth: 'operator',
    permission: 'owner',
    response: ZJobsState,
    summary: 'Background jobs: schedules, run counts, last errors and the dead letters',
    tags,
  }),
  run: defineEndpoint({
    id: 'admin.jobs.run',
    method: 'POST',
    path: '/admin/api/jobs/:name/run',
    auth: 'operator',
    permission: 'owner',
    params: ZJobNameParams,
    response: ZJobQueued,
    summary: 'Queue one run of a job now (it runs once, on whichever instance fetches it)',
    tags,
  }),
};
