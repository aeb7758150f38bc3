import { bigserial, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchant } from './merchant.js';
import { member } from './member.js';

export type TSocialProviderId = 'google' | 'facebook';

export const socialProvider = pgTable(
  'social_provider',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchant.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<TSocialProviderId>().notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret'),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.provider] })],
);

export const socialIdentity = pgTable('social_identity', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  memberId: integer('member_id')
    .notNull()
    .references(() => member.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<TSocialProviderId>().notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const socialFlow = pgTable('social_flow', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<TSocialProviderId>().notNull(),
  stateHash: text('state_hash').notNull().unique(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  returnPath: text('return_path').notNull().default('/'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const socialTicket = pgTable('social_ticket', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  ticketHash: text('ticket_hash').notNull().unique(),
  kind: text('kind').$type<'login' | 'bind'>().notNull(),
  provider: text('provider').$type<TSocialProviderId>().notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  name: text('name'),
  memberId: integer('member_id').references(() => member.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
