import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedIfEmpty } from '../seed/index.js';
import { buildApp, type AppDeps } from '../app.js';

/**
 * A fresh database per test file: in-memory PGlite by default, or a throwaway database created on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(
  opts: { poolMax?: number } = {},
): Promise<Database & { url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({});
  const name = `bp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: opts.poolMax ?? 5 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Migrated, demo-seeded database + built app (not listening; use app.inject or listen on port 0).
 * `sharing`: a second instance on another test app's database (several instances); closing it leaves
 * the database to its owner.
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    poolMax?: number;
    sharing?: TestApp;
  } = {},
): Promise<TestApp> {
  const database = opts.sharing?.database ?? (await createTestDatabase({ poolMax: opts.poolMax }));
  if (!opts.sharing) {
    await migrate(database);
    if (opts.seed !== false) await seedIfEmpty(database);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    ...opts.env,
  });
  const app = await buildApp({ config, database, ...opts.deps });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (!opts.sharing) await database.close();
    },
  };
}

export const DEMO = { merchant: 'demobdt' } as const;

/**
 * Asserts a secret is not in a response body or log text. A numeric code (SMS, TOTP, e-mail) is only
 * found where it stands alone: six digits also turn up inside timestamps and response times by chance.
 */
export function expectNoSecret(text: string, secret: string) {
  if (/^\d+$/.test(secret)) {
    const alone = new RegExp(`(?<![\\d.])${secret}(?!\\d)`);
    if (alone.test(text)) throw new Error(`secret code ${secret.slice(0, 2)}… found in text`);
    return;
  }
  if (text.includes(secret)) throw new Error(`secret ${secret.slice(0, 3)}… found in text`);
}
