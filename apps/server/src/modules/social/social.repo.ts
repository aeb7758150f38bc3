import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { socialFlow, socialIdentity, socialProvider, socialTicket } from '../../db/schema/index.js';
import type { TSocialProviderId } from '../../db/schema/social.js';

export type FlowRow = typeof socialFlow.$inferSelect;
export type TicketRow = typeof socialTicket.$inferSelect;
export type IdentityRow = typeof socialIdentity.$inferSelect;

export const socialRepo = {
  /** Drops authorization requests and tickets that expired before `before`. */
  async purgeExpired(db: Executor, before: Date): Promise<void> {
    await db.delete(socialFlow).where(lt(socialFlow.expiresAt, before));
    await db.delete(socialTicket).where(lt(socialTicket.expiresAt, before));
  },
  async findProvider(db: Executor, merchantId: number, provider: TSocialProviderId) {
    const [r] = await db
      .select()
      .from(socialProvider)
      .where(and(eq(socialProvider.merchantId, merchantId), eq(socialProvider.provider, provider)));
    return r;
  },
  async upsertProvider(db: Executor, row: typeof socialProvider.$inferInsert) {
    await db
      .insert(socialProvider)
      .values(row)
      .onConflictDoUpdate({
        target: [socialProvider.merchantId, socialProvider.provider],
        set: {
          issuer: row.issuer,
          clientId: row.clientId,
          clientSecret: row.clientSecret,
          enabled: row.enabled,
          updatedAt: row.updatedAt,
        },
      });
  },
  async insertFlow(db: Executor, row: typeof socialFlow.$inferInsert) {
    await db.insert(socialFlow).values(row);
  },
  async lockFlowByStateHash(db: Executor, stateHash: string): Promise<FlowRow | undefined> {
    const [r] = await db.select().from(socialFlow).where(eq(socialFlow.stateHash, stateHash)).for('update');
    return r;
  },
  async useFlow(db: Executor, id: number, now: Date) {
    await db.update(socialFlow).set({ usedAt: now }).where(eq(socialFlow.id, id));
  },
  async findIdentity(db: Executor, merchantId: number, issuer: string, subject: string) {
    const [r] = await db
      .select()
      .from(socialIdentity)
      .where(
        and(
          eq(socialIdentity.merchantId, merchantId),
          eq(socialIdentity.issuer, issuer),
          eq(socialIdentity.subject, subject),
        ),
      );
    return r;
  },
  async findIdentityOfMember(db: Executor, memberId: number, provider: TSocialProviderId) {
    const [r] = await db
      .select()
      .from(socialIdentity)
      .where(and(eq(socialIdentity.memberId, memberId), eq(socialIdentity.provider, provider)));
    return r;
  },
  async insertIdentity(db: Executor, row: typeof socialIdentity.$inferInsert) {
    await db.insert(socialIdentity).values(row);
  },
  async insertTicket(db: Executor, row: typeof socialTicket.$inferInsert) {
    await db.insert(socialTicket).values(row);
  },
  async lockTicket(db: Executor, merchantId: number, ticketHash: string): Promise<TicketRow | undefined> {
    const [r] = await db
      .select()
      .from(socialTicket)
      .where(and(eq(socialTicket.merchantId, merchantId), eq(socialTicket.ticketHash, ticketHash)))
      .for('update');
    return r;
  },
  async findTicket(db: Executor, merchantId: number, ticketHash: string): Promise<TicketRow | undefined> {
    const [r] = await db
      .select()
      .from(socialTicket)
      .where(and(eq(socialTicket.merchantId, merchantId), eq(socialTicket.ticketHash, ticketHash)));
    return r;
  },
  async useTicket(db: Executor, id: number, now: Date) {
    await db.update(socialTicket).set({ usedAt: now }).where(eq(socialTicket.id, id));
  },
};
