/**
 * GET /wps/system/status through the whole app (merchant resolution, rules, envelope) against a bare
 * Fastify route answering the same bytes, side by side on this machine. ratio = ours / reference (rps).
 */
import Fastify from 'fastify';
import { loadConfig } from '../../apps/server/src/config.js';
import { createTestDatabase } from '../../apps/server/src/test/harness.js';
import { buildApp } from '../../apps/server/src/app.js';
import { benchLine, load } from '../lib.js';

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

  // warm both, then measure alternately so drift on a shared machine hits both sides
  await load(appUrl, { seconds: 2, headers });
  await load(bareUrl, { seconds: 2, headers });
  const ours = await load(appUrl, { seconds, headers });
  const ref = await load(bareUrl, { seconds, headers });
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
