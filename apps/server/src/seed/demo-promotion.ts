import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { sanitizeHtml } from '../modules/system/index.js';
import { gameKindOf } from '../games/index.js';
import { rows } from '../platform/sql.js';
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

/**
 * A promotion applied for by hand (trigger APPLICATION): the member sends a remark and up to 3
 * screenshots of a big win; an operator reviews it in the queue (`/admin/api/promotion-applications`)
 * and approves (৳100 paid as cash) or rejects with a reason; a rejected member may apply again.
 */
export const seedDemoApplicationPromotion: Seeder = async (tx: Tx, { merchantId }) => {
  const content = {
    BN: sanitizeHtml(
      '<p>একটি বড় জয়ের স্ক্রিনশট পাঠান (PNG বা JPG, সর্বোচ্চ ৩টি) এবং একটি ছোট মন্তব্য লিখুন। অনুমোদিত হলে <strong>৳১০০</strong> নগদ পুরস্কার।</p>',
    ),
    EN: sanitizeHtml(
      '<p>Send a screenshot of a big win (PNG or JPG, up to 3) with a short remark. Once approved you get <strong>৳100</strong> in cash.</p>',
    ),
  };
  await tx.execute(
    sql`with p as (
          insert into promotion (merchant_id, category, tags, title, content, sequence, audience, trigger,
            reward_kind, reward_amount, min_deposit, wagering_x100, wagering_base)
          values (${merchantId}, 'other_promo', '{SPECIAL_OFFER}'::text[],
            ${JSON.stringify({ BN: 'বড় জয় শেয়ার করুন', EN: 'Share your big win' })}::jsonb,
            ${JSON.stringify(content)}::jsonb, 5, 'ALL', 'APPLICATION', 'FIXED', 10000, 0, 0, 'BONUS')
          returning id)
        insert into promotion_application_setting (promotion_id, merchant_id, allow_reapply)
        select id, ${merchantId}, true from p`,
  );
};

/**
 * "10 free spins" (FREE_SPINS): claimable once per member, ten ৳10 spins on the first built-in slot of
 * the demo catalogue, the winnings bonus money wagered 5 times within 7 days.
 */
export const seedDemoFreeSpinsPromotion: Seeder = async (tx: Tx, { merchantId }) => {
  const games = await rows<{
    vendor_code: string;
    game_code: string;
    game_type: never;
    game_classify: never;
    names: Record<string, string>;
  }>(
    tx,
    sql`select g.vendor_code, g.game_code, g.game_type, g.game_classify, g.names from game g
        join merchant_vendor mv on mv.vendor_code = g.vendor_code and mv.merchant_id = ${merchantId} and mv.enabled
        where g.status = 'active' and g.game_type = 'RNG' order by g.node_id`,
  );
  const slot = games.find(
    (g) =>
      gameKindOf({
        gameType: g.game_type,
        gameClassify: g.game_classify,
        gameCode: g.game_code,
        names: g.names,
      }).kind === 'slot',
  );
  if (!slot) return;
  const name = slot.names.EN ?? slot.game_code;
  const content = {
    BN: sanitizeHtml(
      `<p><strong>${name}</strong> গেমে <strong>১০টি ফ্রি স্পিন</strong>, প্রতিটি ৳১০। জয়ের টাকা বোনাস হিসেবে আসে; ৭ দিনের মধ্যে জয়ের ৫ গুণ বাজি ধরলে তা আসল টাকায় পরিণত হয়।</p>`,
    ),
    EN: sanitizeHtml(
      `<p><strong>10 free spins</strong> of ৳10 on <strong>${name}</strong>. The winnings are bonus money: bet 5 times them within 7 days and they become real money.</p>`,
    ),
  };
  await tx.execute(
    sql`insert into promotion (merchant_id, category, tags, title, content, sequence, audience, trigger,
          reward_kind, free_spins, min_deposit, wagering_x100, wagering_base, expiry_days)
        values (${merchantId}, 'rng_promo', '{SPECIAL_OFFER}'::text[],
          ${JSON.stringify({ BN: '১০টি ফ্রি স্পিন', EN: '10 free spins' })}::jsonb,
          ${JSON.stringify(content)}::jsonb, 4, 'ALL', 'CLAIM', 'FREE_SPINS',
          ${JSON.stringify({ count: 10, stake: '1000', vendor: slot.vendor_code, gameCode: slot.game_code })}::jsonb,
          0, 500, 'BONUS', 7)`,
  );
};
