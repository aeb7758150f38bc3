// The slowest tests of a tier. Test reporters (scripts/slowest-vitest.mjs, e2e/slowest-reporter.ts)
// hand their timings here: under the tier runner (scripts/test-tiers.mjs, which sets TEST_TIMINGS_FILE)
// they are appended to that file and the runner prints the ten slowest of the whole tier; run on their
// own, the reporter prints its ten slowest itself.
import fs from 'node:fs';
import path from 'node:path';

/** @typedef {{ name: string; file: string; ms: number }} Timing */

/** @param {string} title @param {Timing[]} rows */
export function recordOrPrint(title, rows) {
  const file = process.env.TEST_TIMINGS_FILE;
  if (file) {
    if (rows.length) fs.appendFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  } else printSlowest(title, rows);
}

/** @param {string} file @returns {Timing[]} */
export function readTimings(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** @param {string} title @param {Timing[]} rows @param {number} [n] */
export function printSlowest(title, rows, n = 10) {
  const top = [...rows].sort((a, b) => b.ms - a.ms).slice(0, n);
  if (!top.length) return;
  const lines = top.map(
    (r, i) =>
      `${String(i + 1).padStart(3)}. ${(r.ms / 1000).toFixed(2).padStart(7)} s  ${path.relative(process.cwd(), r.file) || r.file} > ${r.name}`,
  );
  process.stdout.write(
    `\n${title}: the ${top.length} slowest of ${rows.length} tests\n${lines.join('\n')}\n`,
  );
}
