import type { TAuditEntry, TAuditLogQuery } from '@bp/contract';
import { ZAuditLogQuery } from '@bp/contract';
import { assertCan } from '../operator/index.js';
import type { Db, Executor } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import { auditRepo, type AuditRow } from './audit.repo.js';

export interface AuditEntryInput {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Who did it and from where; the operator actor of the request. */
export interface AuditWho {
  actor: OperatorActor;
  ip: string | null;
}

/** Plain JSON for jsonb: dates become ISO strings, bigints exact strings, undefined becomes null. */
export function toAuditJson(v: unknown): unknown {
  if (v === undefined) return null;
  return JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'null');
}

/** ISO date-time, or a plain date taken as midnight UTC. */
export function parseQueryDate(s: string | undefined): Date | undefined {
  if (!s) return undefined;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s);
}

function toEntry(r: AuditRow): TAuditEntry {
  return {
    id: r.id,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    operatorId: r.operatorId,
    operatorUsername: r.operatorUsername,
    before: r.before,
    after: r.after,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * The audit log of operator changes. `record` takes the executor of the change so the row commits
 * or rolls back together with it.
 */
export function createAuditService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async record(ex: Executor, who: AuditWho, e: AuditEntryInput): Promise<number> {
      return auditRepo.insert(ex, {
        merchantId: who.actor.merchantId,
        operatorId: who.actor.operatorId,
        operatorUsername: who.actor.name,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
        before: toAuditJson(e.before),
        after: toAuditJson(e.after),
        ip: who.ip,
        createdAt: clock.now(),
      });
    },

    /**
     * A change a job made by itself (no operator): recorded in the merchant's log with the job's name
     * as who (`job:<name>`) and no operator id or address, in the executor of the change.
     */
    async recordJob(ex: Executor, merchantId: number, job: string, e: AuditEntryInput): Promise<number> {
      return auditRepo.insert(ex, {
        merchantId,
        operatorId: null,
        operatorUsername: `job:${job}`,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
        before: toAuditJson(e.before),
        after: toAuditJson(e.after),
        ip: null,
        createdAt: clock.now(),
      });
    },

    /** Scoped to the actor's merchant; newest first. */
    async list(actor: OperatorActor, query: TAuditLogQuery) {
      assertCan(actor, 'read');
      const q = ZAuditLogQuery.parse(query);
      const filter = {
        merchantId: actor.merchantId,
        action: q.action,
        from: parseQueryDate(q.from),
        to: parseQueryDate(q.to),
      };
      const [rows, totalCount] = await Promise.all([
        auditRepo.list(db, filter, q.pageSize, (q.pageNo - 1) * q.pageSize),
        auditRepo.count(db, filter),
      ]);
      return {
        list: rows.map(toEntry),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / q.pageSize),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
