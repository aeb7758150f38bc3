import { bigserial, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TSmsPurpose } from '@bp/contract';
import { merchant } from './merchant.js';

export const smsSetting = pgTable('sms_setting', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  expiredMinutes: integer('expired_minutes').notNull().default(5),
  maxAttempts: integer('max_attempts').notNull().default(5),
  perNumberPerHour: integer('per_number_per_hour').notNull().default(5),
  perIpPerHour: integer('per_ip_per_hour').notNull().default(20),
  dailyQuota: integer('daily_quota').notNull().default(10000),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const smsCode = pgTable('sms_code', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  mobile: text('mobile').notNull(),
  countryDialingCode: text('country_dialing_code').notNull(),
  purpose: text('purpose').$type<TSmsPurpose>().notNull(),
  codeHash: text('code_hash').notNull(),
  delivered: boolean('delivered').notNull().default(true),
  memberId: integer('member_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  mobile: text('mobile').notNull(),
  countryDialingCode: text('country_dialing_code').notNull(),
  text: text('text').notNull(),
  purpose: text('purpose').$type<TSmsPurpose>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
