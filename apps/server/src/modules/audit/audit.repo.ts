import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  merchantId: number;
  action?: string;
  from?: Date;
  to?: Date;
}

function where(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [eq(auditLog.merchantId, f.merchantId)];
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.from) parts.push(gte(auditLog.createdAt, f.from));
  if (f.to) parts.push(lt(auditLog.createdAt, f.to));
  return and(...parts);
}

export const auditRepo = {
  async insert(db: Executor, row: NewAuditRow): Promise<number> {
    const [r] = await db.insert(auditLog).values(row).returning({ id: auditLog.id });
    return r!.id;
  },
  list(db: Executor, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
    return db
      .select()
      .from(auditLog)
      .where(where(f))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
  },
  async count(db: Executor, f: AuditFilter): Promise<number> {
    const [r] = await db.select({ n: count() }).from(auditLog).where(where(f));
    return Number(r?.n ?? 0);
  },
};
