// A Vitest reporter that adds nothing to the default output but the tier's slowest tests (see slowest.mjs).
// The tier runner passes it on the command line: --reporter=default --reporter=<this file>.
import { recordOrPrint } from './slowest.mjs';

export default class SlowestTests {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    const rows = [];
    for (const mod of testModules) {
      for (const t of mod.children.allTests()) {
        const d = t.diagnostic();
        if (d) rows.push({ name: t.fullName, file: mod.moduleId, ms: d.duration });
      }
    }
    recordOrPrint('Slowest tests', rows);
  }
}
