import { defineConfig, devices } from '@playwright/test';
import type { E2eWorkerOptions } from './support.js';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Workers run side by side against one server, each on a merchant of its own (support.ts): the server
 * seeds that many copies of the demo merchant (E2E_MERCHANTS), at e2e0.e2e.test, e2e1.e2e.test, ...
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
/**
 * The settlement spec moves the server's clock a day forward (the e2e server's clock control,
 * apps/server/src/platform/e2e-clock.ts): it runs in a project of its own after every other spec,
 * on one more copy of the demo merchant that no other worker uses.
 */
const settlementMerchant = `e2e${workers}`;
const SETTLEMENT_SPEC = /agent-settlement\.spec\.ts$/;
/** Tests tagged @clock move the server's clock: they run last, in the `checkin-clock` project. */
const CLOCK_TAG = /@clock/;
const merchantOrigins = Array.from({ length: workers + 1 }, (_, n) => `http://e2e${n}.e2e.test:${port}`);

/** Debian's Chromium; a browser is never downloaded. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    // composite in the renderer: the software GPU process (SwiftShader) took a third of two cores
    '--disable-gpu-compositing',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // the e2e merchants' own domains lead to the local server and count as secure, like the real sites'
    // HTTPS (clipboard, WebCrypto)
    '--host-resolver-rules=MAP *.e2e.test 127.0.0.1',
    `--unsafely-treat-insecure-origin-as-secure=${merchantOrigins.join(',')}`,
  ],
};

export default defineConfig<object, E2eWorkerOptions>({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  workers,
  forbidOnly: !!process.env.CI,
  // no retries, on CI either: a test that needs a second attempt is a finding, not a pass
  retries: 0,
  // two workers share two cores with the server and its database: a step may wait on both
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./slowest-reporter.ts']],
  use: {
    baseURL,
    // the site honours prefers-reduced-motion (the notice marquee and the winner board stand still,
    // the banners do not autoplay): endless animations kept two software-rendering GPU processes
    // busy on a third of the machine's two cores. A spec about motion asks for it (home.spec.ts).
    reducedMotion: 'reduce',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: SETTLEMENT_SPEC,
      grepInvert: CLOCK_TAG,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      // after every spec of `chromium` (its dependency), so the clock's jump reaches no other spec;
      // alone: npx playwright test --project=settlement --no-deps
      name: 'settlement',
      testMatch: SETTLEMENT_SPEC,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, ownMerchant: settlementMerchant },
    },
    {
      // the daily check-in moves the clock a merchant day on: after the settlement (which needs the
      // clock where it left it); alone: npx playwright test --project=checkin-clock --no-deps
      name: 'checkin-clock',
      testMatch: /rewards-checkin\.spec\.ts$/,
      grep: CLOCK_TAG,
      dependencies: ['settlement'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      // the raffle moves the clock past its draw time: after the check-in, never beside it (a jump
      // in the middle of the other's login expired its slider check); alone:
      // npx playwright test --project=raffle-clock --no-deps
      name: 'raffle-clock',
      testMatch: /promotions-raffle\.spec\.ts$/,
      grep: CLOCK_TAG,
      dependencies: ['checkin-clock'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'npx tsx serve.ts',
    // the workers' merchants and the settlement project's; the server's clock can be moved
    env: { E2E_MERCHANTS: String(workers + 1), E2E_CLOCK_CONTROL: 'true' },
    url: `${baseURL}/readyz`,
    // a machine busy with other work may need longer to migrate and seed (E2E_SERVER_TIMEOUT ms)
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 120_000),
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
