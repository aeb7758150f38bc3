/**
 * `npm run db:functions -w apps/server`: writes src/db/functions.sql, every database function and
 * trigger of the schema after all migrations, as PostgreSQL prints them, so the seamless wallet's SQL
 * reads in one file instead of across `create or replace` copies in several migrations.
 * `-- --check` (`npm run db:functions:check`, part of `npm run test:static`) only compares and exits 1
 * when the checked-in file is stale. Migrates a fresh in-memory PGlite; the order is fixed, so the
 * output is the same on every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client.js';
import { migrate, MIGRATIONS_DIR } from './migrate.js';

const OUT = path.join(MIGRATIONS_DIR, '..', 'functions.sql');
const SHOWN = 'apps/server/src/db/functions.sql';

// every schema but the system's own; extension-owned functions are the extension's, not ours
const FUNCTIONS = `
  select n.nspname as schema, p.proname as name,
         pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    and p.prokind in ('f', 'p')
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                    and d.objid = p.oid and d.deptype = 'e')
  order by 1, 2, 3`;
const TRIGGERS = `
  select n.nspname as schema, c.relname as tbl, t.tgname as name, pg_get_triggerdef(t.oid, true) as def
  from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
  where not t.tgisinternal and n.nspname not in ('pg_catalog', 'information_schema')
  order by 1, 2, 3`;

type Row = Record<string, unknown>;

/** The migration that last creates or alters `name` (a function or trigger): where its reasoning is. */
function lastChangedIn(kind: 'function' | 'trigger', name: string, migrations: [string, string][]) {
  const id = `(?:"?public"?\\.)?"?${name}"?`;
  const re = new RegExp(
    `(?:create\\s+(?:or\\s+replace\\s+)?(?:constraint\\s+)?|alter\\s+)${kind}\\s+${id}[\\s(]` +
      `|alter\\s+${kind}\\s+[^;]*?\\brename\\s+to\\s+${id}\\b`,
    'i',
  );
  return migrations.filter(([, body]) => re.test(body)).at(-1)?.[0];
}

async function renderFunctions(): Promise<string> {
  const database = await openDatabase({});
  try {
    await migrate(database);
    const [fns, trgs] = await database.withConnection(
      async (q) => [await q(FUNCTIONS), await q(TRIGGERS)] as const,
    );
    const migrations = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f): [string, string] => [f, fs.readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8')]);
    const from = (kind: 'function' | 'trigger', name: string) => {
      const file = lastChangedIn(kind, name, migrations);
      return file ? ` (last changed in migrations/${file})` : '';
    };
    const fn = (r: Row) =>
      `-- ${String(r.schema)}.${String(r.name)}(${String(r.args)})${from('function', String(r.name))}\n` +
      `${String(r.def).trimEnd()};\n`;
    const trg = (r: Row) =>
      `-- ${String(r.name)} on ${String(r.schema)}.${String(r.tbl)}${from('trigger', String(r.name))}\n` +
      `${String(r.def)};\n`;
    return [
      '-- GENERATED FILE: do not edit. Every database function and trigger of the schema after all',
      '-- migrations in migrations/, as PostgreSQL prints them (pg_get_functiondef, pg_get_triggerdef),',
      '-- so the seamless wallet reads in one place. A change goes into a new migration; then run',
      '--   npm run db:functions -w apps/server',
      '-- to regenerate this file. `npm run test:static` fails while it is stale.',
      '',
      `-- ${fns.length} functions`,
      '',
      fns.map(fn).join('\n'),
      `-- ${trgs.length} triggers`,
      '',
      trgs.map(trg).join('\n'),
    ].join('\n');
  } finally {
    await database.close();
  }
}

const text = await renderFunctions();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
  if (current !== text) {
    const a = current.split('\n');
    const b = text.split('\n');
    const found = b.findIndex((l, i) => l !== a[i]);
    const line = found === -1 ? b.length : found;
    console.error(
      `${SHOWN} is stale (first difference at line ${line + 1}: ${JSON.stringify(b[line] ?? '')}).\n` +
        'Regenerate it: npm run db:functions -w apps/server',
    );
    process.exit(1);
  }
  console.log(`${SHOWN} is up to date`);
} else {
  fs.writeFileSync(OUT, text);
  console.log(`wrote ${SHOWN}`);
}
