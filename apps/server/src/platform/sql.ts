import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/** Rows of a raw statement on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
