import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { sanitizeHtml } from '../modules/system/index.js';
import type { Seeder } from './index.js';

/**
 * The welcome bonus the home page advertises (issue 16), claimable for real: join, and the first
 * deposit pays 100% of it as bonus money (at most 5,000.00), converted to real money after 10 times
 * the bonus in settled bets, within 30 days. One row: cheap for every test database.
 */
export const seedDemoPromotion: Seeder = async (tx: Tx, { merchantId }) => {
  const content = {
    BN: sanitizeHtml(
      '<p>প্রথম ডিপোজিটে <strong>১০০% বোনাস</strong>, সর্বোচ্চ ৫,০০০ টাকা। বোনাসের ১০ গুণ বাজি ধরলে বোনাস আসল টাকায় পরিণত হয়; ৩০ দিনের মধ্যে।</p>',
    ),
    EN: sanitizeHtml(
      '<p><strong>100% bonus</strong> on your first deposit, up to 5,000.00. Bet 10 times the bonus within 30 days and it becomes real money.</p>',
    ),
  };
  await tx.execute(
    sql`insert into promotion (merchant_id, category, tags, title, content, sequence, audience, trigger,
          reward_kind, reward_bp, reward_cap, min_deposit, wagering_x100, wagering_base, expiry_days)
        values (${merchantId}, 'deposit_promo', '{NEWBIE,SPECIAL_OFFER}'::text[],
          ${JSON.stringify({ BN: '১০০% স্বাগত বোনাস', EN: '100% welcome bonus' })}::jsonb,
          ${JSON.stringify(content)}::jsonb, 1, 'ALL', 'FIRST_DEPOSIT', 'PERCENT', 10000, 500000, 10000, 1000,
          'BONUS', 30)`,
  );
};
