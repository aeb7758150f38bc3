/**
 * POST /wps/session/login (plain JSON, the demo member, right password) through the whole app: throttling
 * checks, argon2id verify, session issue with single-session revocation, login record. The reference is
 * a bare Fastify route doing the one irreducible step, the same argon2id verify of the same hash, and
 * answering the same bytes; so ratio = ours / reference (rps) is the cost of everything around the hash.
 * Logins share the libuv thread pool with argon2 (4 threads unless UV_THREADPOOL_SIZE says otherwise).
 */
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.js';
import { createTestDatabase } from '../../apps/server/src/test/harness.js';
import { buildApp } from '../../apps/server/src/app.js';
import { member, memberAuthSetting } from '../../apps/server/src/db/schema/index.js';
import { verifyPassword } from '../../apps/server/src/platform/password.js';
import { benchLine, load } from '../lib.js';

export async function run(seconds: number) {
  const database = await createTestDatabase({ content: 'seeded' });
  const [demo] = await database.db.select().from(member).where(eq(member.username, 'demo01'));
  if (!demo) throw new Error('demo member missing');
  // a server-to-server style client: no slider, plain JSON, never a captcha (no failures happen)
  await database.db
    .insert(memberAuthSetting)
    .values({ merchantId: demo.merchantId, sliderRequired: false, singleSession: true })
    .onConflictDoUpdate({ target: memberAuthSetting.merchantId, set: { sliderRequired: false } });

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/wps/session/login`;
  const headers = { merchant: 'demobdt', 'content-type': 'application/json' };
  const body = JSON.stringify({ username: 'demo01', password: 'Demo@1234', type: 'username' });

  const sample = await fetch(appUrl, { method: 'POST', headers, body });
  const answer = await sample.text();
  if (!sample.ok) throw new Error(`login answered ${sample.status}: ${answer}`);

  const bare = Fastify({ logger: false });
  bare.post('/wps/session/login', async (req, reply) => {
    const ok = await verifyPassword(demo.passwordHash, (req.body as { password: string }).password);
    return reply
      .code(ok ? 200 : 401)
      .type('application/json; charset=utf-8')
      .send(answer);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/wps/session/login`;

  const opts = { headers, method: 'POST' as const, body, connections: 8 };
  await load(appUrl, { ...opts, seconds: 2 });
  await load(bareUrl, { ...opts, seconds: 2 });
  const ours = await load(appUrl, { ...opts, seconds });
  const ref = await load(bareUrl, { ...opts, seconds });
  await app.close();
  await bare.close();
  await database.close();
  if (ours.non2xx || ours.errors) throw new Error(`errors under load: ${JSON.stringify(ours)}`);
  console.log(
    `argon2id m=19456 KiB t=2 p=1; ours ${ours.rps.toFixed(1)} logins/s, bare verify ${ref.rps.toFixed(1)}/s`,
  );
  return benchLine('login', {
    ratio: (ours.rps / ref.rps).toFixed(3),
    ours: `${ours.rps.toFixed(1)}rps`,
    reference: `${ref.rps.toFixed(1)}rps`,
    p50_ms: ours.p50,
    p99_ms: ours.p99,
  });
}
