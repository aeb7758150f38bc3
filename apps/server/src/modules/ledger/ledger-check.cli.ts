/**
 * `npm run ledger:check -w apps/server [-- <merchant code>]`: checks the ledger invariants on the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR) and exits 1 when one fails.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { checkLedgerInvariants } from './ledger.invariants.js';
import { rows } from '../../platform/sql.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  const code = process.argv[2];
  let merchantId: number | undefined;
  if (code) {
    const [m] = await rows<{ id: number }>(database.db, sql`select id from merchant where code = ${code}`);
    if (!m) throw new Error(`no merchant ${code}`);
    merchantId = m.id;
  }
  const [stats] = await rows<{ accounts: number; entries: number }>(
    database.db,
    sql`select (select count(*)::int from ledger_account) as accounts, (select count(*)::int from ledger_entry) as entries`,
  );
  const problems = await checkLedgerInvariants(database.db, merchantId);
  for (const p of problems) console.error(p);
  console.log(
    `${problems.length === 0 ? 'ledger OK' : `ledger: ${problems.length} problem(s)`} ` +
      `(${stats!.accounts} accounts, ${stats!.entries} entries${code ? `, merchant ${code}` : ''})`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
