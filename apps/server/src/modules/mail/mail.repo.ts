import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailRow = typeof mailOutbox.$inferInsert;

export interface MailFilter {
  merchantId: number;
  to?: string;
  kind?: string;
}

function where(f: MailFilter): SQL | undefined {
  const parts: SQL[] = [eq(mailOutbox.merchantId, f.merchantId)];
  if (f.to) parts.push(sql`lower(${mailOutbox.toAddress}) = lower(${f.to})`);
  if (f.kind) parts.push(eq(mailOutbox.kind, f.kind));
  return and(...parts);
}

export const mailRepo = {
  async insert(db: Executor, row: NewMailRow): Promise<number> {
    const [r] = await db.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
    return r!.id;
  },
  list(db: Executor, f: MailFilter, limit: number, offset: number): Promise<MailRow[]> {
    return db
      .select()
      .from(mailOutbox)
      .where(where(f))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset(offset);
  },
  async count(db: Executor, f: MailFilter): Promise<number> {
    const [r] = await db.select({ n: count() }).from(mailOutbox).where(where(f));
    return Number(r?.n ?? 0);
  },
};
