import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './seed/index.js';

/**
 * `npm run migrate -w apps/server [-- --seed-demo]`: applies the migrations to the configured database
 * (DATABASE_URL, else the PGlite in DATA_DIR) and exits without serving, e.g. before a rolling deploy.
 * Like the server's start, it refuses a database where an applied migration's file was edited since.
 * It seeds nothing unless `--seed-demo` asks for the demo merchant (into an empty database only).
 */
async function run(args: string[]) {
  const unknown = args.filter((a) => a !== '--seed-demo');
  if (unknown.length) throw new Error(`unknown argument ${unknown[0]} (only --seed-demo)`);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    poolMax: 2,
  });
  try {
    const applied = await migrate(database);
    const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    process.stdout.write(
      applied.length
        ? `applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}\n`
        : `${where} is up to date\n`,
    );
    if (args.includes('--seed-demo')) {
      // as `npm start` seeds: the listening host (unless a wildcard) resolves to the demo merchant
      const listenHost = ['0.0.0.0', '::'].includes(config.host) ? [] : [config.host.toLowerCase()];
      const seed = await seedIfEmpty(database, { extraDomains: listenHost, fullCatalogue: true });
      process.stdout.write(
        seed.seeded
          ? `seeded the demo merchant ${seed.merchantCode}\n`
          : 'not seeded: the database has a merchant\n',
      );
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
