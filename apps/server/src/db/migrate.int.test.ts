import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { migrate, migrationChecksum, MigrationEditedError, MIGRATIONS_DIR } from './migrate.js';
import { serverProcessEnv } from '../test/server-process.js';

/**
 * Editing a migration after it was applied is refused, by `migrate()` itself, by the server's start and
 * by `npm run migrate`. The database here is migrated from a copy of the migrations directory whose
 * 0009_ledger.sql carries one more line: to this database the shipped 0009_ledger.sql is then a file
 * edited after it was applied, which is what the start and the command (both reading the shipped
 * directory) must see. Runs on PGlite (a data directory, so child processes can open it) or on the
 * PostgreSQL of DATABASE_URL (a database of its own).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EDITED = '0009_ledger.sql';
const baseUrl = process.env.DATABASE_URL;

let tmp: string;
let copyDir: string;
let dataDir: string | undefined;
let dbUrl: string | undefined;

const open = () => openDatabase(dbUrl ? { databaseUrl: dbUrl, poolMax: 2 } : { dataDir });
async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await open();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
const checksums = async (db: Database) =>
  Object.fromEntries(
    (await db.withConnection((q) => q('select version, checksum from schema_migrations'))).map((r) => [
      String(r.version),
      r.checksum as string | null,
    ]),
  );
const fileSum = (dir: string, file: string) => migrationChecksum(fs.readFileSync(path.join(dir, file)));

/** Runs a command in apps/server against this file's database; answers its exit code and output. */
function run(cmd: string, args: string[]) {
  const env = serverProcessEnv(dbUrl ? { url: dbUrl } : { dataDir });
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    // a start that does not refuse serves until killed: fail the test instead of hanging it
    const guard = setTimeout(() => p.kill('SIGKILL'), 90_000);
    p.on('error', reject);
    p.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, out });
    });
  });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-migrate-'));
  copyDir = path.join(tmp, 'migrations');
  fs.cpSync(MIGRATIONS_DIR, copyDir, { recursive: true });
  fs.appendFileSync(path.join(copyDir, EDITED), '\n-- a line the shipped file no longer has\n');
  if (baseUrl) {
    const name = `bp_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
  } else {
    dataDir = path.join(tmp, 'data');
  }
});

afterAll(async () => {
  if (dbUrl && baseUrl) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(dbUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('migration checksums', () => {
  // a fresh migration of a PGlite data directory takes a while on a busy machine
  it(
    'records the SHA-256 of every applied file and backfills rows that predate checksums',
    { timeout: 120_000 },
    async () => {
      await withDb(async (db) => {
        const applied = await migrate(db, copyDir);
        const files = fs.readdirSync(copyDir).filter((f) => f.endsWith('.sql'));
        expect(applied).toHaveLength(files.length);
        const sums = await checksums(db);
        for (const f of files) expect(sums[f.replace(/\.sql$/, '')]).toBe(fileSum(copyDir, f));

        // a database migrated before checksums were kept: the column is missing
        await db.exec('alter table schema_migrations drop column checksum');
        expect(await migrate(db, copyDir)).toEqual([]);
        expect(await checksums(db)).toEqual(sums);
      });
    },
  );

  it('refuses, naming the file, when an applied migration was edited, and applies nothing', async () => {
    await withDb(async (db) => {
      const before = await checksums(db);
      // the shipped directory, against this database: its 0009_ledger.sql differs from what ran
      const shipped = migrate(db, MIGRATIONS_DIR);
      await expect(shipped).rejects.toBeInstanceOf(MigrationEditedError);
      await expect(shipped).rejects.toThrow(
        /migration 0009_ledger\.sql was edited after it was applied to this database/,
      );

      // one more edit (a single newline is an edit), and a new migration waiting behind it
      fs.appendFileSync(path.join(copyDir, '0013_transfer.sql'), '\n');
      fs.writeFileSync(path.join(copyDir, '0999_later.sql'), 'create table migrate_test_later (id int);');
      const edited = await migrate(db, copyDir).catch((e: unknown) => e);
      expect(edited).toBeInstanceOf(MigrationEditedError);
      expect((edited as MigrationEditedError).edited.map((e) => e.file)).toEqual(['0013_transfer.sql']);
      expect((edited as Error).message).toContain('0013_transfer.sql');
      expect(await checksums(db)).toEqual(before);

      // restoring the applied text is the way out; the waiting migration runs then
      fs.writeFileSync(
        path.join(copyDir, '0013_transfer.sql'),
        fs.readFileSync(path.join(MIGRATIONS_DIR, '0013_transfer.sql')),
      );
      expect(await migrate(db, copyDir)).toEqual(['0999_later']);
    });
  });

  it(
    'the server start and npm run migrate both refuse with the file name',
    { timeout: 240_000 },
    async () => {
      const expected = /migration 0009_ledger\.sql was edited after it was applied to this database/;
      const start = await run(process.execPath, ['--import', 'tsx', 'src/main.ts']);
      expect(start.out).toMatch(expected);
      expect(start.code).toBe(1);
      const cli = await run('npm', ['run', '-s', 'migrate']);
      expect(cli.out).toMatch(expected);
      expect(cli.code).toBe(1);
      // and neither served nor seeded anything on the way
      await withDb(async (db) => {
        const [m] = await db.withConnection((q) => q('select count(*)::int as n from merchant'));
        expect(m?.n).toBe(0);
      });
    },
  );
});
