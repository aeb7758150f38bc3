/**
 * Lighthouse (mobile emulation: a mid-range phone, 4x CPU slowdown, simulated slow 4G) on the built
 * player site served by the whole app on a fresh database seeded like `npm start` (the full catalogue):
 * the home page as a visitor and the slots lobby (`/rng`) as the demo member. Debian's Chromium
 * (`/usr/bin/chromium`, `CHROME_PATH` to change) runs headless; nothing is downloaded. Each page is
 * measured LIGHTHOUSE_RUNS times (default 3) and the run with the median score is reported.
 * Run `npm run build -w apps/web` first. The reference is the target score, 90. LIGHTHOUSE_REPORTS=<dir>
 * keeps every run's full report.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadConfig } from '../../apps/server/src/config.js';
import { createTestDatabase } from '../../apps/server/src/test/harness.js';
import { seedIfEmpty } from '../../apps/server/src/seed/index.js';
import { buildApp } from '../../apps/server/src/app.js';
import { member, memberAuthSetting } from '../../apps/server/src/db/schema/index.js';
import { benchLine } from '../lib.js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const TARGET_SCORE = 90;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'];

interface Measure {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  kb: number;
  requests: number;
  /** Lighthouse's own measure of the machine's speed (higher: faster) */
  benchmarkIndex: number;
}

/** LIGHTHOUSE_REPORTS=<dir>: each run's full report (JSON) is written there, for the details. */
const reportDir = process.env.LIGHTHOUSE_REPORTS;

/** Chromium now and then records a trace Lighthouse cannot read (NO_NAVSTART, NO_FCP): try again. */
async function measure(urlOf: () => Promise<string>, port: number, name: string): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(await urlOf(), port, name);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('lighthouse:')) throw err;
      console.log(`${name}: ${(err as Error).message.slice(0, 80)}; again`);
    }
  }
}

async function measureOnce(url: string, port: number, name: string): Promise<Measure> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // the default config is the mobile one: Moto G Power screen, 4x CPU, simulated slow 4G
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    fs.writeFileSync(path.join(reportDir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    kb: num('total-byte-weight') / 1024,
    requests: requests?.length ?? 0,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

const fields = (m: Measure) => ({
  score: m.score,
  fcp_ms: Math.round(m.fcp),
  lcp_ms: Math.round(m.lcp),
  tbt_ms: Math.round(m.tbt),
  cls: m.cls.toFixed(3),
  si_ms: Math.round(m.si),
  transferred_kb: Math.round(m.kb),
  requests: m.requests,
  benchmark_index: Math.round(m.benchmarkIndex),
});

export async function run() {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const database = await createTestDatabase({ content: 'migrated' });
  await seedIfEmpty(database, { fullCatalogue: true });
  // the member logs in through the API (as a page's login would, without the slider), then opens
  // the lobby with `?token=` (the one-click login link the site adopts)
  const [demo] = await database.db.select().from(member).where(eq(member.username, 'demo01'));
  if (!demo) throw new Error('demo member missing');
  await database.db
    .insert(memberAuthSetting)
    .values({ merchantId: demo.merchantId, sliderRequired: false })
    .onConflictDoUpdate({ target: memberAuthSetting.merchantId, set: { sliderRequired: false } });

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: webDist });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const results: Record<string, Measure> = {};
  try {
    const login = async () => {
      const res = await fetch(`${base}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo01', password: 'Demo@1234', type: 'username' }),
      });
      const body = (await res.json()) as { success: boolean; value?: { token?: string } };
      if (!body.success || !body.value?.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return body.value.token;
    };
    const pages: [string, () => Promise<string>][] = [
      ['home', async () => `${base}/`],
      ['lobby', async () => `${base}/rng?token=${encodeURIComponent(await login())}`],
    ];
    for (const [name, urlOf] of pages) {
      const all: Measure[] = [];
      // each run a fresh login: a session is single-use per page load
      for (let i = 0; i < runs; i++) all.push(await measure(urlOf, chrome.port, name));
      all.sort((a, b) => a.score - b.score);
      const median = all[Math.floor(all.length / 2)]!;
      results[name] = median;
      console.log(`${name}: scores ${all.map((m) => m.score).join(', ')}`);
      console.log(benchLine(`lighthouse_${name}`, fields(median)));
    }
  } finally {
    chrome.kill();
    await app.close();
    await database.close();
  }
  const worst = Math.min(...Object.values(results).map((m) => m.score));
  return benchLine('lighthouse', {
    ratio: (worst / TARGET_SCORE).toFixed(3),
    ours: worst,
    reference: TARGET_SCORE,
    home_score: results.home!.score,
    lobby_score: results.lobby!.score,
    home_lcp_ms: Math.round(results.home!.lcp),
    home_tbt_ms: Math.round(results.home!.tbt),
    home_kb: Math.round(results.home!.kb),
  });
}
