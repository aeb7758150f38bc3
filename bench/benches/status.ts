/**
 * GET /wps/system/status through the whole app (merchant resolution, rules, envelope) against a bare
 * Fastify route answering the same bytes, side by side on this machine, in alternating 2-second slices
 * (the machine is shared: drift then hits both sides alike). ratio = ours / reference (rps).
 */
import Fastify from 'fastify';
import { loadConfig } from '../../apps/server/src/config.js';
import { createTestDatabase } from '../../apps/server/src/test/harness.js';
import { buildApp } from '../../apps/server/src/app.js';
import { benchLine, load, type LoadResult } from '../lib.js';

/** Slices are equally long: the mean rps is the rps of the whole; p50 and p99 are the slices' means. */
function combine(slices: LoadResult[]): LoadResult {
  const mean = (f: (r: LoadResult) => number) => slices.reduce((a, x) => a + f(x), 0) / slices.length;
  const sum = (f: (r: LoadResult) => number) => slices.reduce((a, x) => a + f(x), 0);
  return {
    rps: mean((x) => x.rps),
    p50: Math.round(mean((x) => x.p50)),
    p99: Math.round(mean((x) => x.p99)),
    non2xx: sum((x) => x.non2xx),
    errors: sum((x) => x.errors),
  };
}

export async function run(seconds: number) {
  // in-memory PGlite, or a throwaway database on the DATABASE_URL server (dropped at the end)
  const database = await createTestDatabase({ content: 'seeded' });
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/wps/system/status`;
  const headers = { merchant: 'demobdt', language: 'BN' };

  const sample = await fetch(appUrl, { headers });
  const body = await sample.text();
  if (!sample.ok) throw new Error(`status answered ${sample.status}: ${body}`);

  const bare = Fastify({ logger: false });
  bare.get('/wps/system/status', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/wps/system/status`;

  // warm both, then alternate 2-second slices of each, so drift on a shared machine hits both sides
  await load(appUrl, { seconds: 2, headers });
  await load(bareUrl, { seconds: 2, headers });
  const slices = Math.max(1, Math.round(seconds / 2));
  const o: LoadResult[] = [];
  const r: LoadResult[] = [];
  for (let i = 0; i < slices; i++) {
    o.push(await load(appUrl, { seconds: seconds / slices, headers }));
    r.push(await load(bareUrl, { seconds: seconds / slices, headers }));
  }
  const ours = combine(o);
  const ref = combine(r);
  await app.close();
  await bare.close();
  await database.close();
  if (ours.non2xx || ours.errors) throw new Error(`errors under load: ${JSON.stringify(ours)}`);
  console.log(
    `payload ${Buffer.byteLength(body)} bytes; ours ${ours.rps.toFixed(0)} req/s, bare ${ref.rps.toFixed(0)} req/s`,
  );
  return benchLine('status', {
    ratio: (ours.rps / ref.rps).toFixed(3),
    ours: `${ours.rps.toFixed(0)}rps`,
    reference: `${ref.rps.toFixed(0)}rps`,
    p50_ms: ours.p50,
    p99_ms: ours.p99,
  });
}
