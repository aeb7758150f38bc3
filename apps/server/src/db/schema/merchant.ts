import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const merchant = pgTable('merchant', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  currencyDecimals: smallint('currency_decimals').notNull().default(2),
  languages: text('languages').array().notNull(),
  defaultLanguage: text('default_language').notNull(),
  theme: text('theme').$type<'dark' | 'light'>().notNull().default('dark'),
  timeZone: text('time_zone').notNull().default('Asia/Dhaka'),
  logoUrl: text('logo_url'),
  copyright: text('copyright').notNull().default(''),
  socialLinks: jsonb('social_links').$type<{ type: string; url: string }[]>().notNull().default([]),
  mainDomain: text('main_domain').notNull(),
  gtagId: text('gtag_id'),
  imageCdns: text('image_cdns').array().notNull().default([]),
  launchGameCdns: text('launch_game_cdns').array().notNull().default([]),
  /** extra origins allowed to call the API from a browser (platform/cors.ts) */
  corsOrigins: text('cors_origins').array().notNull().default([]),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const merchantDomain = pgTable('merchant_domain', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  domain: text('domain').notNull().unique(),
  routeType: text('route_type').$type<'MAIN' | 'AGENT' | 'APP' | 'MOBILE'>().notNull().default('MAIN'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const merchantModule = pgTable(
  'merchant_module',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchant.id, { onDelete: 'cascade' }),
    modId: text('mod_id').notNull(),
    parentModId: text('parent_mod_id'),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.modId] })],
);
