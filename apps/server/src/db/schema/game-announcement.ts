import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { merchant } from './merchant.js';
import type { TLocalized } from './site-content.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** Migration 0019. vendor_code / node_id reference the catalogue tables (raw SQL there, no drizzle). */
export const gameAnnouncement = pgTable('game_announcement', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  vendorCode: text('vendor_code').notNull(),
  nodeId: integer('node_id'),
  gameType: text('game_type'),
  title: jsonb('title').$type<TLocalized>().notNull().default({}),
  content: jsonb('content').$type<TLocalized>().notNull().default({}),
  sequence: integer('sequence').notNull().default(0),
  active: boolean('active').notNull().default(true),
  startDate: tz('start_date'),
  endDate: tz('end_date'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
