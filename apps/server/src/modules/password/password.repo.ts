import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordReset } from '../../db/schema/index.js';

export type ResetRow = typeof passwordReset.$inferSelect;

export const passwordRepo = {
  /** Drops reset tokens (used or not) that expired before `before`. */
  async purgeExpired(db: Executor, before: Date): Promise<void> {
    await db.delete(passwordReset).where(lt(passwordReset.expiresAt, before));
  },
  async insertReset(db: Executor, row: typeof passwordReset.$inferInsert): Promise<number> {
    const [r] = await db.insert(passwordReset).values(row).returning({ id: passwordReset.id });
    return r!.id;
  },
  /** A newer request replaces the older ones: only the newest mail works. */
  async retireResets(db: Executor, memberId: number, now: Date): Promise<void> {
    await db
      .update(passwordReset)
      .set({ usedAt: now })
      .where(and(eq(passwordReset.memberId, memberId), isNull(passwordReset.usedAt)));
  },
  async lockByTokenHash(db: Executor, merchantId: number, tokenHash: string): Promise<ResetRow | undefined> {
    const [r] = await db
      .select()
      .from(passwordReset)
      .where(and(eq(passwordReset.merchantId, merchantId), eq(passwordReset.tokenHash, tokenHash)))
      .for('update');
    return r;
  },
  async lockLatestLive(
    db: Executor,
    merchantId: number,
    memberId: number,
    now: Date,
  ): Promise<ResetRow | undefined> {
    const [r] = await db
      .select()
      .from(passwordReset)
      .where(
        and(
          eq(passwordReset.merchantId, merchantId),
          eq(passwordReset.memberId, memberId),
          isNull(passwordReset.usedAt),
          gt(passwordReset.expiresAt, now),
        ),
      )
      .orderBy(desc(passwordReset.createdAt), desc(passwordReset.id))
      .limit(1)
      .for('update');
    return r;
  },
  async addAttempt(db: Executor, id: number): Promise<void> {
    await db
      .update(passwordReset)
      .set({ attempts: sql`${passwordReset.attempts} + 1` })
      .where(eq(passwordReset.id, id));
  },
  async markUsed(db: Executor, id: number, now: Date): Promise<void> {
    await db.update(passwordReset).set({ usedAt: now }).where(eq(passwordReset.id, id));
  },
};
