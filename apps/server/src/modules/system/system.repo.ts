import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  banner,
  customerService,
  helpArticle,
  merchantCountry,
  merchantModule,
  notice,
  popup,
  promotionAnnouncement,
  regionRule,
  registerFieldRule,
  siteMaintenance,
  siteResource,
} from '../../db/schema/index.js';

export type MaintenanceRow = typeof siteMaintenance.$inferSelect;
export type RegionRuleRow = typeof regionRule.$inferSelect;
export type BannerRow = typeof banner.$inferSelect;
export type NoticeRow = typeof notice.$inferSelect;
export type PopupRow = typeof popup.$inferSelect;
export type PromotionRow = typeof promotionAnnouncement.$inferSelect;
export type HelpRow = typeof helpArticle.$inferSelect;
export type CustomerServiceRow = typeof customerService.$inferSelect;
export type ResourceRow = typeof siteResource.$inferSelect;
export type CountryRow = typeof merchantCountry.$inferSelect;
export type RegisterRuleRow = typeof registerFieldRule.$inferSelect;

type NewRow<T extends { $inferInsert: unknown }> = Omit<T['$inferInsert'], 'id' | 'merchantId'>;

/**
 * CRUD for a merchant-scoped content table with a serial id. Every statement carries the merchant id,
 * so one merchant can never read or change another's rows.
 */
function scopedTable<T extends typeof banner | typeof notice | typeof popup>(table: T) {
  type Row = T['$inferSelect'];
  const t = table as any;
  return {
    async list(db: Executor, merchantId: number): Promise<Row[]> {
      return (await db
        .select()
        .from(t)
        .where(eq(t.merchantId, merchantId))
        .orderBy(asc(t.sequence), asc(t.id))) as Row[];
    },
    async get(db: Executor, merchantId: number, id: number, forUpdate = false): Promise<Row | undefined> {
      const q = db
        .select()
        .from(t)
        .where(and(eq(t.merchantId, merchantId), eq(t.id, id)));
      const rows = (forUpdate ? await q.for('update') : await q) as Row[];
      return rows[0];
    },
    async insert(db: Executor, merchantId: number, values: NewRow<T>): Promise<Row> {
      const rows = (await db
        .insert(t)
        .values({ ...values, merchantId })
        .returning()) as Row[];
      return rows[0]!;
    },
    async update(db: Executor, merchantId: number, id: number, values: NewRow<T>): Promise<Row | undefined> {
      const rows = (await db
        .update(t)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(t.merchantId, merchantId), eq(t.id, id)))
        .returning()) as Row[];
      return rows[0];
    },
    async delete(db: Executor, merchantId: number, id: number): Promise<Row | undefined> {
      const rows = (await db
        .delete(t)
        .where(and(eq(t.merchantId, merchantId), eq(t.id, id)))
        .returning()) as Row[];
      return rows[0];
    },
  };
}

export const systemRepo = {
  banners: scopedTable(banner),
  notices: scopedTable(notice),
  popups: scopedTable(popup),

  async getMaintenance(db: Executor, merchantId: number, forUpdate = false) {
    const q = db.select().from(siteMaintenance).where(eq(siteMaintenance.merchantId, merchantId));
    const rows = forUpdate ? await q.for('update') : await q;
    return rows[0];
  },
  async upsertMaintenance(
    db: Executor,
    merchantId: number,
    v: { enabled: boolean; startTime: Date | null; endTime: Date | null; message: string | null },
  ): Promise<MaintenanceRow> {
    const [row] = await db
      .insert(siteMaintenance)
      .values({ merchantId, ...v, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteMaintenance.merchantId, set: { ...v, updatedAt: new Date() } })
      .returning();
    return row!;
  },

  listRegionRules(db: Executor, merchantId: number): Promise<RegionRuleRow[]> {
    return db
      .select()
      .from(regionRule)
      .where(eq(regionRule.merchantId, merchantId))
      .orderBy(asc(regionRule.priority), asc(regionRule.id));
  },
  async getRegionRule(db: Executor, merchantId: number, id: number) {
    const [row] = await db
      .select()
      .from(regionRule)
      .where(and(eq(regionRule.merchantId, merchantId), eq(regionRule.id, id)))
      .for('update');
    return row;
  },
  async insertRegionRule(
    db: Executor,
    merchantId: number,
    v: Omit<typeof regionRule.$inferInsert, 'merchantId'>,
  ) {
    const [row] = await db
      .insert(regionRule)
      .values({ ...v, merchantId })
      .returning();
    return row!;
  },
  async updateRegionRule(
    db: Executor,
    merchantId: number,
    id: number,
    v: Partial<Omit<typeof regionRule.$inferInsert, 'merchantId' | 'id'>>,
  ) {
    const [row] = await db
      .update(regionRule)
      .set(v)
      .where(and(eq(regionRule.merchantId, merchantId), eq(regionRule.id, id)))
      .returning();
    return row;
  },
  async deleteRegionRule(db: Executor, merchantId: number, id: number) {
    const [row] = await db
      .delete(regionRule)
      .where(and(eq(regionRule.merchantId, merchantId), eq(regionRule.id, id)))
      .returning();
    return row;
  },

  async getModule(db: Executor, merchantId: number, modId: string) {
    const [row] = await db
      .select()
      .from(merchantModule)
      .where(and(eq(merchantModule.merchantId, merchantId), eq(merchantModule.modId, modId)))
      .for('update');
    return row;
  },
  async setModuleEnabled(db: Executor, merchantId: number, modId: string, enabled: boolean) {
    const [row] = await db
      .update(merchantModule)
      .set({ enabled, updatedAt: new Date() })
      .where(and(eq(merchantModule.merchantId, merchantId), eq(merchantModule.modId, modId)))
      .returning();
    return row;
  },

  listPromotions(db: Executor, merchantId: number): Promise<PromotionRow[]> {
    return db
      .select()
      .from(promotionAnnouncement)
      .where(eq(promotionAnnouncement.merchantId, merchantId))
      .orderBy(asc(promotionAnnouncement.sequence), asc(promotionAnnouncement.id));
  },
  listHelp(db: Executor, merchantId: number): Promise<HelpRow[]> {
    return db
      .select()
      .from(helpArticle)
      .where(eq(helpArticle.merchantId, merchantId))
      .orderBy(asc(helpArticle.sequence), asc(helpArticle.id));
  },
  listCustomerService(db: Executor, merchantId: number): Promise<CustomerServiceRow[]> {
    return db
      .select()
      .from(customerService)
      .where(and(eq(customerService.merchantId, merchantId), eq(customerService.active, true)))
      .orderBy(asc(customerService.sequence), asc(customerService.id));
  },
  listResources(db: Executor, merchantId: number): Promise<ResourceRow[]> {
    return db
      .select()
      .from(siteResource)
      .where(eq(siteResource.merchantId, merchantId))
      .orderBy(asc(siteResource.sequence), asc(siteResource.id));
  },
  listCountries(db: Executor, merchantId: number): Promise<CountryRow[]> {
    return db
      .select()
      .from(merchantCountry)
      .where(eq(merchantCountry.merchantId, merchantId))
      .orderBy(asc(merchantCountry.sort), asc(merchantCountry.countryCode));
  },
  listRegisterRules(db: Executor, merchantId: number): Promise<RegisterRuleRow[]> {
    return db.select().from(registerFieldRule).where(eq(registerFieldRule.merchantId, merchantId));
  },
};
