import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedIfEmpty } from '../seed/index.js';

/**
 * Test databases built from a template made once per run (vitest's globalSetup, `buildTemplates`):
 * on PostgreSQL (DATABASE_URL) a migrated and a migrated + demo-seeded database that each test file
 * clones with `CREATE DATABASE ... TEMPLATE`; on PGlite the same two as data directories that each
 * file copies. Without a template (a single script, the bench) the database is migrated and seeded in
 * place, as before.
 */

/** What a test database starts with. */
export type TestDatabaseContent = 'empty' | 'migrated' | 'seeded';

/** Set by `buildTemplates` for the run's workers: a database name (PostgreSQL) or a directory (PGlite). */
const TEMPLATE_ENV: Record<Exclude<TestDatabaseContent, 'empty'>, string> = {
  migrated: 'BP_TEST_TEMPLATE_MIGRATED',
  seeded: 'BP_TEST_TEMPLATE_SEEDED',
};

/** Names and directories of a run start with this and its start time, so later runs can drop leftovers. */
const PREFIX = 'bp_test_';
/** Leftovers of runs older than this are dropped by the next run's set-up (a killed run leaves them). */
const LEFTOVER_AGE_MS = 6 * 3600_000;

/** Set by `buildTemplates`: every database of the run starts with it, so the run's end drops them all. */
const RUN_ENV = 'BP_TEST_RUN';
const runStamp = () => `${Math.floor(Date.now() / 1000)}`;
const uniqueName = (kind: string) =>
  `${PREFIX}${process.env[RUN_ENV] ?? runStamp()}_${kind}_${process.pid}_${randomBytes(3).toString('hex')}`;

/** PGlite directories live in memory (/dev/shm) where there is one. */
function scratchRoot(): string {
  return fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}

function isLeftover(name: string): boolean {
  const m = new RegExp(`^${PREFIX}(\\d+)_`).exec(name);
  return !!m && Date.now() - Number(m[1]) * 1000 > LEFTOVER_AGE_MS;
}

async function withAdmin<T>(baseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const dbUrl = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export interface TestDatabase extends Database {
  /** PostgreSQL: the database's URL (for a child process). */
  url?: string;
  /** PGlite: the data directory (for a child process; one process at a time may own it). */
  dataDir?: string;
  /** Closes the connection and drops the database. */
  close(): Promise<void>;
  /** Closes the connection but keeps the data (hand a PGlite directory to a child process). */
  disconnect(): Promise<void>;
  /** Drops the database (after `disconnect`); safe to call twice. */
  drop(): Promise<void>;
}

/** Where the int run's set-up collects each file's set-up time (set by `buildTemplates`). */
const SETUP_LOG_ENV = 'BP_TEST_SETUP_LOG';

/** Notes one file's set-up time (database and app, ms) for the run's summary. */
export function noteSetup(databaseMs: number, totalMs: number) {
  const log = process.env[SETUP_LOG_ENV];
  if (log) fs.appendFileSync(log, `${Math.round(databaseMs)} ${Math.round(totalMs)}\n`);
}

/** How long the last `createTestDatabase` of this process took (ms). */
export let lastSetupMs = 0;

/**
 * A fresh database for one test file: a clone of the run's template when there is one, otherwise
 * made and (for `migrated`/`seeded`) migrated and seeded here.
 */
export async function createTestDatabase(
  opts: { poolMax?: number; content?: TestDatabaseContent } = {},
): Promise<TestDatabase> {
  const started = performance.now();
  const content = opts.content ?? 'empty';
  const template = content === 'empty' ? undefined : process.env[TEMPLATE_ENV[content]];
  const baseUrl = process.env.DATABASE_URL;
  let database: TestDatabase;
  if (baseUrl) {
    const name = uniqueName('db');
    await withAdmin(baseUrl, (c) =>
      c.query(`create database ${name}${template ? ` template ${template}` : ''}`),
    );
    const url = dbUrl(baseUrl, name);
    const open = await openDatabase({ databaseUrl: url, poolMax: opts.poolMax ?? 5 }).catch(async (err) => {
      await withAdmin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      throw err;
    });
    let connected = true;
    const disconnect = async () => {
      if (connected) await open.close();
      connected = false;
    };
    const drop = () =>
      withAdmin(baseUrl, async (c) => {
        await c.query(`drop database if exists ${name} with (force)`);
      });
    database = {
      ...open,
      url,
      disconnect,
      drop,
      close: async () => {
        await disconnect();
        await drop();
      },
    };
  } else {
    const dataDir = path.join(scratchRoot(), uniqueName('dir'));
    if (template) fs.cpSync(template, dataDir, { recursive: true });
    const open = await openDatabase({ dataDir }).catch((err) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    });
    let connected = true;
    const disconnect = async () => {
      if (connected) await open.close();
      connected = false;
    };
    const drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    database = {
      ...open,
      dataDir,
      disconnect,
      drop,
      close: async () => {
        await disconnect();
        await drop();
      },
    };
  }
  if (!template && content !== 'empty') {
    await migrate(database);
    if (content === 'seeded') await seedIfEmpty(database);
  }
  lastSetupMs = performance.now() - started;
  return database;
}

/**
 * Builds the run's templates (a migrated and a migrated + seeded database) on the database the run
 * uses, drops leftovers of runs older than six hours, and sets the environment the workers read.
 * Answers the teardown that drops the templates.
 */
export async function buildTemplates(): Promise<{
  ms: number;
  /** Each file's set-up so far: database clone and whole app (ms). */
  setups(): { databaseMs: number; totalMs: number }[];
  teardown(): Promise<void>;
}> {
  const started = performance.now();
  const run = `${runStamp()}_r${randomBytes(3).toString('hex')}`;
  process.env[RUN_ENV] = run;
  /** This run's databases and directories (a file that failed before closing its own leaves one). */
  const ofRun = (name: string) => name.startsWith(`${PREFIX}${run}_`);
  const setupLog = path.join(os.tmpdir(), `${uniqueName('setup')}.log`);
  fs.writeFileSync(setupLog, '');
  process.env[SETUP_LOG_ENV] = setupLog;
  const setups = () =>
    fs
      .readFileSync(setupLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const [databaseMs, totalMs] = l.split(' ').map(Number);
        return { databaseMs: databaseMs!, totalMs: totalMs! };
      });
  const baseUrl = process.env.DATABASE_URL;
  const names: Record<'migrated' | 'seeded', string> = {
    migrated: uniqueName('tplm'),
    seeded: uniqueName('tpls'),
  };
  let teardown: () => Promise<void>;
  if (baseUrl) {
    await withAdmin(baseUrl, async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname like '${PREFIX}%'`,
      );
      for (const r of rows.filter((x) => isLeftover(x.datname))) {
        await c.query(`drop database if exists ${r.datname} with (force)`);
      }
      await c.query(`create database ${names.migrated}`);
    });
    const m = await openDatabase({ databaseUrl: dbUrl(baseUrl, names.migrated), poolMax: 2 });
    await migrate(m);
    await m.close();
    await withAdmin(baseUrl, (c) => c.query(`create database ${names.seeded} template ${names.migrated}`));
    const s = await openDatabase({ databaseUrl: dbUrl(baseUrl, names.seeded), poolMax: 2 });
    await seedIfEmpty(s);
    await s.close();
    for (const k of ['migrated', 'seeded'] as const) process.env[TEMPLATE_ENV[k]] = names[k];
    teardown = () =>
      withAdmin(baseUrl, async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          `select datname from pg_database where datname like '${PREFIX}%'`,
        );
        for (const r of rows.filter((x) => ofRun(x.datname))) {
          await c.query(`drop database if exists ${r.datname} with (force)`);
        }
      });
  } else {
    const root = scratchRoot();
    for (const d of fs.readdirSync(root).filter(isLeftover)) {
      fs.rmSync(path.join(root, d), { recursive: true, force: true });
    }
    const dirs = { migrated: path.join(root, names.migrated), seeded: path.join(root, names.seeded) };
    const m = await openDatabase({ dataDir: dirs.migrated });
    await migrate(m);
    await m.close();
    fs.cpSync(dirs.migrated, dirs.seeded, { recursive: true });
    const s = await openDatabase({ dataDir: dirs.seeded });
    await seedIfEmpty(s);
    await s.close();
    for (const k of ['migrated', 'seeded'] as const) process.env[TEMPLATE_ENV[k]] = dirs[k];
    teardown = async () => {
      for (const d of fs.readdirSync(root).filter(ofRun)) {
        fs.rmSync(path.join(root, d), { recursive: true, force: true });
      }
    };
  }
  const dropTemplates = teardown;
  return {
    ms: performance.now() - started,
    setups,
    teardown: async () => {
      await dropTemplates();
      fs.rmSync(setupLog, { force: true });
    },
  };
}
