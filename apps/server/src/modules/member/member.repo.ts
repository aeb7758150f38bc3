import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authEvent, member, memberAuthSetting, memberTree, merchantCountry } from '../../db/schema/index.js';

export type MemberRow = typeof member.$inferSelect;
export type NewMemberRow = typeof member.$inferInsert;
export type AuthSettingRow = typeof memberAuthSetting.$inferSelect;
export type AuthEventRow = typeof authEvent.$inferSelect;
export type NewAuthEventRow = typeof authEvent.$inferInsert;

export interface AuthEventFilter {
  merchantId: number;
  memberId?: number;
  usernameKey?: string;
  kind?: string;
  from?: Date;
  to?: Date;
}

function eventWhere(f: AuthEventFilter): SQL | undefined {
  const parts: SQL[] = [eq(authEvent.merchantId, f.merchantId)];
  if (f.memberId !== undefined) parts.push(eq(authEvent.memberId, f.memberId));
  if (f.usernameKey) parts.push(eq(authEvent.usernameKey, f.usernameKey));
  if (f.kind) parts.push(eq(authEvent.kind, f.kind));
  if (f.from) parts.push(gte(authEvent.createdAt, f.from));
  if (f.to) parts.push(lt(authEvent.createdAt, f.to));
  return and(...parts);
}

export interface MemberFilter {
  merchantId: number;
  usernamePart?: string;
  type?: number;
  status?: string;
  parentId?: number;
}

function memberWhere(f: MemberFilter): SQL | undefined {
  const parts: SQL[] = [eq(member.merchantId, f.merchantId)];
  if (f.usernamePart) {
    const like = `%${f.usernamePart.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`${member.usernameKey} like ${like}`);
  }
  if (f.type !== undefined) parts.push(eq(member.type, f.type));
  if (f.status) parts.push(eq(member.status, f.status as 'active' | 'blocked'));
  if (f.parentId !== undefined) parts.push(eq(member.parentId, f.parentId));
  return and(...parts);
}

export const memberRepo = {
  list(db: Executor, f: MemberFilter, limit: number, offset: number): Promise<MemberRow[]> {
    return db
      .select()
      .from(member)
      .where(memberWhere(f))
      .orderBy(desc(member.createdAt), desc(member.id))
      .limit(limit)
      .offset(offset);
  },
  async count(db: Executor, f: MemberFilter): Promise<number> {
    const [r] = await db.select({ n: count() }).from(member).where(memberWhere(f));
    return Number(r?.n ?? 0);
  },
  /** Inserts unless a unique key (username, mobile, referral code) is taken; then returns undefined. */
  async tryInsert(db: Executor, row: NewMemberRow): Promise<MemberRow | undefined> {
    const [created] = await db.insert(member).values(row).onConflictDoNothing().returning();
    return created;
  },
  /** The new member's closure rows: itself at depth 0 and every ancestor of its parent one deeper. */
  async insertTreeRows(db: Executor, merchantId: number, memberId: number, parentId: number | null) {
    await db
      .insert(memberTree)
      .values({ merchantId, ancestorId: memberId, descendantId: memberId, depth: 0 });
    if (parentId !== null) {
      await db.execute(sql`
        insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
        select ${merchantId}, ancestor_id, ${memberId}, depth + 1
        from member_tree where descendant_id = ${parentId} and merchant_id = ${merchantId}`);
    }
  },
  async findById(db: Executor, merchantId: number, id: number): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(member)
      .where(and(eq(member.merchantId, merchantId), eq(member.id, id)))
      .limit(1);
    return row;
  },
  async lockById(db: Executor, merchantId: number, id: number): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(member)
      .where(and(eq(member.merchantId, merchantId), eq(member.id, id)))
      .for('update');
    return row;
  },
  /** The merchant's members with these usernames (case-insensitive keys); unknown names are left out. */
  async findByUsernameKeys(db: Executor, merchantId: number, keys: string[]) {
    if (keys.length === 0) return [];
    return db
      .select({
        id: member.id,
        username: member.username,
        usernameKey: member.usernameKey,
        type: member.type,
      })
      .from(member)
      .where(and(eq(member.merchantId, merchantId), inArray(member.usernameKey, keys)));
  },
  async findByUsernameKey(db: Executor, merchantId: number, key: string): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(member)
      .where(and(eq(member.merchantId, merchantId), eq(member.usernameKey, key)))
      .limit(1);
    return row;
  },
  /** The first country of the merchant's list (the one its forms preselect). */
  async firstDialingCode(db: Executor, merchantId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ dialingCode: merchantCountry.dialingCode })
      .from(merchantCountry)
      .where(eq(merchantCountry.merchantId, merchantId))
      .orderBy(asc(merchantCountry.sort), asc(merchantCountry.countryCode))
      .limit(1);
    return row?.dialingCode;
  },
  async findByMobile(db: Executor, merchantId: number, mobile: string): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(member)
      .where(and(eq(member.merchantId, merchantId), eq(member.mobile, mobile)))
      .limit(1);
    return row;
  },
  async findByReferralCode(db: Executor, merchantId: number, code: string): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(member)
      .where(and(eq(member.merchantId, merchantId), sql`upper(${member.referralCode}) = upper(${code})`))
      .limit(1);
    return row;
  },
  async update(db: Executor, merchantId: number, id: number, set: Partial<NewMemberRow>): Promise<void> {
    await db
      .update(member)
      .set(set)
      .where(and(eq(member.merchantId, merchantId), eq(member.id, id)));
  },
  /** Members below `ancestorId` (not itself), nearest first. */
  listDownline(
    db: Executor,
    merchantId: number,
    ancestorId: number,
    opts: { maxDepth?: number; limit: number; offset: number },
  ) {
    const parts: SQL[] = [
      eq(memberTree.merchantId, merchantId),
      eq(memberTree.ancestorId, ancestorId),
      gt(memberTree.depth, 0),
    ];
    if (opts.maxDepth !== undefined) parts.push(sql`${memberTree.depth} <= ${opts.maxDepth}`);
    return db
      .select({ member, depth: memberTree.depth })
      .from(memberTree)
      .innerJoin(member, eq(member.id, memberTree.descendantId))
      .where(and(...parts))
      .orderBy(asc(memberTree.depth), asc(member.id))
      .limit(opts.limit)
      .offset(opts.offset);
  },
  async isInDownline(db: Executor, merchantId: number, ancestorId: number, descendantId: number) {
    const [row] = await db
      .select({ depth: memberTree.depth })
      .from(memberTree)
      .where(
        and(
          eq(memberTree.merchantId, merchantId),
          eq(memberTree.ancestorId, ancestorId),
          eq(memberTree.descendantId, descendantId),
          gt(memberTree.depth, 0),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
  /** Upline ids of a member, nearest first (not itself). */
  async listUplineIds(db: Executor, merchantId: number, memberId: number): Promise<number[]> {
    const rows = await db
      .select({ id: memberTree.ancestorId })
      .from(memberTree)
      .where(
        and(
          eq(memberTree.merchantId, merchantId),
          eq(memberTree.descendantId, memberId),
          gt(memberTree.depth, 0),
        ),
      )
      .orderBy(asc(memberTree.depth));
    return rows.map((r) => r.id);
  },

  async findSettings(db: Executor, merchantId: number): Promise<AuthSettingRow | undefined> {
    const [row] = await db
      .select()
      .from(memberAuthSetting)
      .where(eq(memberAuthSetting.merchantId, merchantId))
      .limit(1);
    return row;
  },
  async upsertSettings(db: Executor, row: typeof memberAuthSetting.$inferInsert): Promise<void> {
    const { merchantId: _m, ...set } = row;
    await db.insert(memberAuthSetting).values(row).onConflictDoUpdate({
      target: memberAuthSetting.merchantId,
      set,
    });
  },

  async insertEvent(db: Executor, row: NewAuthEventRow): Promise<number> {
    const [r] = await db.insert(authEvent).values(row).returning({ id: authEvent.id });
    return r!.id;
  },
  listEvents(db: Executor, f: AuthEventFilter, limit: number, offset: number): Promise<AuthEventRow[]> {
    return db
      .select()
      .from(authEvent)
      .where(eventWhere(f))
      .orderBy(desc(authEvent.createdAt), desc(authEvent.id))
      .limit(limit)
      .offset(offset);
  },
  async countEvents(db: Executor, f: AuthEventFilter): Promise<number> {
    const [r] = await db.select({ n: count() }).from(authEvent).where(eventWhere(f));
    return Number(r?.n ?? 0);
  },
};
