import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727001;

/**
 * Versioned, forward-only SQL migrations: `NNNN_name.sql`, applied in order, each in its own
 * transaction, recorded in schema_migrations. A session advisory lock on one dedicated connection
 * keeps two instances starting at once from racing.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  return database.withConnection(async (query) => {
    await query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await query(`create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now())`);
      const done = new Set(
        (await query('select version from schema_migrations')).map((r) => String(r.version)),
      );
      const applied: string[] = [];
      for (const file of files) {
        const version = file.replace(/\.sql$/, '');
        if (done.has(version)) continue;
        const body = fs.readFileSync(path.join(dir, file), 'utf8');
        try {
          await query(
            `begin;\n${body}\n;\ninsert into schema_migrations(version) values ('${version}');\ncommit;`,
          );
        } catch (err) {
          await query('rollback').catch(() => {});
          throw new Error(`migration ${version} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(version);
      }
      return applied;
    } finally {
      await query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
