import type { Database, Tx } from '../db/client.js';
import { merchantRepo } from '../modules/merchant/index.js';
import { DEMO_MERCHANT_CODE, seedDemoMerchant } from './demo-merchant.js';
import { seedDemoOperator } from './demo-operator.js';
import { seedDemoContent } from './demo-content.js';
import { seedDemoMembers } from './demo-members.js';
import { seedDemoRegistration } from './demo-registration.js';
import { seedDemoDeposit } from './demo-deposit.js';
import { seedDemoWithdraw } from './demo-withdraw.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { seedDemoWallet } from './demo-wallet.js';
import { seedDemoGameAnnouncement } from './demo-game-announcement.js';
import { seedDemoAgentTeam } from './demo-agent-team.js';
import { seedDemoAgentContracts } from './demo-agent-contract.js';
import { seedDemoHistory } from './demo-history.js';
import {
  seedDemoApplicationPromotion,
  seedDemoFreeSpinsPromotion,
  seedDemoPromotion,
} from './demo-promotion.js';
import { seedDemoVip } from './demo-vip.js';
import { seedDemoRebate } from './demo-rebate.js';
import { seedDemoReferral } from './demo-referral.js';
import { seedDemoTicket } from './demo-ticket.js';
import { seedDemoMissions } from './demo-missions.js';

/** A seeder adds one module's demo data for the demo merchant and may return lines to print at start. */
export type Seeder = (tx: Tx, ctx: SeedContext) => Promise<string[] | void>;
/** fullCatalogue: the demo's 10k-game lobby (npm start); otherwise a small one that keeps tests fast. */
export type SeedContext = { merchantId: number; fullCatalogue: boolean };

/** Modules' demo data, in order. */
export const seeders: Seeder[] = [
  seedDemoContent,
  seedDemoOperator,
  seedDemoMembers,
  seedDemoRegistration,
  seedDemoDeposit,
  seedDemoWithdraw,
  seedDemoWallet,
  seedDemoCatalogue,
  seedDemoGameAnnouncement,
  seedDemoPromotion,
  seedDemoTicket,
  seedDemoAgentTeam,
  seedDemoAgentContracts,
  seedDemoHistory,
  seedDemoVip,
  seedDemoRebate,
  seedDemoReferral,
  seedDemoMissions,
  seedDemoApplicationPromotion,
  seedDemoFreeSpinsPromotion,
];

export interface SeedResult {
  seeded: boolean;
  merchantCode: string;
  notes: string[];
}

/** Seeds the demo merchant and its content when the database has no merchant at all. Idempotent. */
export async function seedIfEmpty(
  database: Database,
  opts: { extraDomains?: string[]; fullCatalogue?: boolean } = {},
): Promise<SeedResult> {
  if ((await merchantRepo.countMerchants(database.db)) > 0) {
    return { seeded: false, merchantCode: DEMO_MERCHANT_CODE, notes: [] };
  }
  const notes: string[] = [];
  await database.db.transaction(async (tx) => {
    const merchantId = await seedDemoMerchant(tx, opts);
    const ctx = { merchantId, fullCatalogue: opts.fullCatalogue ?? false };
    for (const seed of seeders) notes.push(...((await seed(tx, ctx)) ?? []));
  });
  return { seeded: true, merchantCode: DEMO_MERCHANT_CODE, notes };
}
