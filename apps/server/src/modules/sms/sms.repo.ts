import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { TSmsPurpose } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { smsCode, smsOutbox, smsSetting } from '../../db/schema/index.js';

export type SmsCodeRow = typeof smsCode.$inferSelect;
export type NewSmsCodeRow = typeof smsCode.$inferInsert;
export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
export type SmsSettingRow = typeof smsSetting.$inferSelect;

export interface OutboxFilter {
  merchantId: number;
  mobile?: string;
  purpose?: TSmsPurpose;
}

function outboxWhere(f: OutboxFilter): SQL | undefined {
  const parts: SQL[] = [eq(smsOutbox.merchantId, f.merchantId)];
  if (f.mobile) parts.push(eq(smsOutbox.mobile, f.mobile));
  if (f.purpose) parts.push(eq(smsOutbox.purpose, f.purpose));
  return and(...parts);
}

export const smsRepo = {
  async findSettings(db: Executor, merchantId: number): Promise<SmsSettingRow | undefined> {
    const [row] = await db.select().from(smsSetting).where(eq(smsSetting.merchantId, merchantId));
    return row;
  },

  async upsertSettings(db: Executor, row: typeof smsSetting.$inferInsert): Promise<void> {
    const { merchantId: _m, ...set } = row;
    await db.insert(smsSetting).values(row).onConflictDoUpdate({ target: smsSetting.merchantId, set });
  },

  /**
   * Serialises code requests for one number and for one IP of a merchant until the transaction ends,
   * so two requests in the same instant cannot both pass the throttle. Number first, then IP.
   */
  async lockRequesters(db: Executor, merchantId: number, mobile: string, ip: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:n:${merchantId}:${mobile}`}))`);
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:i:${merchantId}:${ip}`}))`);
  },

  async recent(db: Executor, merchantId: number, mobile: string, ip: string, now: Date) {
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const stats = async (where: SQL | undefined, since: Date) => {
      const [r] = await db
        .select({ n: count(), last: sql<Date | string | null>`max(${smsCode.createdAt})` })
        .from(smsCode)
        .where(and(where, gt(smsCode.createdAt, since)));
      const last = r?.last ? new Date(r.last) : null;
      return { n: Number(r?.n ?? 0), last };
    };
    // one after another: inside a transaction the queries share one connection
    const byNumber = await stats(
      and(eq(smsCode.merchantId, merchantId), eq(smsCode.mobile, mobile)),
      hourAgo,
    );
    const byIp = await stats(and(eq(smsCode.merchantId, merchantId), eq(smsCode.ip, ip)), hourAgo);
    const merchant = await stats(
      and(eq(smsCode.merchantId, merchantId), eq(smsCode.delivered, true)),
      dayAgo,
    );
    return {
      lastForNumber: byNumber.last,
      lastForIp: byIp.last,
      numberLastHour: byNumber.n,
      ipLastHour: byIp.n,
      merchantLastDay: merchant.n,
    };
  },

  async insertCode(db: Executor, row: NewSmsCodeRow): Promise<number> {
    const [r] = await db.insert(smsCode).values(row).returning({ id: smsCode.id });
    return r!.id;
  },

  async markUndelivered(db: Executor, id: number): Promise<void> {
    await db.update(smsCode).set({ delivered: false }).where(eq(smsCode.id, id));
  },

  /** The newest delivered code of a number and purpose, locked for the check. */
  async latestForUpdate(
    db: Executor,
    merchantId: number,
    mobile: string,
    purpose: TSmsPurpose,
  ): Promise<SmsCodeRow | undefined> {
    const [row] = await db
      .select()
      .from(smsCode)
      .where(
        and(
          eq(smsCode.merchantId, merchantId),
          eq(smsCode.mobile, mobile),
          eq(smsCode.purpose, purpose),
          eq(smsCode.delivered, true),
        ),
      )
      .orderBy(desc(smsCode.createdAt), desc(smsCode.id))
      .limit(1)
      .for('update');
    return row;
  },

  async addAttempt(db: Executor, id: number): Promise<void> {
    await db
      .update(smsCode)
      .set({ attempts: sql`${smsCode.attempts} + 1` })
      .where(eq(smsCode.id, id));
  },

  /** Marks the code used unless it already was; false when another request got there first. */
  async consume(db: Executor, merchantId: number, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(smsCode)
      .set({ usedAt: now })
      .where(and(eq(smsCode.id, id), eq(smsCode.merchantId, merchantId), sql`${smsCode.usedAt} is null`))
      .returning({ id: smsCode.id });
    return rows.length === 1;
  },

  async insertOutbox(db: Executor, row: Omit<typeof smsOutbox.$inferInsert, 'id'>): Promise<number> {
    const [r] = await db.insert(smsOutbox).values(row).returning({ id: smsOutbox.id });
    return r!.id;
  },
  listOutbox(db: Executor, f: OutboxFilter, limit: number, offset: number): Promise<SmsOutboxRow[]> {
    return db
      .select()
      .from(smsOutbox)
      .where(outboxWhere(f))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(limit)
      .offset(offset);
  },
  async countOutbox(db: Executor, f: OutboxFilter): Promise<number> {
    const [r] = await db.select({ n: count() }).from(smsOutbox).where(outboxWhere(f));
    return Number(r?.n ?? 0);
  },
};
