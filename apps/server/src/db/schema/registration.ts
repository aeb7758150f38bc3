import { bigint, boolean, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { merchant } from './merchant.js';
import { member } from './member.js';

export const agentAffiliate = pgTable('agent_affiliate', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  memberId: integer('member_id')
    .notNull()
    .references(() => member.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  codeKey: text('code_key').notNull(),
  domain: text('domain'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** what a registration through the code becomes: 0 member, 1 agent */
  memberType: smallint('member_type').notNull().default(0),
  remark: text('remark'),
  clickCount: bigint('click_count', { mode: 'bigint' }).notNull().default(0n),
  /** retired by its agent: the code resolves no more and is never reused */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const memberProfile = pgTable('member_profile', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  qqNum: text('qq_num'),
  line: text('line'),
  whatsapp: text('whatsapp'),
  facebook: text('facebook'),
  wechat: text('wechat'),
  idNumber: text('id_number'),
  recommenderId: text('recommender_id'),
  referrerId: integer('referrer_id'),
  affiliateId: integer('affiliate_id'),
  affiliateCode: text('affiliate_code'),
  registerMode: text('register_mode').$type<'username' | 'mobile'>().notNull(),
  /** ticked in the form, or taken as given by the front end (the merchant's consentRequired off) */
  consent: text('consent').$type<'explicit' | 'front_end'>().notNull().default('explicit'),
  registerMethod: text('register_method'),
  registerUrl: text('register_url'),
  registerDomain: text('register_domain'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
