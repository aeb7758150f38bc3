import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { merchant } from './merchant.js';

/** Per-language text: upper-case language code -> text. */
export type TLocalized = Record<string, string>;
export type TContentPlatform = 'W' | 'M' | 'ALL';

const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' });
const tz = (name: string) => timestamp(name, { withTimezone: true });

export const siteMaintenance = pgTable('site_maintenance', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  startTime: tz('start_time'),
  endTime: tz('end_time'),
  message: text('message'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const regionRule = pgTable('region_rule', {
  id: serial('id').primaryKey(),
  merchantId: merchantId(),
  action: text('action').$type<'allow' | 'deny'>().notNull(),
  kind: text('kind').$type<'country' | 'cidr'>().notNull(),
  value: text('value').notNull(),
  note: text('note').notNull().default(''),
  priority: integer('priority').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const banner = pgTable('banner', {
  id: serial('id').primaryKey(),
  merchantId: merchantId(),
  groupName: text('group_name').notNull(),
  title: jsonb('title').$type<TLocalized>().notNull().default({}),
  imageUrl: text('image_url').notNull(),
  sequence: integer('sequence').notNull().default(0),
  linkageType: text('linkage_type').$type<'URL' | 'NONE' | 'PROMOTION' | 'GAME'>().notNull().default('NONE'),
  redirect: text('redirect'),
  externalLink: text('external_link'),
  redirectPromotionId: integer('redirect_promotion_id'),
  gameLinkageMapping: text('game_linkage_mapping'),
  platform: text('platform').$type<TContentPlatform>().notNull().default('ALL'),
  active: boolean('active').notNull().default(true),
  startDate: tz('start_date'),
  endDate: tz('end_date'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const notice = pgTable('notice', {
  id: serial('id').primaryKey(),
  merchantId: merchantId(),
  title: jsonb('title').$type<TLocalized>().notNull().default({}),
  content: jsonb('content').$type<TLocalized>().notNull().default({}),
  externalLink: text('external_link'),
  displaySpeed: integer('display_speed').notNull().default(50),
  sequence: integer('sequence').notNull().default(0),
  platform: text('platform').$type<TContentPlatform>().notNull().default('ALL'),
  active: boolean('active').notNull().default(true),
  startDate: tz('start_date'),
  endDate: tz('end_date'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const popup = pgTable('popup', {
  id: serial('id').primaryKey(),
  merchantId: merchantId(),
  title: jsonb('title').$type<TLocalized>().notNull().default({}),
  content: jsonb('content').$type<TLocalized>().notNull().default({}),
  execution: text('execution').$type<'A' | 'B' | 'F'>().notNull(),
  promotionType: text('promotion_type'),
  platform: text('platform').$type<TContentPlatform>().notNull().default('ALL'),
  sequence: integer('sequence').notNull().default(0),
  active: boolean('active').notNull().default(true),
  startDate: tz('start_date'),
  endDate: tz('end_date'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const promotionAnnouncement = pgTable('promotion_announcement', {
  id: serial('id').primaryKey(),
  merchantId: merchantId(),
  category: text('category').notNull(),
  title: jsonb('title').$type<TLocalized>().notNull().default({}),
  content: jsonb('content').$type<TLocalized>().notNull().default({}),
  images: jsonb('images').$type<{ sequence: number; url: string }[]>().notNull().default([]),
  platform: text('platform').$type<TContentPlatform>().notNull().default('ALL'),
  sequence: integer('sequence').notNull().default(0),
  active: boolean('active').notNull().default(true),
  startDate: tz('start_date'),
  endDate: tz('end_date'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const helpArticle = pgTable('help_article', {
  id: serial('id').primaryKey(),
  merchantId: merchantId(),
  parentId: integer('parent_id').references((): AnyPgColumn => helpArticle.id, { onDelete: 'cascade' }),
  tag: text('tag').notNull(),
  lang: text('lang').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  bgColor: text('bg_color'),
  display: boolean('display').notNull().default(true),
  device: text('device').$type<'ALL' | 'WEB' | 'MOBILE'>().notNull().default('ALL'),
  sequence: integer('sequence').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const customerService = pgTable('customer_service', {
  id: serial('id').primaryKey(),
  merchantId: merchantId(),
  csType: text('cs_type').notNull(),
  name: text('name').notNull(),
  path: text('path').notNull(),
  sequence: integer('sequence').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const siteResource = pgTable('site_resource', {
  id: serial('id').primaryKey(),
  merchantId: merchantId(),
  resourceType: text('resource_type').notNull(),
  labelNameEn: text('label_name_en').notNull(),
  url: text('url').notNull(),
  sequence: integer('sequence').notNull().default(0),
});

export const merchantCountry = pgTable(
  'merchant_country',
  {
    merchantId: merchantId(),
    countryCode: text('country_code').notNull(),
    dialingCode: text('dialing_code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.countryCode] })],
);

export const registerFieldRule = pgTable(
  'register_field_rule',
  {
    merchantId: merchantId(),
    field: text('field').notNull(),
    acceptedPattern: text('accepted_pattern').notNull().default('*'),
    minLength: integer('min_length').notNull().default(0),
    maxLength: integer('max_length').notNull().default(255),
    patternId: integer('pattern_id').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    required: boolean('required').notNull().default(false),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.field] })],
);
