import { and, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  authEvent,
  captcha,
  loginPending,
  member,
  memberKnownIp,
  memberSession,
  merchant,
  sliderChallenge,
} from '../../db/schema/index.js';

export type SessionRow = typeof memberSession.$inferSelect;
export type PendingRow = typeof loginPending.$inferSelect;
export type CaptchaRow = typeof captcha.$inferSelect;
export type SliderRow = typeof sliderChallenge.$inferSelect;

export const sessionRepo = {
  async insertSession(db: Executor, row: typeof memberSession.$inferInsert): Promise<number> {
    const [s] = await db.insert(memberSession).values(row).returning({ id: memberSession.id });
    return s!.id;
  },
  /** Revokes every live session of the member except `keepId`; returns the ones it revoked. */
  async revokeOthers(db: Executor, memberId: number, keepId: number | null, now: Date, reason: string) {
    return db
      .update(memberSession)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(memberSession.memberId, memberId),
          isNull(memberSession.revokedAt),
          keepId === null ? sql`true` : ne(memberSession.id, keepId),
        ),
      )
      .returning({ id: memberSession.id, merchantId: memberSession.merchantId });
  },
  async findSessionByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({
        session: memberSession,
        type: member.type,
        status: member.status,
        username: member.username,
        merchantActive: merchant.active,
      })
      .from(memberSession)
      .innerJoin(member, eq(member.id, memberSession.memberId))
      .innerJoin(merchant, eq(merchant.id, memberSession.merchantId))
      .where(eq(memberSession.tokenHash, tokenHash))
      .limit(1);
    return row;
  },
  async touchSession(db: Executor, id: number, t: { lastSeenAt: Date; expiresAt: Date }): Promise<void> {
    await db.update(memberSession).set(t).where(eq(memberSession.id, id));
  },
  /** True when this call revoked it (not already revoked). */
  async revokeSession(db: Executor, id: number, now: Date, reason: string): Promise<boolean> {
    const rows = await db
      .update(memberSession)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(memberSession.id, id), isNull(memberSession.revokedAt)))
      .returning({ id: memberSession.id });
    return rows.length > 0;
  },

  async countKnownIps(db: Executor, memberId: number): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(memberKnownIp)
      .where(eq(memberKnownIp.memberId, memberId));
    return Number(r?.n ?? 0);
  },
  async isKnownIp(db: Executor, memberId: number, ip: string): Promise<boolean> {
    const [r] = await db
      .select({ ip: memberKnownIp.ip })
      .from(memberKnownIp)
      .where(and(eq(memberKnownIp.memberId, memberId), eq(memberKnownIp.ip, ip)))
      .limit(1);
    return r !== undefined;
  },
  async rememberIp(db: Executor, merchantId: number, memberId: number, ip: string, now: Date) {
    await db
      .insert(memberKnownIp)
      .values({ memberId, merchantId, ip, firstSeen: now, lastSeen: now })
      .onConflictDoUpdate({ target: [memberKnownIp.memberId, memberKnownIp.ip], set: { lastSeen: now } });
  },

  async insertPending(db: Executor, row: typeof loginPending.$inferInsert): Promise<number> {
    const [r] = await db.insert(loginPending).values(row).returning({ id: loginPending.id });
    return r!.id;
  },
  async lockPendingByHash(db: Executor, ticketHash: string): Promise<PendingRow | undefined> {
    const [r] = await db
      .select()
      .from(loginPending)
      .where(eq(loginPending.ticketHash, ticketHash))
      .for('update');
    return r;
  },
  async updatePending(db: Executor, id: number, set: Partial<typeof loginPending.$inferInsert>) {
    await db.update(loginPending).set(set).where(eq(loginPending.id, id));
  },

  /**
   * Failed logins (kind login_failed) for a username or an IP since `since`, within the merchant.
   * The login record is the counter, so every instance sees the same count.
   */
  async countFailures(
    db: Executor,
    merchantId: number,
    by: { usernameKey: string } | { ip: string },
    since: Date,
  ): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(authEvent)
      .where(
        and(
          eq(authEvent.merchantId, merchantId),
          'usernameKey' in by ? eq(authEvent.usernameKey, by.usernameKey) : eq(authEvent.ip, by.ip),
          eq(authEvent.kind, 'login_failed'),
          gt(authEvent.createdAt, since),
        ),
      );
    return Number(r?.n ?? 0);
  },
  async countByIp(db: Executor, merchantId: number, ip: string, kind: string, since: Date): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(authEvent)
      .where(
        and(
          eq(authEvent.merchantId, merchantId),
          eq(authEvent.ip, ip),
          eq(authEvent.kind, kind),
          gt(authEvent.createdAt, since),
        ),
      );
    return Number(r?.n ?? 0);
  },
  /** Time of the latest event of a kind for a username (a success or a lockout resets the failure count). */
  async lastEventAt(
    db: Executor,
    merchantId: number,
    by: { usernameKey: string } | { ip: string },
    kinds: string[],
  ): Promise<Date | undefined> {
    // one index probe per kind (merchant, username/ip, kind, created_at desc) rather than a sort
    const latest = await Promise.all(
      kinds.map(async (kind) => {
        const [r] = await db
          .select({ at: authEvent.createdAt })
          .from(authEvent)
          .where(
            and(
              eq(authEvent.merchantId, merchantId),
              'usernameKey' in by ? eq(authEvent.usernameKey, by.usernameKey) : eq(authEvent.ip, by.ip),
              eq(authEvent.kind, kind),
            ),
          )
          .orderBy(desc(authEvent.createdAt))
          .limit(1);
        return r?.at;
      }),
    );
    return latest.reduce<Date | undefined>((a, b) => (b && (!a || b > a) ? b : a), undefined);
  },
  /** Drops captchas, slider challenges and pending logins (with their e-mail codes) that expired before `before`. */
  async purgeExpired(db: Executor, before: Date): Promise<void> {
    await db.delete(captcha).where(lt(captcha.expiresAt, before));
    await db.delete(sliderChallenge).where(lt(sliderChallenge.expiresAt, before));
    await db.delete(loginPending).where(lt(loginPending.expiresAt, before));
  },

  async insertCaptcha(db: Executor, row: typeof captcha.$inferInsert): Promise<void> {
    await db.insert(captcha).values(row);
  },
  async latestCaptcha(db: Executor, merchantId: number, browserId: string): Promise<CaptchaRow | undefined> {
    const [r] = await db
      .select()
      .from(captcha)
      .where(and(eq(captcha.merchantId, merchantId), eq(captcha.browserId, browserId)))
      .orderBy(desc(captcha.createdAt))
      .limit(1);
    return r;
  },
  /** Marks the captcha used; true when this call consumed it. */
  async consumeCaptcha(db: Executor, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(captcha)
      .set({ usedAt: now })
      .where(and(eq(captcha.id, id), isNull(captcha.usedAt)))
      .returning({ id: captcha.id });
    return rows.length > 0;
  },

  async insertSlider(db: Executor, row: typeof sliderChallenge.$inferInsert): Promise<void> {
    await db.insert(sliderChallenge).values(row);
  },
  async findSlider(db: Executor, merchantId: number, id: string): Promise<SliderRow | undefined> {
    const [r] = await db
      .select()
      .from(sliderChallenge)
      .where(and(eq(sliderChallenge.merchantId, merchantId), eq(sliderChallenge.id, id)))
      .limit(1);
    return r;
  },
  /** One attempt per challenge: sets verified_at (and the token hash on success) if not yet attempted. */
  async markSliderAttempt(db: Executor, id: string, now: Date, tokenHash: string | null): Promise<boolean> {
    const rows = await db
      .update(sliderChallenge)
      .set({ verifiedAt: now, tokenHash, usedAt: tokenHash === null ? now : null })
      .where(and(eq(sliderChallenge.id, id), isNull(sliderChallenge.verifiedAt)))
      .returning({ id: sliderChallenge.id });
    return rows.length > 0;
  },
  /** Consumes a slider token (single use); returns the row when it was valid and unused. */
  async consumeSliderToken(db: Executor, merchantId: number, tokenHash: string, now: Date) {
    const rows = await db
      .update(sliderChallenge)
      .set({ usedAt: now })
      .where(
        and(
          eq(sliderChallenge.merchantId, merchantId),
          eq(sliderChallenge.tokenHash, tokenHash),
          isNull(sliderChallenge.usedAt),
          gt(sliderChallenge.expiresAt, now),
        ),
      )
      .returning({ id: sliderChallenge.id });
    return rows.length > 0;
  },
};
