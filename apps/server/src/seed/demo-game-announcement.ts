import type { Tx } from '../db/client.js';
import { gameAnnouncement } from '../db/schema/index.js';
import { sanitizeHtml } from '../modules/system/index.js';
import type { Seeder } from './index.js';

/** One live vendor-wide announcement of PG (seeded after the catalogue: it references the vendor). */
export const seedDemoGameAnnouncement: Seeder = async (tx: Tx, { merchantId }) => {
  await tx.insert(gameAnnouncement).values({
    merchantId,
    vendorCode: 'PG',
    sequence: 1,
    title: { BN: 'প্রতি সপ্তাহে নতুন গেম', EN: 'New games every week' },
    content: {
      BN: sanitizeHtml('<p>পিজি সফট প্রতি সপ্তাহে <strong>নতুন স্লট</strong> যোগ করে। আজই খেলে দেখুন!</p>'),
      EN: sanitizeHtml('<p>PG Soft adds <strong>new slots</strong> every week. Try them today!</p>'),
    },
  });
};
