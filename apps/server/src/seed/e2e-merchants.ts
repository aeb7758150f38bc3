import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { merchant, merchantDomain, merchantModule } from '../db/schema/index.js';
import { merchantRepo } from '../modules/merchant/index.js';
import { DEMO_MERCHANT_CODE, DEMO_MODULE_TREE, flattenModuleTree } from './demo-merchant.js';
import { seeders } from './index.js';

/** The code of the n-th copy (e2e/support.ts maps Playwright worker n to it). */
export const e2eMerchantCode = (n: number) => `e2e${n}`;

/**
 * End-to-end runs only (E2E_MERCHANTS=n): n copies of the demo merchant, e2e0 .. e2e<n-1>, each with
 * the demo's brand, module switches, content, operator, demo accounts and balances, deposit channels
 * and vendors, on a domain of its own (<code>.e2e.test). Every Playwright worker plays on one of them,
 * so a spec that switches maintenance, region rules or other merchant-wide settings, or spends the demo
 * accounts' money, does it on a merchant no other worker is using. Idempotent; needs the demo merchant.
 */
export async function seedE2eMerchants(database: Database, count: number): Promise<string[]> {
  const demo = await merchantRepo.findByCode(database.db, DEMO_MERCHANT_CODE);
  if (!demo) return [];
  const made: string[] = [];
  for (let n = 0; n < count; n++) {
    const code = e2eMerchantCode(n);
    if (await merchantRepo.findByCode(database.db, code)) continue;
    await database.db.transaction(async (tx) => {
      const { id: _demoId, ...brand } = demo;
      const domain = `${code}.e2e.test`;
      const [m] = await tx
        .insert(merchant)
        .values({ ...brand, code, mainDomain: domain })
        .returning({ id: merchant.id });
      const merchantId = m!.id;
      await tx.insert(merchantDomain).values({ merchantId, domain, routeType: 'MAIN' });
      const mods = flattenModuleTree(DEMO_MODULE_TREE);
      await tx.insert(merchantModule).values(mods.map((x, i) => ({ merchantId, ...x, sort: i })));
      // the same catalogue feed as the demo's: its games are already there, only the vendors are switched on
      for (const seed of seeders) await seed(tx, { merchantId, fullCatalogue: true });
      // the test gateway finds a channel's secret by its merchant id at the gateway: one per copy
      await tx.execute(
        sql`update deposit_channel set gateway_mch_id = ${code} where merchant_id = ${merchantId} and kind = 'online'`,
      );
    });
    made.push(code);
  }
  return made.length ? [`E2E merchants:   ${made.join(', ')} (copies of ${DEMO_MERCHANT_CODE})`] : [];
}
