// The test tiers behind `npm test` and `npm run test:<tier>`: runs the named tiers in order, stops at the
// first failure, and prints each tier's wall time and its ten slowest tests (static has no tests).
//   node scripts/test-tiers.mjs static unit int e2e
// The database tiers run on PostgreSQL when DATABASE_URL is set, on embedded PGlite otherwise.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSlowest, readTimings } from './slowest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestReporters = `--reporter=default --reporter=${path.join(root, 'scripts/slowest-vitest.mjs')}`;

/** Each tier: its commands (run with the shell, in order) and whether a database is under it. */
const TIERS = {
  static: {
    db: false,
    // the checked-in database functions (apps/server/src/db/functions.sql) must match the migrations.
    // Type checking and the typed lint are each single-threaded: side by side they keep both cores busy.
    run: [
      {
        parallel: [
          'node scripts/check-tests.mjs && npm run db:functions:check -w apps/server && npm run typecheck',
          'npm run lint',
        ],
      },
    ],
  },
  unit: { db: false, run: [`npm run test:unit --workspaces --if-present -- ${vitestReporters}`] },
  int: { db: true, run: [`npm run test:int --workspaces --if-present -- ${vitestReporters}`] },
  e2e: {
    db: true,
    run: ['npm run build -w apps/web -w apps/game-client -w apps/server', 'npm run test -w e2e'],
  },
};

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in TIERS));
if (!names.length || unknown.length) {
  console.error(`usage: node scripts/test-tiers.mjs <${Object.keys(TIERS).join('|')}>...`);
  process.exit(2);
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const run = (command, env) =>
  new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit', cwd: root, env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/** Runs commands side by side; each one's output is printed whole when it ends, so none interleave. */
const runParallel = (commands, env) =>
  Promise.all(
    commands.map(
      (command) =>
        new Promise((resolve) => {
          const started = performance.now();
          const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], cwd: root, env });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (code, signal) => {
            const status = code ?? (signal ? 1 : 0);
            const seconds = ((performance.now() - started) / 1000).toFixed(1);
            console.log(`\n--- ${command} (${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s)`);
            process.stdout.write(Buffer.concat(out));
            resolve(status);
          });
        }),
    ),
  ).then((codes) => codes.find((c) => c !== 0) ?? 0);

const done = [];
let failed = false;
for (const name of names) {
  const tier = TIERS[name];
  const label = tier.db ? `${name} (${database})` : name;
  const timings = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tier-')), 'timings.jsonl');
  const env = { ...process.env, TEST_TIMINGS_FILE: timings };
  console.log(`\n=== tier ${label}`);
  const started = performance.now();
  let code = 0;
  for (const command of tier.run) {
    code = typeof command === 'string' ? await run(command, env) : await runParallel(command.parallel, env);
    if (code !== 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = readTimings(timings);
  fs.rmSync(path.dirname(timings), { recursive: true, force: true });
  printSlowest(`Tier ${label}`, rows);
  console.log(`=== tier ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  done.push({ label, seconds, tests: rows.length, ok: code === 0 });
  if (code !== 0) {
    failed = true;
    break;
  }
}

const total = done.reduce((s, t) => s + t.seconds, 0);
console.log('\nTier wall times');
for (const t of done)
  console.log(
    `  ${t.label.padEnd(20)} ${t.seconds.toFixed(1).padStart(7)} s  ${t.tests ? `${t.tests} tests` : ''}${t.ok ? '' : '  FAILED'}`,
  );
console.log(`  ${'total'.padEnd(20)} ${total.toFixed(1).padStart(7)} s`);
// a line .ci/run collects into its own summary
if (process.env.TIER_SUMMARY_FILE)
  fs.appendFileSync(
    process.env.TIER_SUMMARY_FILE,
    done
      .map((t) => `${t.label}\t${t.seconds.toFixed(1)}\t${t.tests}\t${t.ok ? 'passed' : 'FAILED'}\n`)
      .join(''),
  );
process.exit(failed ? 1 : 0);
