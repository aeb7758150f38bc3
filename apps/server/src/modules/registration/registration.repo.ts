import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { agentAffiliate, member, memberProfile } from '../../db/schema/index.js';

export type AffiliateRow = typeof agentAffiliate.$inferSelect;
export type NewProfileRow = typeof memberProfile.$inferInsert;

export const registrationRepo = {
  async findAffiliate(db: Executor, merchantId: number, code: string): Promise<AffiliateRow | undefined> {
    const [row] = await db
      .select()
      .from(agentAffiliate)
      .where(and(eq(agentAffiliate.merchantId, merchantId), eq(agentAffiliate.codeKey, code.toLowerCase())));
    return row;
  },
  async insertAffiliate(
    db: Executor,
    row: { merchantId: number; memberId: number; code: string; domain: string | null; active: boolean },
  ): Promise<AffiliateRow | undefined> {
    const [r] = await db
      .insert(agentAffiliate)
      .values({ ...row, codeKey: row.code.toLowerCase() })
      .onConflictDoNothing()
      .returning();
    return r;
  },
  listAffiliates(db: Executor, merchantId: number) {
    return db
      .select({
        id: agentAffiliate.id,
        memberId: agentAffiliate.memberId,
        username: member.username,
        code: agentAffiliate.code,
        domain: agentAffiliate.domain,
        active: agentAffiliate.active,
        createdAt: agentAffiliate.createdAt,
      })
      .from(agentAffiliate)
      .innerJoin(member, eq(member.id, agentAffiliate.memberId))
      .where(eq(agentAffiliate.merchantId, merchantId))
      .orderBy(asc(agentAffiliate.id));
  },
  async insertProfile(db: Executor, row: NewProfileRow): Promise<void> {
    await db.insert(memberProfile).values(row);
  },
  async findProfile(db: Executor, merchantId: number, memberId: number) {
    const [row] = await db
      .select()
      .from(memberProfile)
      .where(and(eq(memberProfile.merchantId, merchantId), eq(memberProfile.memberId, memberId)));
    return row;
  },
};
