import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { recordOrPrint, type Timing } from '../scripts/slowest.mjs';

/** Playwright's half of the slowest-tests report (scripts/slowest.mjs): every attempt's duration. */
export default class SlowestTests implements Reporter {
  private rows: Timing[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const name = test.titlePath().slice(3).join(' > ') + (result.retry ? ` (retry ${result.retry})` : '');
    this.rows.push({ name, file: test.location.file, ms: result.duration });
  }

  onEnd() {
    recordOrPrint('Slowest tests', this.rows);
  }

  printsToStdio() {
    return false;
  }
}
