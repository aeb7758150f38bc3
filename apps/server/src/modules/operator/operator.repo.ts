import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { merchant, operator, operatorSession } from '../../db/schema/index.js';

export type OperatorRow = typeof operator.$inferSelect;
export type NewOperatorRow = typeof operator.$inferInsert;
export type NewSessionRow = typeof operatorSession.$inferInsert;

export const operatorRepo = {
  async findByUsername(db: Executor, merchantId: number, username: string): Promise<OperatorRow | undefined> {
    const [row] = await db
      .select()
      .from(operator)
      .where(and(eq(operator.merchantId, merchantId), sql`lower(${operator.username}) = lower(${username})`))
      .limit(1);
    return row;
  },
  /** Row lock: failure counting and the lock check at login happen under it. */
  async lockById(db: Executor, id: number): Promise<OperatorRow | undefined> {
    const [row] = await db.select().from(operator).where(eq(operator.id, id)).for('update');
    return row;
  },
  /**
   * Counts a login attempt against the account before its password is checked, in one guarded
   * statement (so parallel attempts cannot all pass a read-then-count): a lock that ran out starts the
   * count afresh. Answers the attempt's number, or undefined when the account is locked or its
   * remaining tries are all in use.
   */
  async claimLoginAttempt(db: Executor, id: number, now: Date, max: number): Promise<number | undefined> {
    const lockOver = lte(operator.lockedUntil, now);
    const [row] = await db
      .update(operator)
      .set({
        failedAttempts: sql`case when ${lockOver} then 1 else ${operator.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${lockOver} then null else ${operator.lockedUntil} end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(operator.id, id),
          or(lockOver, and(isNull(operator.lockedUntil), lt(operator.failedAttempts, max))),
        ),
      )
      .returning({ attempt: operator.failedAttempts });
    return row?.attempt;
  },
  /** Gives a claimed attempt back: it was no wrong password. */
  async releaseLoginAttempt(db: Executor, id: number, now: Date): Promise<void> {
    await db
      .update(operator)
      .set({ failedAttempts: sql`greatest(${operator.failedAttempts} - 1, 0)`, updatedAt: now })
      .where(eq(operator.id, id));
  },
  async setLockState(
    db: Executor,
    id: number,
    s: { failedAttempts: number; lockedUntil: Date | null },
    now: Date,
  ): Promise<void> {
    await db
      .update(operator)
      .set({ failedAttempts: s.failedAttempts, lockedUntil: s.lockedUntil, updatedAt: now })
      .where(eq(operator.id, id));
  },
  async recordLogin(db: Executor, id: number, now: Date): Promise<void> {
    await db
      .update(operator)
      .set({ failedAttempts: 0, lockedUntil: null, lastLoginAt: now, updatedAt: now })
      .where(eq(operator.id, id));
  },
  async insert(db: Executor, row: NewOperatorRow): Promise<OperatorRow> {
    const [created] = await db.insert(operator).values(row).returning();
    return created!;
  },
  async insertSession(db: Executor, row: NewSessionRow): Promise<number> {
    const [s] = await db.insert(operatorSession).values(row).returning({ id: operatorSession.id });
    return s!.id;
  },
  async findSessionByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({
        sessionId: operatorSession.id,
        lastSeenAt: operatorSession.lastSeenAt,
        expiresAt: operatorSession.expiresAt,
        maxExpiresAt: operatorSession.maxExpiresAt,
        revokedAt: operatorSession.revokedAt,
        operatorId: operator.id,
        merchantId: operator.merchantId,
        username: operator.username,
        role: operator.role,
        active: operator.active,
        merchantActive: merchant.active,
      })
      .from(operatorSession)
      .innerJoin(operator, eq(operator.id, operatorSession.operatorId))
      .innerJoin(merchant, eq(merchant.id, operator.merchantId))
      .where(eq(operatorSession.tokenHash, tokenHash))
      .limit(1);
    return row;
  },
  async touchSession(db: Executor, id: number, t: { lastSeenAt: Date; expiresAt: Date }): Promise<void> {
    await db.update(operatorSession).set(t).where(eq(operatorSession.id, id));
  },
  /** True when this call revoked it (not already revoked). */
  async revokeSession(db: Executor, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(operatorSession)
      .set({ revokedAt: now })
      .where(and(eq(operatorSession.id, id), sql`${operatorSession.revokedAt} is null`))
      .returning({ id: operatorSession.id });
    return rows.length > 0;
  },
};
