import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { merchant, merchantDomain, merchantModule } from '../../db/schema/index.js';
import type { MerchantRow } from '../../platform/merchant.js';

export type { MerchantRow };
export type ModuleRow = typeof merchantModule.$inferSelect;

export const merchantRepo = {
  async findByCode(db: Executor, code: string): Promise<MerchantRow | undefined> {
    const [row] = await db.select().from(merchant).where(eq(merchant.code, code)).limit(1);
    return row;
  },
  async findById(db: Executor, id: number): Promise<MerchantRow | undefined> {
    const [row] = await db.select().from(merchant).where(eq(merchant.id, id)).limit(1);
    return row;
  },
  async findIdByDomain(db: Executor, domain: string): Promise<number | undefined> {
    const [row] = await db
      .select({ merchantId: merchantDomain.merchantId })
      .from(merchantDomain)
      .where(eq(merchantDomain.domain, domain))
      .limit(1);
    return row?.merchantId;
  },
  listDomains(db: Executor, merchantId: number) {
    return db
      .select({ domain: merchantDomain.domain, routeType: merchantDomain.routeType })
      .from(merchantDomain)
      .where(eq(merchantDomain.merchantId, merchantId))
      .orderBy(asc(merchantDomain.id));
  },
  listModules(db: Executor, merchantId: number): Promise<ModuleRow[]> {
    return db
      .select()
      .from(merchantModule)
      .where(eq(merchantModule.merchantId, merchantId))
      .orderBy(asc(merchantModule.sort), asc(merchantModule.modId));
  },
  async countMerchants(db: Executor): Promise<number> {
    const rows = await db.select({ id: merchant.id }).from(merchant).limit(1);
    return rows.length;
  },
};
