import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_TOKEN_TTL_MS } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { memberSession, merchantIdOf } from '../../test/factories.js';
import type { EventBus } from '../../platform/events.js';
import type { ModuleRegister } from '../../platform/module.js';
import { gameOfKind, launch, minorOf, openGame, requestId } from '../../test/games.js';
import { testClock } from '../../test/clock.js';

let t: TestApp;
let merchantId: number;
let events: EventBus;
const clock = testClock();
const peer: ModuleRegister = (ctx) => {
  events = ctx.events;
};

beforeAll(async () => {
  t = await createTestApp({ deps: { clock, extraModules: [peer] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  merchantId = await merchantIdOf(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = { merchant: DEMO.merchant }) =>
  t.app.inject({ url, headers });

describe('GET /wps/game/launchGame', () => {
  it('needs a session, launchMode and GET', async () => {
    const slot = await gameOfKind(t.database.db, 'slot');
    const anon = await get(`/wps/game/launchGame?nodeId=${slot.nodeId}&launchMode=GLS`);
    expect(anon.statusCode).toBe(401);
    const m = await memberSession(t.app, t.database.db, merchantId);
    const noMode = await get(`/wps/game/launchGame?nodeId=${slot.nodeId}`, m.headers);
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json().errorCode).toBe('game_launch_mode_required');
    const post = await t.app.inject({
      method: 'POST',
      url: `/wps/game/launchGame?nodeId=${slot.nodeId}&launchMode=GLS`,
      headers: m.headers,
    });
    expect(post.statusCode).toBe(405);
    expect(post.json().errorCode).toBe('http_method_not_support');
  });

  it('answers the iframe URL of a real launch, opens a vendor session and records the recent game', async () => {
    const slot = await gameOfKind(t.database.db, 'slot');
    const m = await memberSession(t.app, t.database.db, merchantId);
    const res = await get(`/wps/game/launchGame?nodeId=${slot.nodeId}&launchMode=GLS&language=en`, m.headers);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      mode: 'real',
      nodeId: slot.nodeId,
      vendor: slot.vendor,
      gameCode: slot.gameCode,
    });
    expect(v.content.game_url).toMatch(/^\/gs\/play\/\?t=[A-Za-z0-9_-]{32}&lang=en$/);
    expect(v.gameUrl).toBe(v.content.game_url);
    const [s] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from vendor_session where member_id = ${m.id} and vendor_code = ${slot.vendor}`,
    );
    expect(s!.n).toBe(1);
    const recent = await get('/wps/relay/GCS_recentGame', m.headers);
    expect(recent.json().value.list.map((g: { nodeId: number }) => g.nodeId)).toContain(slot.nodeId);
    // by vendor + game code too
    const byCode = await get(
      `/wps/game/launchGame?vassalage=${slot.vendor}&gameId=${slot.gameCode}&launchMode=GLS`,
      m.headers,
    );
    expect(byCode.json().value.nodeId).toBe(slot.nodeId);
  });

  it('refuses unknown, disabled and maintenance games, and a vendor the merchant switched off', async () => {
    const m = await memberSession(t.app, t.database.db, merchantId);
    const q = (nodeId: number) => get(`/wps/game/launchGame?nodeId=${nodeId}&launchMode=GLS`, m.headers);
    expect((await q(999_999_999)).json().errorCode).toBe('game_not_found');
    const a = await gameOfKind(t.database.db, 'slot');
    const b = await gameOfKind(t.database.db, 'slot', { not: [a.nodeId] });
    const c = await gameOfKind(t.database.db, 'dice');
    await t.database.db.execute(sql`update game set status = 'disabled' where node_id = ${a.nodeId}`);
    await t.database.db.execute(sql`update game set status = 'maintenance' where node_id = ${b.nodeId}`);
    try {
      const disabled = await q(a.nodeId);
      expect(disabled.statusCode).toBe(404);
      expect(disabled.json().errorCode).toBe('game_not_found');
      const maint = await q(b.nodeId);
      expect(maint.statusCode).toBe(409);
      expect(maint.json().errorCode).toBe('game_maintenance');
      await t.database.db.execute(
        sql`update merchant_vendor set enabled = false where merchant_id = ${merchantId} and vendor_code = ${c.vendor}`,
      );
      expect((await q(c.nodeId)).json().errorCode).toBe('game_not_found');
    } finally {
      await t.database.db.execute(
        sql`update game set status = 'active' where node_id in (${a.nodeId}, ${b.nodeId})`,
      );
      await t.database.db.execute(
        sql`update merchant_vendor set enabled = true where merchant_id = ${merchantId} and vendor_code = ${c.vendor}`,
      );
    }
  });

  it('lets a trial account play free trial only', async () => {
    const slot = await gameOfKind(t.database.db, 'slot');
    const trial = await memberSession(t.app, t.database.db, merchantId, 4);
    const real = await get(
      `/wps/game/launchGame?nodeId=${slot.nodeId}&launchMode=GLS&accountType=1`,
      trial.headers,
    );
    expect(real.statusCode).toBe(403);
    expect(real.json().errorCode).toBe('need_real_account');
    const free = await get(
      `/wps/game/launchGame?nodeId=${slot.nodeId}&launchMode=GLS&accountType=0`,
      trial.headers,
    );
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().value.mode).toBe('trial');
  });

  it('launchTrial works without a session; GAMELO3 off refuses launches', async () => {
    const slot = await gameOfKind(t.database.db, 'slot');
    const res = await get(`/wps/game/launchTrial?nodeId=${slot.nodeId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.mode).toBe('trial');
    const { view, headers } = await openGame(
      t.app,
      new URL(res.json().value.gameUrl, 'http://x').searchParams.get('t')!,
    );
    expect(view).toMatchObject({ mode: 'trial', kind: 'slot', balance: '2000.00', currency: 'BDT' });
    // a visitor plays with the session's play money
    const spin = await t.app.inject({
      method: 'POST',
      url: '/gs/api/slot/spin',
      headers,
      payload: { bet: '10.00', requestId: requestId() },
    });
    expect(spin.statusCode, spin.body).toBe(200);
    const r = spin.json().value;
    expect(minorOf(r.balance)).toBe(200_000n - 1000n + minorOf(r.win));
    const history = (await t.app.inject({ url: '/gs/api/history', headers })).json().value.list;
    expect(history[0]).toMatchObject({ roundId: r.roundId, bet: '10.00', win: r.win });

    const m = await memberSession(t.app, t.database.db, merchantId);
    await t.database.db.execute(
      sql`update merchant_module set enabled = false where merchant_id = ${merchantId} and mod_id = 'GAMELO3'`,
    );
    try {
      events.emit('merchant.changed', { merchantId });
      const off = await get(`/wps/game/launchGame?nodeId=${slot.nodeId}&launchMode=GLS`, m.headers);
      expect(off.json().errorCode).toBe('function.not.available');
      expect((await get(`/wps/game/launchTrial?nodeId=${slot.nodeId}`)).json().errorCode).toBe(
        'function.not.available',
      );
    } finally {
      await t.database.db.execute(
        sql`update merchant_module set enabled = true where merchant_id = ${merchantId} and mod_id = 'GAMELO3'`,
      );
      events.emit('merchant.changed', { merchantId });
    }
  });

  it('launch tokens work once and expire', async () => {
    const slot = await gameOfKind(t.database.db, 'slot');
    const m = await memberSession(t.app, t.database.db, merchantId);
    const token = await launch(t.app, m.headers, slot.nodeId);
    const first = await openGame(t.app, token);
    expect(first.view).toMatchObject({ mode: 'real', kind: 'slot', vendor: slot.vendor, balance: '0.00' });
    expect(JSON.stringify(first.view)).not.toMatch(/vendor_token|vendorToken/);
    const again = await t.app.inject({
      method: 'POST',
      url: '/gs/api/session',
      headers: { merchant: DEMO.merchant },
      payload: { launchToken: token },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().errorCode).toBe('game_launch_token_invalid');

    const late = await launch(t.app, m.headers, slot.nodeId);
    clock.advance(LAUNCH_TOKEN_TTL_MS + 1000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/gs/api/session',
      headers: { merchant: DEMO.merchant },
      payload: { launchToken: late },
    });
    expect(expired.json().errorCode).toBe('game_launch_token_invalid');
    // a session token of another game server session is not accepted without the header
    const noSession = await t.app.inject({ url: '/gs/api/balance', headers: { merchant: DEMO.merchant } });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json().errorCode).toBe('game_session_invalid');
  });
});
