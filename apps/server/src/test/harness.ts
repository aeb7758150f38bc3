import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { buildApp, type AppDeps } from '../app.js';
import { createTestDatabase, lastSetupMs, noteSetup } from './database.js';

export { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Migrated, demo-seeded database (a clone of the run's template) + built app (not listening; use app.inject or listen on port 0).
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
  const started = performance.now();
  const database =
    opts.sharing?.database ??
    (await createTestDatabase({
      poolMax: opts.poolMax,
      content: opts.seed === false ? 'migrated' : 'seeded',
    }));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    // generating the OpenAPI document and /docs takes a fifth of an app's start; the tests that
    // read them ask for them (DOCS_ENABLED: 'true')
    DOCS_ENABLED: 'false',
    ...opts.env,
  });
  const app = await buildApp({ config, database, ...opts.deps });
  await app.ready();
  if (!opts.sharing) noteSetup(lastSetupMs, performance.now() - started);
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
