/**
 * Starts the built product for the e2e run on a fresh database: a new PGlite data dir, or, when
 * DATABASE_URL is set, a throwaway database on that server (dropped when the server stops).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const port = process.env.E2E_PORT ?? '8181';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'true',
};

/**
 * A local OpenID Connect provider (oidc-provider, the same harness the server's tests use) stands in
 * for Google, so the social-login specs run the whole browser dance offline. It logs every visitor in
 * as one fixed identity.
 */
const { startTestOidcProvider } = await import('../apps/server/src/test/oidc.js');
const idp = await startTestOidcProvider();
// the callback on the demo merchant's address and on each e2e merchant's own domain (e2e0.e2e.test, ...)
const e2eHosts = Array.from({ length: Number(process.env.E2E_MERCHANTS ?? 0) }, (_, n) => `e2e${n}.e2e.test`);
idp.configure(
  ['127.0.0.1', ...e2eHosts].map((host) => `http://${host}:${port}/wps/session/social/google/callback`),
);
env.SOCIAL_GOOGLE_ISSUER = idp.issuer;
env.SOCIAL_GOOGLE_CLIENT_ID = idp.client.clientId;
env.SOCIAL_GOOGLE_CLIENT_SECRET = idp.client.clientSecret;

let dropDb: (() => Promise<void>) | undefined;
if (process.env.DATABASE_URL) {
  const name = `bp_e2e_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  // Playwright may kill this wrapper before the child's exit handler drops the database: drop the
  // leftovers of earlier runs here (only old ones, so a run going on beside this one keeps its own).
  const stale = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^bp_e2e_[0-9]+_' and split_part(datname, '_', 3)::bigint < $1`,
    [Math.floor(Date.now() / 1000) - 6 * 3600],
  );
  for (const { datname } of stale.rows)
    await admin.query(`drop database if exists ${datname}`).catch(() => {});
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDb = async () => {
    const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
} else {
  const dir = path.join(here, '.tmp', `data-${Date.now()}-${randomBytes(3).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  env.DATA_DIR = dir;
  dropDb = async () => fs.rmSync(dir, { recursive: true, force: true });
}

// the server as `npm start` runs it: the compiled build (npm run build -w apps/server)
const serverMain = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build -w apps/server`);
const child = spawn(process.execPath, ['--import', path.join(here, 'e2e-hosts.mjs'), serverMain], {
  env,
  stdio: 'inherit',
  cwd: root,
});
const stop = (sig: NodeJS.Signals) => child.kill(sig);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  void (async () => {
    await idp.close().catch(() => {});
    await dropDb?.().catch(() => {});
    process.exit(code ?? 0);
  })();
});
