import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { sanitizeHtml } from '../modules/system/index.js';
import type { Seeder } from './index.js';

/**
 * The demo's daily check-in and missions (issue 16): a check-in paying cash that grows over a 7-day
 * streak (5, 5, 10, 10, 15, 20, 50), and three missions of the current day or week. A few rows: cheap
 * for every test database.
 */
export const seedDemoMissions: Seeder = async (tx: Tx, { merchantId }) => {
  const content = {
    BN: sanitizeHtml('<p>প্রতিদিন চেক-ইন করুন: টানা ৭ দিনে পুরস্কার বাড়তে থাকে, ৭ম দিনে ৫০ টাকা।</p>'),
    EN: sanitizeHtml(
      '<p>Check in every day: the reward grows over a 7-day streak, up to 50.00 on day 7.</p>',
    ),
  };
  await tx.execute(
    sql`with p as (
          insert into promotion (merchant_id, category, tags, title, content, sequence, audience, trigger,
            reward_kind, reward_amount)
          values (${merchantId}, 'other_promo', '{DAILY}'::text[],
            ${JSON.stringify({ BN: 'দৈনিক চেক-ইন', EN: 'Daily check-in' })}::jsonb, ${JSON.stringify(content)}::jsonb,
            2, 'ALL', 'DAILY_LOGIN', 'FIXED', 500)
          returning id)
        insert into promotion_checkin (promotion_id, merchant_id, day_amounts)
        select id, ${merchantId}, '{500,500,1000,1000,1500,2000,5000}'::bigint[] from p`,
  );
  const missions = [
    ['SLOT_BET', 'DAILY', 100_000, 2000, 'আজ স্লটে ৳১,০০০ বাজি ধরুন', 'Bet ৳1,000 on slots today'],
    ['ROUNDS', 'DAILY', 5, 500, 'আজ ৫টি গেম খেলুন', 'Play 5 games today'],
    ['LOGIN_DAYS', 'WEEKLY', 3, 3000, 'এই সপ্তাহে ৩ দিন লগইন করুন', 'Log in 3 days this week'],
  ] as const;
  for (const [i, [kind, period, target, reward, bn, en]] of missions.entries()) {
    await tx.execute(
      sql`insert into mission (merchant_id, title, kind, period, target, reward_amount, sequence)
          values (${merchantId}, ${JSON.stringify({ BN: bn, EN: en })}::jsonb, ${kind}, ${period}, ${target},
            ${reward}, ${i})`,
    );
  }
};
