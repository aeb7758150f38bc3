import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { gameAnnouncement } from '../../db/schema/index.js';

export type GameAnnouncementRow = typeof gameAnnouncement.$inferSelect;
export type GameAnnouncementValues = Omit<
  typeof gameAnnouncement.$inferInsert,
  'id' | 'merchantId' | 'createdAt' | 'updatedAt'
>;
const t = gameAnnouncement;
const mine = (merchantId: number, id: number) => and(eq(t.merchantId, merchantId), eq(t.id, id));

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every statement carries the merchant id: one merchant never reads or changes another's rows. */
export const gameAnnouncementRepo = {
  list(db: Executor, merchantId: number): Promise<GameAnnouncementRow[]> {
    return db.select().from(t).where(eq(t.merchantId, merchantId)).orderBy(asc(t.sequence), asc(t.id));
  },
  async get(db: Executor, merchantId: number, id: number, forUpdate = false) {
    const q = db.select().from(t).where(mine(merchantId, id));
    return (forUpdate ? await q.for('update') : await q)[0];
  },
  async insert(db: Executor, merchantId: number, v: GameAnnouncementValues) {
    const [row] = await db
      .insert(t)
      .values({ ...v, merchantId })
      .returning();
    return row!;
  },
  async update(db: Executor, merchantId: number, id: number, v: GameAnnouncementValues) {
    const [row] = await db
      .update(t)
      .set({ ...v, updatedAt: new Date() })
      .where(mine(merchantId, id))
      .returning();
    return row;
  },
  async delete(db: Executor, merchantId: number, id: number) {
    const [row] = await db.delete(t).where(mine(merchantId, id)).returning();
    return row;
  },
  /** The catalogue (global, raw SQL in 0015): does the vendor exist? */
  async vendorExists(db: Executor, code: string): Promise<boolean> {
    const r = await rowsOf<{ n: number }>(db, sql`select 1 as n from game_vendor where code = ${code}`);
    return r.length > 0;
  },
  /** A game's vendor and type, or undefined for an unknown node id. */
  async gameScope(db: Executor, nodeId: number) {
    const [r] = await rowsOf<{ vendor_code: string; game_type: string }>(
      db,
      sql`select vendor_code, game_type from game where node_id = ${nodeId}`,
    );
    return r ? { vendorCode: r.vendor_code, gameType: r.game_type } : undefined;
  },
};
