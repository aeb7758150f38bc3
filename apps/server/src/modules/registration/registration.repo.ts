import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { agentAffiliate, member, memberProfile } from '../../db/schema/index.js';
import { rows } from '../../platform/sql.js';

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
    row: {
      merchantId: number;
      memberId: number;
      code: string;
      domain: string | null;
      active: boolean;
      memberType?: number;
      remark?: string | null;
    },
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

  /** One more resolution of a link's code by the register page: an increment in place, never lost. */
  async countClick(db: Executor, id: number): Promise<void> {
    await db.execute(sql`update agent_affiliate set click_count = click_count + 1 where id = ${id}`);
  },

  /** An agent's live links (newest first) with the registrations made through each. */
  agentLinks(db: Executor, merchantId: number, memberId: number) {
    return rows<AgentLinkRow>(
      db,
      sql`select a.id, a.code, a.member_type, a.remark, a.click_count, a.created_at,
                 (select count(*) from member_profile p where p.affiliate_id = a.id)::int as registrations
          from agent_affiliate a
          where a.merchant_id = ${merchantId} and a.member_id = ${memberId} and a.deleted_at is null
          order by a.id desc`,
    );
  },
  async countLiveLinks(db: Executor, merchantId: number, memberId: number): Promise<number> {
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from agent_affiliate
          where merchant_id = ${merchantId} and member_id = ${memberId} and deleted_at is null`,
    );
    return Number(r?.n ?? 0);
  },
  /** Retires one of the agent's own live links; false when it has none by that id. */
  async deleteLink(db: Executor, merchantId: number, memberId: number, id: number): Promise<boolean> {
    const r = await rows<{ id: number }>(
      db,
      sql`update agent_affiliate set active = false, deleted_at = now()
          where id = ${id} and merchant_id = ${merchantId} and member_id = ${memberId} and deleted_at is null
          returning id`,
    );
    return r.length > 0;
  },

  /**
   * Accounts registered through the agent's links that are still in its team (the member tree): a
   * link of someone else, or an account moved out of the team, is never listed.
   */
  async registeredThroughLinks(
    db: Executor,
    f: LinkRegistrationFilter,
    limit: number,
    offset: number,
  ): Promise<{ list: LinkRegistrationRow[]; total: number }> {
    const where = linkRegistrationWhere(f);
    const [list, [count]] = await Promise.all([
      rows<LinkRegistrationRow>(
        db,
        sql`select m.id, m.username, m.type, m.status, m.last_login_at, p.created_at, a.id as link_id, a.code
            from agent_affiliate a
            join member_profile p on p.affiliate_id = a.id
            join member m on m.id = p.member_id
            join member_tree t on t.ancestor_id = a.member_id and t.descendant_id = m.id and t.depth > 0
            where ${where}
            order by p.created_at desc, m.id desc
            limit ${limit} offset ${offset}`,
      ),
      rows<{ n: number }>(
        db,
        sql`select count(*)::int as n
            from agent_affiliate a
            join member_profile p on p.affiliate_id = a.id
            join member m on m.id = p.member_id
            join member_tree t on t.ancestor_id = a.member_id and t.descendant_id = m.id and t.depth > 0
            where ${where}`,
      ),
    ]);
    return { list, total: Number(count?.n ?? 0) };
  },
};

export interface AgentLinkRow {
  id: number;
  code: string;
  member_type: number;
  remark: string | null;
  click_count: bigint | string | number;
  created_at: Date | string;
  registrations: number;
}

export interface LinkRegistrationFilter {
  merchantId: number;
  agentId: number;
  linkId?: number;
  usernamePart?: string;
  from?: Date;
  to?: Date;
}

export interface LinkRegistrationRow {
  id: number;
  username: string;
  type: number;
  status: string;
  last_login_at: Date | string | null;
  created_at: Date | string;
  link_id: number;
  code: string;
}

function linkRegistrationWhere(f: LinkRegistrationFilter): SQL {
  const parts: SQL[] = [
    sql`a.merchant_id = ${f.merchantId}`,
    sql`a.member_id = ${f.agentId}`,
    sql`m.merchant_id = ${f.merchantId}`,
  ];
  if (f.linkId !== undefined) parts.push(sql`a.id = ${f.linkId}`);
  if (f.usernamePart) {
    const like = `%${f.usernamePart.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`m.username_key like ${like}`);
  }
  if (f.from) parts.push(sql`p.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`p.created_at < ${f.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}
