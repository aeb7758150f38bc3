import { sql } from 'drizzle-orm';
import { ticketConfigJson, type TicketConfig } from '@bp/games';
import type { Tx } from '../db/client.js';
import { sanitizeHtml } from '../modules/system/index.js';
import type { Seeder } from './index.js';

/**
 * The demo's sign-up wheel (issue 16): every member who registers gets a prize wheel ticket to spin
 * in the reward centre. Cash prizes only (minor units: 200 = 2.00), so every spin shows money landing
 * in the wallet; a bonus prize with wagering is what operators add for their own wheels.
 */
export const DEMO_SIGNUP_WHEEL: TicketConfig = {
  game: 'wheel',
  prizes: [
    { kind: 'cash', amount: '500', weight: 30, label: '5' },
    { kind: 'cash', amount: '1000', weight: 25, label: '10' },
    { kind: 'cash', amount: '200', weight: 20, label: '2' },
    { kind: 'cash', amount: '2000', weight: 12, label: '20' },
    { kind: 'cash', amount: '5000', weight: 6, label: '50' },
    { kind: 'cash', amount: '300', weight: 4, label: '3' },
    { kind: 'cash', amount: '10000', weight: 2, label: '100' },
    { kind: 'cash', amount: '50000', weight: 1, label: '500' },
  ],
};

export const seedDemoTicket: Seeder = async (tx: Tx, { merchantId }) => {
  const content = {
    BN: sanitizeHtml(
      '<p>নিবন্ধন করুন এবং পুরস্কার কেন্দ্রে একটি <strong>ভাগ্যের চাকা</strong> ঘোরান: প্রতিটি ঘূর্ণনে নগদ পুরস্কার।</p>',
    ),
    EN: sanitizeHtml(
      '<p>Register and spin a <strong>lucky wheel</strong> in the reward centre: every spin pays cash.</p>',
    ),
  };
  // sequence -1: paid first at registration, listed first among the promotions
  await tx.execute(
    sql`insert into promotion (merchant_id, category, tags, title, content, sequence, audience, trigger,
          reward_kind, ticket_config, wagering_x100, wagering_base, expiry_days)
        values (${merchantId}, 'new_player', '{NEWBIE}'::text[],
          ${JSON.stringify({ BN: 'নতুন সদস্যের ভাগ্যের চাকা', EN: 'Lucky wheel for new members' })}::jsonb,
          ${JSON.stringify(content)}::jsonb, -1, 'NEW_MEMBERS', 'SIGN_UP', 'TICKET',
          ${JSON.stringify(ticketConfigJson(DEMO_SIGNUP_WHEEL))}::jsonb, 0, 'BONUS', 30)`,
  );
};
