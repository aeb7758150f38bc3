import type { Tx } from '../db/client.js';
import { generateDemoFeed } from '../modules/catalogue/index.js';
import { importCatalogue } from '../modules/catalogue/index.js';

/** Share of the full demo catalogue seeded for tests (every vendor and type keeps at least one game). */
export const SMALL_CATALOGUE_SCALE = 0.03;

/**
 * The demo lobby: a generated vendor feed imported through the same importer an operator's feed goes
 * through, with every vendor switched on for the demo merchant (seamless wallet, a random callback
 * secret each). `npm start` seeds the full catalogue (over ten thousand games, about 2 s on PGlite);
 * test databases get a few hundred games of the same feed, which keeps each test file's setup fast.
 */
export async function seedDemoCatalogue(
  tx: Tx,
  { merchantId, fullCatalogue }: { merchantId: number; fullCatalogue?: boolean },
): Promise<string[]> {
  const feed = generateDemoFeed({ scale: fullCatalogue ? 1 : SMALL_CATALOGUE_SCALE });
  const r = await importCatalogue(tx, { ...feed, enableForMerchant: true }, { merchantId });
  return [`Game catalogue:  ${r.gamesInserted} games from ${r.vendorsInserted} vendors`];
}
