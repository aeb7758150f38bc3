/**
 * The agent centre's pages for the top agent of the big team (team.ts: 100,000 members in a 6-level
 * tree, 10,000,000 settled bets on the day), over HTTP through the whole app on PostgreSQL, logged
 * in as that agent: the team overview (`GET /wps/report/teamOverview`) over the day and over the
 * 7 days ending with it, the downlines list (`GET /wps/agent/downlines`, whole team, page 2 of 20
 * rows with the day's deposit and bet totals) and the user loss page (`GET /wps/report/userLoss`,
 * page 2 of 20 for the day). Each page is loaded for BENCH_SECONDS with BENCH_REPORT_CLIENTS
 * connections (default 4) after a warm-up; its line gives p50, p99 and requests per second. The
 * reference is the budget: ratio = p99 / 200 ms (the team overview must stay under it).
 */
import { loadConfig } from '../../apps/server/src/config.js';
import { buildApp } from '../../apps/server/src/app.js';
import { loginToken } from '../../apps/server/src/test/factories.js';
import { memberAuthSetting } from '../../apps/server/src/db/schema/index.js';
import { rollUpNow } from '../../apps/server/src/modules/team-figure/index.js';
import { benchLine, load } from '../lib.js';
import { openTeam } from './team.js';

const BUDGET_MS = 200;
const CLIENTS = Number(process.env.BENCH_REPORT_CLIENTS ?? 4);

export async function run(seconds: number) {
  const { database, team } = await openTeam();
  const db = database.db;
  // the figures as the minute job keeps them (nothing to do when the settlement bench ran first)
  await rollUpNow(db, { timeoutMs: 3_600_000 });
  // the agent logs in as a script would: no slider
  await db
    .insert(memberAuthSetting)
    .values({ merchantId: team.merchantId, sliderRequired: false })
    .onConflictDoUpdate({ target: memberAuthSetting.merchantId, set: { sliderRequired: false } });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '' }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const token = await loginToken(app, db, team.topUsername, team.password, { merchant: team.merchantCode });
    const headers = { merchant: team.merchantCode, authorization: token };
    const day = team.day.date;
    const weekStart = new Date(Date.parse(`${day}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const pages: [string, string][] = [
      ['overview_day', `/wps/report/teamOverview?from=${day}&to=${day}`],
      ['overview_7days', `/wps/report/teamOverview?from=${weekStart}&to=${day}`],
      ['downlines', `/wps/agent/downlines?scope=all&pageNo=2&pageSize=20&from=${day}&to=${day}`],
      ['user_loss', `/wps/report/userLoss?pageNo=2&pageSize=20&from=${day}&to=${day}`],
    ];
    const lines: string[] = [];
    const results: Record<string, { p50: number; p99: number; rps: number }> = {};
    for (const [name, path] of pages) {
      const url = `${base}${path}`;
      const sample = await fetch(url, { headers });
      const body = await sample.text();
      if (!sample.ok || !(JSON.parse(body) as { value?: unknown }).value)
        throw new Error(`${name} answered ${sample.status}: ${body.slice(0, 300)}`);
      await load(url, { seconds: 1, headers, connections: CLIENTS });
      const r = await load(url, { seconds, headers, connections: CLIENTS });
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      results[name] = r;
      const line = benchLine(`agent_reports_${name}`, {
        ratio: (r.p99 / BUDGET_MS).toFixed(3),
        ours: `${r.p99}ms`,
        reference: `${BUDGET_MS}ms`,
        p50_ms: r.p50,
        p99_ms: r.p99,
        rps: r.rps.toFixed(1),
        bytes: Buffer.byteLength(body),
      });
      console.log(line);
      lines.push(line);
    }
    // the team overview's worse period (the day or the 7 days) against the budget
    const worst = [results.overview_day!, results.overview_7days!].sort((a, b) => b.p99 - a.p99)[0]!;
    return benchLine('agent-reports', {
      ratio: (worst.p99 / BUDGET_MS).toFixed(3),
      ours: `${worst.p99}ms`,
      reference: `${BUDGET_MS}ms`,
      p50_ms: worst.p50,
      p99_ms: worst.p99,
      overview_day_p99_ms: results.overview_day!.p99,
      overview_7days_p99_ms: results.overview_7days!.p99,
      downlines_p99_ms: results.downlines!.p99,
      user_loss_p99_ms: results.user_loss!.p99,
      clients: CLIENTS,
      members: team.agents + team.players,
    });
  } finally {
    await app.close();
  }
}
