import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { createEventBus } from '../platform/events.js';
import { systemClock } from '../platform/module.js';
import { createMemberService } from '../modules/member/index.js';
import { promotionServiceFor } from '../modules/promotion/index.js';
import { sanitizeHtml } from '../modules/system/index.js';
import { demoPasswordHash } from './demo-passwords.js';
import type { Seeder } from './index.js';

/** Documented in the README's demo-login table: a member who invited two friends. */
export const DEMO_REFERRER = { username: 'refer01', password: 'Refer@1234' } as const;
export const DEMO_INVITEES = ['friend01', 'friend02'] as const;
const FRIEND_PASSWORD = 'Friend@1234';

/**
 * The referral programme (issue 16, "invite friends"): ৳20 to the referrer when an invited friend
 * registers and ৳100 when the friend's first deposit is ৳500 or more, paid as cash; an invitee on the
 * referrer's address or device does not qualify (the defaults). A demo member has two invitees, each
 * of whom earned it the registration reward.
 */
export const seedDemoReferral: Seeder = async (tx: Tx, { merchantId }) => {
  const text = (bn: string, en: string) => JSON.stringify({ BN: sanitizeHtml(bn), EN: sanitizeHtml(en) });
  const insert = (
    trigger: string,
    amount: bigint,
    minDeposit: bigint,
    seq: number,
    title: [string, string],
    body: [string, string],
  ) =>
    tx.execute(
      sql`insert into promotion (merchant_id, category, tags, title, content, sequence, audience, trigger,
            reward_kind, reward_amount, min_deposit)
          values (${merchantId}, 'other_promo', '{SPECIAL_OFFER}'::text[],
            ${JSON.stringify({ BN: title[0], EN: title[1] })}::jsonb, ${text(body[0], body[1])}::jsonb, ${seq}, 'ALL',
            ${trigger}, 'FIXED', ${amount.toString()}::bigint, ${minDeposit.toString()}::bigint)
          returning id`,
    );
  await insert(
    'REFERRAL_DEPOSIT',
    100_00n,
    500_00n,
    2,
    ['বন্ধুর প্রথম ডিপোজিটে ৳১০০', '৳100 for a friend’s first deposit'],
    [
      '<p>আপনার লিংকে নিবন্ধিত বন্ধু প্রথম ডিপোজিটে <strong>৳৫০০ বা তার বেশি</strong> জমা দিলে আপনি পাবেন <strong>৳১০০</strong>।</p>',
      '<p>When a friend who registered through your link makes a first deposit of <strong>৳500 or more</strong>, you get <strong>৳100</strong>.</p>',
    ],
  );
  await insert(
    'REFERRAL_REGISTER',
    20_00n,
    0n,
    3,
    ['বন্ধু নিবন্ধনে ৳২০', '৳20 for every friend who signs up'],
    [
      '<p>আপনার লিংকে প্রতিটি বন্ধুর নিবন্ধনে <strong>৳২০</strong>। একই ডিভাইস বা আইপি থেকে নিবন্ধন গণ্য নয়।</p>',
      '<p><strong>৳20</strong> for every friend who registers through your link. Sign-ups from your own device or address do not count.</p>',
    ],
  );

  const members = createMemberService({ db: tx, clock: systemClock });
  const referrer = await members.createMember(tx, {
    merchantId,
    username: DEMO_REFERRER.username,
    password: DEMO_REFERRER.password,
    passwordHash: await demoPasswordHash(DEMO_REFERRER.password),
    nickname: 'Referrer 01',
  });
  const promotions = promotionServiceFor({
    db: tx as unknown as Db,
    clock: systemClock,
    events: createEventBus(),
  });
  const live = await promotions.live(tx, merchantId);
  const onRegister = live.find((p) => p.trigger === 'REFERRAL_REGISTER')!;
  for (const [i, username] of DEMO_INVITEES.entries()) {
    // registered through the referrer's link: the referrer is their upline, as registration makes it
    const friend = await members.createMember(tx, {
      merchantId,
      username,
      password: FRIEND_PASSWORD,
      passwordHash: await demoPasswordHash(FRIEND_PASSWORD),
      parentId: referrer.id,
      registeredIp: `10.20.0.${i + 1}`,
    });
    await tx.execute(
      sql`insert into member_profile (member_id, merchant_id, referrer_id, register_mode, register_method, created_at)
          values (${friend.id}, ${merchantId}, ${referrer.id}, 'username', 'WEB', now())`,
    );
    await tx.execute(
      sql`insert into member_referral (invitee_id, merchant_id, referrer_id, ip) values (${friend.id}, ${merchantId},
            ${referrer.id}, ${`10.20.0.${i + 1}`})`,
    );
    await promotions.award(tx, onRegister, { memberId: referrer.id, occurrence: String(friend.id) });
  }
  return [
    `Referral:        ${DEMO_REFERRER.username} / ${DEMO_REFERRER.password} invited ${DEMO_INVITEES.join(', ')} / ${FRIEND_PASSWORD} (৳20 per sign-up, ৳100 per first deposit of ৳500+)`,
  ];
};
