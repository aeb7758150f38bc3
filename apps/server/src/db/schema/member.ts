import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchant } from './merchant.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const merchantRef = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchant.id, { onDelete: 'cascade' });

export const member = pgTable('member', {
  id: serial('id').primaryKey(),
  merchantId: merchantRef(),
  username: text('username').notNull(),
  usernameKey: text('username_key').notNull(),
  passwordHash: text('password_hash').notNull(),
  type: smallint('type').notNull().default(0),
  status: text('status').$type<'active' | 'blocked'>().notNull().default('active'),
  nickname: text('nickname'),
  payeeName: text('payee_name'),
  email: text('email'),
  mobile: text('mobile'),
  countryDialingCode: text('country_dialing_code'),
  referralCode: text('referral_code').notNull(),
  parentId: integer('parent_id'),
  vipLabel: text('vip_label').notNull().default('VIP0'),
  language: text('language'),
  avatar: text('avatar'),
  firstLoginAt: ts('first_login_at'),
  lastLoginAt: ts('last_login_at'),
  passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  paymentPasswordHash: text('payment_password_hash'),
  totpSecret: text('totp_secret'),
  totpBoundAt: ts('totp_bound_at'),
  registeredIp: text('registered_ip'),
  registerDevice: text('register_device'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const memberTree = pgTable(
  'member_tree',
  {
    merchantId: merchantRef(),
    ancestorId: integer('ancestor_id').notNull(),
    descendantId: integer('descendant_id').notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.descendantId] })],
);

export const memberSession = pgTable('member_session', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: integer('member_id').notNull(),
  merchantId: merchantRef(),
  tokenHash: text('token_hash').notNull().unique(),
  deviceId: text('device_id'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  maxExpiresAt: ts('max_expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokedReason: text('revoked_reason'),
});

export const memberKnownIp = pgTable(
  'member_known_ip',
  {
    memberId: integer('member_id').notNull(),
    merchantId: merchantRef(),
    ip: text('ip').notNull(),
    firstSeen: ts('first_seen').notNull(),
    lastSeen: ts('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.ip] })],
);

export const loginPending = pgTable('login_pending', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ticketHash: text('ticket_hash').notNull().unique(),
  memberId: integer('member_id').notNull(),
  merchantId: merchantRef(),
  reason: text('reason').$type<'ip_verify' | 'bind'>().notNull(),
  methods: text('methods').array().notNull().default([]),
  loginType: text('login_type').notNull().default('username'),
  agentLogin: boolean('agent_login').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  ip: text('ip'),
  deviceId: text('device_id'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const authEvent = pgTable('auth_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: merchantRef(),
  memberId: integer('member_id'),
  username: text('username'),
  usernameKey: text('username_key'),
  kind: text('kind').notNull(),
  result: text('result').notNull(),
  ip: text('ip'),
  deviceId: text('device_id'),
  userAgent: text('user_agent'),
  detail: jsonb('detail'),
  createdAt: ts('created_at').notNull(),
});

export const memberAuthSetting = pgTable('member_auth_setting', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchant.id, { onDelete: 'cascade' }),
  singleSession: boolean('single_session').notNull().default(true),
  sessionIdleMinutes: integer('session_idle_minutes').notNull().default(60),
  sessionMaxHours: integer('session_max_hours').notNull().default(24),
  allowPlainPayloads: boolean('allow_plain_payloads').notNull().default(true),
  captchaAlways: boolean('captcha_always').notNull().default(false),
  sliderRequired: boolean('slider_required').notNull().default(true),
  consentRequired: boolean('consent_required').notNull().default(true),
  captchaAfterFailures: integer('captcha_after_failures').notNull().default(2),
  lockoutFailures: integer('lockout_failures').notNull().default(5),
  lockoutMinutes: integer('lockout_minutes').notNull().default(5),
  failureWindowMinutes: integer('failure_window_minutes').notNull().default(15),
  ipLockoutFailures: integer('ip_lockout_failures').notNull().default(20),
  defaultPassword: text('default_password'),
  passwordMaxAgeDays: integer('password_max_age_days').notNull().default(90),
  ageLimit: integer('age_limit').notNull().default(18),
  trialBalanceMinor: bigint('trial_balance_minor', { mode: 'bigint' }).notNull().default(200000n),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const rsaKey = pgTable('rsa_key', {
  id: text('id').primaryKey(),
  merchantId: merchantRef(),
  publicSpki: text('public_spki').notNull(),
  privatePkcs8: text('private_pkcs8').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull(),
  retiredAt: ts('retired_at'),
});

export const captcha = pgTable('captcha', {
  id: uuid('id').primaryKey(),
  merchantId: merchantRef(),
  answerHash: text('answer_hash').notNull(),
  browserId: text('browser_id').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const sliderChallenge = pgTable('slider_challenge', {
  id: uuid('id').primaryKey(),
  merchantId: merchantRef(),
  browserId: text('browser_id'),
  targetX: integer('target_x').notNull(),
  pieceY: integer('piece_y').notNull(),
  tolerance: integer('tolerance').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  verifiedAt: ts('verified_at'),
  tokenHash: text('token_hash').unique(),
  usedAt: ts('used_at'),
});
