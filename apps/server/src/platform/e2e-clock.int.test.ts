import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, DEMO, type TestApp, type TestDatabase } from '../test/harness.js';
import { agentSession, merchantIdOf } from '../test/factories.js';
import { testClock } from '../test/clock.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { E2E_CLOCK_PATH } from './e2e-clock.js';

/**
 * The clock control of the e2e server (E2E_CLOCK_CONTROL): it moves the clock every module reads,
 * it answers only when the flag is on, a production start never mounts it, and a production start
 * with the flag refuses to run at all.
 */
const DAY = 86_400_000;
const open: { close(): Promise<void> }[] = [];
let child: ServerProcess | undefined;
afterAll(async () => {
  await child?.stop('SIGKILL');
  for (const x of open.reverse()) await x.close();
});

async function today(t: TestApp, headers: Record<string, string>) {
  const res = await t.app.inject({ url: '/wps/report/teamOverview?preset=today', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value as { period: { from: string } }).period.from;
}

describe('e2e clock control', () => {
  it('moves the clock the modules read, forward only, with the envelope on refusals', async () => {
    const t = await createTestApp({
      env: { E2E_CLOCK_CONTROL: 'true' },
      // 23:50 in Dhaka (the demo merchant's zone, GMT+6)
      deps: { clock: testClock({ at: new Date('2026-05-10T17:50:00Z') }) },
    });
    open.push(t);
    const agent = await agentSession(t.app, t.database.db, await merchantIdOf(t.database.db));
    expect(await today(t, agent.headers)).toBe('2026-05-10');

    const moved = await t.app.inject({
      method: 'POST',
      url: E2E_CLOCK_PATH,
      payload: { advanceMs: 20 * 60_000 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().value).toEqual({ now: '2026-05-10T18:10:00.000Z', offsetMs: 20 * 60_000 });
    // the reports' presets (merchant days) follow the moved clock, and the session lives on (idle 20 minutes)
    expect(await today(t, agent.headers)).toBe('2026-05-11');

    const to = await t.app.inject({
      method: 'POST',
      url: E2E_CLOCK_PATH,
      payload: { to: '2026-05-12T00:05:00+06:00' },
    });
    expect(to.json().value).toEqual({ now: '2026-05-11T18:05:00.000Z', offsetMs: DAY + 15 * 60_000 });
    expect((await t.app.inject({ url: E2E_CLOCK_PATH })).json().value.now).toBe('2026-05-11T18:05:00.000Z');
    // a day without a request: the session has expired by the moved clock
    const expired = await t.app.inject({
      url: '/wps/report/teamOverview?preset=today',
      headers: agent.headers,
    });
    expect(expired.statusCode).toBe(401);

    const back = await t.app.inject({ method: 'POST', url: E2E_CLOCK_PATH, payload: { advanceMs: -1 } });
    expect(back.statusCode).toBe(422);
    expect(back.json()).toMatchObject({ success: false, errorCode: 'request_param_err' });
    const earlier = await t.app.inject({
      method: 'POST',
      url: E2E_CLOCK_PATH,
      payload: { to: '2026-05-11T00:00:00Z' },
    });
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json()).toMatchObject({ success: false, errorCode: 'conflict' });
    expect((await t.app.inject({ url: E2E_CLOCK_PATH })).json().value.now).toBe('2026-05-11T18:05:00.000Z');
  });

  it('is not mounted without the flag', async () => {
    const t = await createTestApp();
    open.push(t);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: E2E_CLOCK_PATH,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it(
    'a production start does not mount it, and refuses to start with the flag',
    { timeout: 180_000 },
    async () => {
      const setup: TestDatabase = await createTestDatabase({ content: 'seeded' });
      open.push(setup);
      if (setup.dataDir) await setup.disconnect(); // PGlite: one process at a time owns the directory

      const refused = startServerProcess({
        database: setup,
        env: { NODE_ENV: 'production', E2E_CLOCK_CONTROL: 'true' },
      });
      await expect(refused).rejects.toThrow(/E2E_CLOCK_CONTROL.*never in production/);

      child = await startServerProcess({ database: setup, env: { NODE_ENV: 'production' } });
      const get = await fetch(`${child.base}${E2E_CLOCK_PATH}`, { headers: { merchant: DEMO.merchant } });
      expect(get.status).toBe(404);
      const post = await fetch(`${child.base}${E2E_CLOCK_PATH}`, {
        method: 'POST',
        headers: { merchant: DEMO.merchant, 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: DAY }),
      });
      expect(post.status).toBe(404);
      expect(await post.json()).toMatchObject({ success: false });
      // the server that refused it is the same build that serves: it answers everything else
      expect((await fetch(`${child.base}/healthz`)).status).toBe(200);
    },
  );
});
