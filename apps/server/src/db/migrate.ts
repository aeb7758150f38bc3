import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727001;
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/** SHA-256 (hex) of a migration file's bytes, as recorded in schema_migrations.checksum. */
export const migrationChecksum = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface EditedMigration {
  file: string;
  recorded: string;
  current: string;
}

/**
 * The database holds migrations whose files changed after they were applied: what the files say is
 * no longer what the database ran, so neither start nor `npm run migrate` goes on. The way out is to
 * restore the file as it was applied and put the change in a new migration.
 */
export class MigrationEditedError extends Error {
  constructor(readonly edited: EditedMigration[]) {
    super(
      edited
        .map(
          (e) =>
            `migration ${e.file} was edited after it was applied to this database ` +
            `(sha256 applied ${e.recorded.slice(0, 12)}…, file now ${e.current.slice(0, 12)}…)`,
        )
        .join('; ') + '. Restore the applied text and put the change in a new migration.',
    );
    this.name = 'MigrationEditedError';
  }
}

/**
 * Versioned, forward-only SQL migrations: `NNNN_name.sql`, applied in order, each in its own
 * transaction, recorded in schema_migrations with the SHA-256 of the file's bytes. A session advisory
 * lock on one dedicated connection keeps two instances starting at once from racing.
 *
 * Before applying anything, every applied migration's file is compared with its recorded checksum and
 * an edited one refuses the run (MigrationEditedError, naming the files). Rows from before checksums
 * were kept (checksum null) take the file as it is now. An applied version without a file here is a
 * later release's migration (an older instance restarting during a rolling deploy) and is left alone.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort()
    .map((file) => {
      const body = fs.readFileSync(path.join(dir, file));
      return { file, version: file.replace(/\.sql$/, ''), body, checksum: migrationChecksum(body) };
    });
  return database.withConnection(async (query) => {
    await query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await query(`create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now(),
        checksum text);
        alter table schema_migrations add column if not exists checksum text`);
      const recorded = new Map(
        (await query('select version, checksum from schema_migrations')).map((r) => [
          String(r.version),
          r.checksum == null ? null : String(r.checksum),
        ]),
      );
      const edited: EditedMigration[] = [];
      const backfill: typeof files = [];
      for (const f of files) {
        if (!recorded.has(f.version)) continue;
        const sum = recorded.get(f.version);
        if (sum == null) backfill.push(f);
        else if (sum !== f.checksum) edited.push({ file: f.file, recorded: sum, current: f.checksum });
      }
      if (edited.length) throw new MigrationEditedError(edited);
      if (backfill.length) {
        // versions match MIGRATION_FILE and checksums are hex: nothing here needs quoting
        const updates = backfill.map(
          (f) =>
            `update schema_migrations set checksum = '${f.checksum}' where version = '${f.version}' and checksum is null;`,
        );
        try {
          await query(`begin;\n${updates.join('\n')}\ncommit;`);
        } catch (err) {
          await query('rollback').catch(() => {});
          throw err;
        }
      }
      const applied: string[] = [];
      for (const f of files) {
        if (recorded.has(f.version)) continue;
        try {
          await query(
            `begin;\n${f.body.toString('utf8')}\n;\n` +
              `insert into schema_migrations(version, checksum) values ('${f.version}', '${f.checksum}');\ncommit;`,
          );
        } catch (err) {
          await query('rollback').catch(() => {});
          throw new Error(`migration ${f.version} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(f.version);
      }
      return applied;
    } finally {
      await query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
