import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ZBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Real PostgreSQL (node-postgres pool). Unset: embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** The job engine's own PostgreSQL pool (pg-boss), besides DB_POOL_MAX; unused on PGlite. */
  JOB_POOL_MAX: z.coerce.number().int().min(1).max(50).default(2),
  /** How often each instance's job workers look for queued runs (seconds, at least 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the throttle counters' keys in Redis (several deployments or test runs on one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('bp-thr'),
  /** Redis pub/sub channel that carries domain events between instances (only with REDIS_URL). */
  EVENT_CHANNEL: z.string().min(1).max(200).default('bp:events'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Honour X-Forwarded-For from this many proxies (or 'true' for any). The caller IP drives region rules. */
  TRUST_PROXY: z.string().default('false'),
  /** Built player site to serve on the same port; empty disables static serving. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Serve Prometheus metrics on /metrics; `false` closes it (envelope 404), e.g. when scraped another way. */
  METRICS_ENABLED: ZBool.default(true),
  /** Serve the API documentation (Swagger UI) on /docs; `false` closes it (envelope 404). */
  DOCS_ENABLED: ZBool.default(true),
  /** Seed the demo merchant, operator and content when the database has no merchant. */
  SEED_DEMO: ZBool.default(true),
  /** End-to-end runs: also seed this many copies of the demo merchant, e2e0, e2e1, ... (one per test worker). */
  E2E_MERCHANTS: z.coerce.number().int().min(0).max(16).default(0),
  /**
   * End-to-end runs only: the server's clock can be moved forward over HTTP (`/__e2e/clock`,
   * platform/e2e-clock.ts). Refused in production.
   */
  E2E_CLOCK_CONTROL: ZBool.default(false),
  /** Validate every response against its contract schema (slower; on in development and tests). */
  VALIDATE_RESPONSES: ZBool.optional(),
  /** Seals stored secrets (the payload-encryption private keys). Unset: stored plain (development, tests). */
  APP_SECRET: z.string().min(16).optional(),
  /** Outgoing mail (smtp://host:port or smtps://user:pass@host). Unset: mails land in the mail_outbox table only. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  /** Public base URL of the player site for links in mails; unset: the request's own origin. */
  PUBLIC_URL: z.string().url().optional(),
  /** Social login (OpenID Connect) defaults for every merchant; a merchant's own row in social_provider wins. */
  SOCIAL_GOOGLE_ISSUER: z.string().url().optional(),
  SOCIAL_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SOCIAL_FACEBOOK_ISSUER: z.string().url().optional(),
  SOCIAL_FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  /** Port of the built-in test payment gateway started beside the API (demo); `0` or empty: not started. */
  GATEWAY_PORT: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) <= 65535), 'a port number, 0 or empty')
    .default('8081'),
  /** Base URL of the seamless wallet the built-in game server calls; unset: this server's own address. */
  GAME_WALLET_URL: z.string().url().optional(),
  /** Built game iframe UI (apps/game-client) served under /gs/; empty disables it. */
  GAME_CLIENT_DIST: z.string().default(path.join(repoRoot, 'apps/game-client/dist')),
  /** Game rounds left open this long (a crash, a lost answer) are finished by the recovery job. */
  GAME_RECOVERY_AGE_MS: z.coerce.number().int().min(0).default(30_000),
});

/** GATEWAY_PORT -> a port, or undefined when the built-in gateway is off (`0`, empty, not a port). */
export function parseGatewayPort(raw: string | undefined): number | undefined {
  const v = (raw ?? '8081').trim();
  const port = Number(v);
  return /^\d{1,5}$/.test(v) && port >= 1 && port <= 65535 ? port : undefined;
}

/** Where the built-in gateway listens: loopback only, it is a test double (apps/test-gateway). */
export const builtInGatewayUrl = (port: number) => `http://127.0.0.1:${port}`;

export interface SocialProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolMax: number;
  /** pg-boss's pool (PostgreSQL); optional so hand-built test configs keep working */
  jobPoolMax?: number;
  jobPollSeconds?: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  eventChannel: string;
  logLevel: string;
  trustProxy: boolean | number;
  webDist: string;
  metricsEnabled: boolean;
  docsEnabled: boolean;
  seedDemo: boolean;
  e2eMerchants: number;
  /** e2e only: mount the clock control (platform/e2e-clock.ts); optional so hand-built test configs keep working */
  e2eClockControl?: boolean;
  validateResponses: boolean;
  appSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  social: Readonly<Partial<Record<'google' | 'facebook', SocialProviderConfig>>>;
  /** built-in test payment gateway port; undefined: not started */
  gatewayPort: number | undefined;
  /** seamless-wallet base URL of the built-in game server; undefined: its own listening address */
  gameWalletUrl: string | undefined;
  gameClientDist: string;
  gameRecoveryAgeMs: number;
}>;

/** Parse the environment once at boot; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.E2E_CLOCK_CONTROL && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  E2E_CLOCK_CONTROL: moves the server clock for end-to-end tests; never in production',
    );
  }
  const tp = e.TRUST_PROXY;
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    dbPoolMax: e.DB_POOL_MAX,
    jobPoolMax: e.JOB_POOL_MAX,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    eventChannel: e.EVENT_CHANNEL,
    logLevel: e.LOG_LEVEL,
    trustProxy: tp === 'true' ? true : /^\d+$/.test(tp) ? Number(tp) : false,
    webDist: e.WEB_DIST,
    metricsEnabled: e.METRICS_ENABLED,
    docsEnabled: e.DOCS_ENABLED,
    seedDemo: e.SEED_DEMO,
    e2eMerchants: e.E2E_MERCHANTS,
    e2eClockControl: e.E2E_CLOCK_CONTROL,
    validateResponses: e.VALIDATE_RESPONSES ?? e.NODE_ENV !== 'production',
    appSecret: e.APP_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    gatewayPort: parseGatewayPort(e.GATEWAY_PORT),
    gameWalletUrl: e.GAME_WALLET_URL?.replace(/\/+$/, ''),
    gameClientDist: e.GAME_CLIENT_DIST,
    gameRecoveryAgeMs: e.GAME_RECOVERY_AGE_MS,
    social: Object.freeze({
      ...(e.SOCIAL_GOOGLE_ISSUER && e.SOCIAL_GOOGLE_CLIENT_ID
        ? {
            google: {
              issuer: e.SOCIAL_GOOGLE_ISSUER,
              clientId: e.SOCIAL_GOOGLE_CLIENT_ID,
              clientSecret: e.SOCIAL_GOOGLE_CLIENT_SECRET,
            },
          }
        : {}),
      ...(e.SOCIAL_FACEBOOK_ISSUER && e.SOCIAL_FACEBOOK_CLIENT_ID
        ? {
            facebook: {
              issuer: e.SOCIAL_FACEBOOK_ISSUER,
              clientId: e.SOCIAL_FACEBOOK_CLIENT_ID,
              clientSecret: e.SOCIAL_FACEBOOK_CLIENT_SECRET,
            },
          }
        : {}),
    }),
  });
}
