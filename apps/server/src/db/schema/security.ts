import { bigint, bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { merchant } from './merchant.js';
import { loginPending, member } from './member.js';

/**
 * Every mail the platform sends. Without SMTP this table is the delivery channel (the demo reads it
 * through the operator API); with SMTP it is the record, and the secrets in the body are masked.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchant.id, { onDelete: 'cascade' }),
    memberId: integer('member_id'),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    transport: text('transport').$type<'outbox' | 'smtp'>().notNull(),
    status: text('status').$type<'stored' | 'sent' | 'failed'>().notNull(),
    messageId: text('message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_merchant_created_idx').on(t.merchantId, t.createdAt)],
);

/** rate-limiter-flexible's counters (platform/throttle.ts); the library issues the queries. */
export const throttleCounter = pgTable(
  'throttle_counter',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('throttle_counter_expire_idx').on(t.expire)],
);

export const passwordReset = pgTable('password_reset', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  memberId: integer('member_id')
    .notNull()
    .references(() => member.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  codeSalt: text('code_salt').notNull(),
  attempts: integer('attempts').notNull().default(0),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const loginEmailCode = pgTable('login_email_code', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  memberId: integer('member_id')
    .notNull()
    .references(() => member.id, { onDelete: 'cascade' }),
  pendingId: bigint('pending_id', { mode: 'number' })
    .notNull()
    .references(() => loginPending.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  codeSalt: text('code_salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const memberTotp = pgTable('member_totp', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  pendingSecret: text('pending_secret'),
  pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
