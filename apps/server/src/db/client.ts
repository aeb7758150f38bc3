import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema/index.js';
import { trackCommits } from './after-commit.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either the database or an open transaction, so services decide the transaction boundary. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw multi-statement SQL. */
  exec(sqlText: string): Promise<void>;
  /** Run raw statements on one dedicated connection (session-level advisory locks, migrations). */
  withConnection<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  /**
   * One parameterised statement of a hot path: on PostgreSQL prepared once per connection under
   * `name` (later calls skip its parse and plan), on PGlite run as is. Answers its rows.
   */
  prepared: PreparedQuery;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const INT8 = 20;
// int8 must come back exact: money is integer minor units and may exceed 2^53 in aggregates.
pg.types.setTypeParser(INT8, (v) => BigInt(v));

export type RawQuery = (sqlText: string) => Promise<Record<string, unknown>[]>;
export type PreparedQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory. */
  dataDir?: string;
  poolMax?: number;
  /** Load a PGlite data-dir dump (tarball) instead of starting empty: a migrated template for tests. */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    pool.on('error', () => {
      /* idle client errors surface on the next query; without a listener they crash the process */
    });
    const db = trackCommits(drizzlePg({ client: pool, schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      exec: async (s) => {
        await pool.query(s);
      },
      withConnection: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn(async (q) => (await conn.query(q)).rows);
        } finally {
          conn.release();
        }
      },
      prepared: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query({ name, text, values })).rows as T[],
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    parsers: { [INT8]: (v: string) => BigInt(v) },
    // contrib extensions the migrations create must be loaded by every PGlite that opens the data
    // (templates and their copies alike): pg_trgm for the lobby's name search (0024)
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = trackCommits(drizzlePglite({ client, schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    exec: async (s) => {
      await client.exec(s);
    },
    withConnection: (fn) =>
      fn(async (q) => {
        const res = await client.exec(q);
        return (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[];
      }),
    prepared: async <T>(_name: string, text: string, values: unknown[]) =>
      (await client.query<T>(text, values)).rows,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
