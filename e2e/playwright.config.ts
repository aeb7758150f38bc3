import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium; a browser is never downloaded. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // the e2e merchants' own domains (<code>.e2e.test, support.ts merchantSite) lead to the local server
    '--host-resolver-rules=MAP *.e2e.test 127.0.0.1',
  ],
};

/**
 * Workers run side by side against one server, each on a merchant of its own (support.ts): the server
 * seeds that many copies of the demo merchant (E2E_MERCHANTS), so any test may run on any worker.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  workers,
  forbidOnly: !!process.env.CI,
  // no retries, on CI either: a test that needs a second attempt is a finding, not a pass
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./slowest-reporter.ts']],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    command: 'npx tsx serve.ts',
    env: { E2E_MERCHANTS: String(workers) },
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
