import { buildTemplates } from './database.js';

/**
 * The int project's globalSetup: migrates and seeds once per run (a template the test files clone,
 * see database.ts), and at the end drops it and prints what each file's set-up took.
 */
export default async function setup() {
  const { ms, setups, teardown } = await buildTemplates();
  const where = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  process.stdout.write(`int: ${where} template migrated and seeded in ${Math.round(ms)} ms\n`);
  return async () => {
    const s = setups();
    if (s.length) {
      const stat = (xs: number[]) => {
        const sorted = [...xs].sort((a, b) => a - b);
        const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
        return `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${sorted[sorted.length - 1]} ms`;
      };
      process.stdout.write(
        `int: per-file set-up on ${where} (${s.length} test apps): database clone ${stat(s.map((x) => x.databaseMs))}; ` +
          `clone + app ${stat(s.map((x) => x.totalMs))}\n`,
      );
    }
    await teardown();
  };
}
