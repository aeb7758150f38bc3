import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginEmailCode, memberTotp } from '../../db/schema/index.js';

export type TotpRow = typeof memberTotp.$inferSelect;
export type EmailCodeRow = typeof loginEmailCode.$inferSelect;

export const twoFactorRepo = {
  /** Drops login e-mail codes that expired before `before`. */
  async purgeExpired(db: Executor, before: Date): Promise<void> {
    await db.delete(loginEmailCode).where(lt(loginEmailCode.expiresAt, before));
  },
  /** The member's TOTP state row, created empty when missing, locked for the caller's transaction. */
  async lockTotp(db: Executor, merchantId: number, memberId: number, now: Date): Promise<TotpRow> {
    await db.insert(memberTotp).values({ memberId, merchantId, updatedAt: now }).onConflictDoNothing();
    const [r] = await db
      .select()
      .from(memberTotp)
      .where(and(eq(memberTotp.memberId, memberId), eq(memberTotp.merchantId, merchantId)))
      .for('update');
    return r!;
  },
  async updateTotp(
    db: Executor,
    memberId: number,
    set: Partial<typeof memberTotp.$inferInsert>,
  ): Promise<void> {
    await db.update(memberTotp).set(set).where(eq(memberTotp.memberId, memberId));
  },
  async insertEmailCode(db: Executor, row: typeof loginEmailCode.$inferInsert): Promise<void> {
    await db.insert(loginEmailCode).values(row);
  },
  async lockLatestEmailCode(db: Executor, pendingId: number, now: Date): Promise<EmailCodeRow | undefined> {
    const [r] = await db
      .select()
      .from(loginEmailCode)
      .where(
        and(
          eq(loginEmailCode.pendingId, pendingId),
          isNull(loginEmailCode.usedAt),
          gt(loginEmailCode.expiresAt, now),
        ),
      )
      .orderBy(desc(loginEmailCode.createdAt), desc(loginEmailCode.id))
      .limit(1)
      .for('update');
    return r;
  },
  async useEmailCode(db: Executor, id: number, now: Date): Promise<void> {
    await db.update(loginEmailCode).set({ usedAt: now }).where(eq(loginEmailCode.id, id));
  },
};
