import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TCatalogueFeed } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { importFeed, nodeIdOf, testFeed } from './catalogue.test-support.js';
import { operatorToken, createOperator, operatorLogin as login, merchantIdOf } from '../../test/factories.js';

let t: TestApp;
let merchantId: number;
let owner: string;
let admin: string;
let viewer: string;
const H = { merchant: DEMO.merchant };

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  owner = await operatorToken(t.app);
  await createOperator(t.database.db, merchantId, 'catadmin', 'admin');
  await createOperator(t.database.db, merchantId, 'catviewer', 'viewer');
  admin = await login(t.app, DEMO.merchant, 'catadmin');
  viewer = await login(t.app, DEMO.merchant, 'catviewer');
});
afterAll(() => t.close());

const db = () => t.database.db;
const opCall = (token: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
async function codes(query: string) {
  const res = await t.app.inject({ url: `/wps/relay/GCSGAME_gameList?${query}`, headers: H });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.games as { gameCode: string }[]).map((g) => g.gameCode);
}
async function hot(vendor: string) {
  const res = await t.app.inject({ url: `/wps/relay/GCSGAME_hotGamesV2?vassalage=${vendor}`, headers: H });
  return (res.json().value.list as { gameCode: string }[]).map((g) => g.gameCode);
}
async function auditActions(action: string) {
  const res = await opCall(owner, 'GET', `/admin/api/audit-log?action=${action}&pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.list as { action: string; entityId: string | null; before: unknown; after: any }[];
}

describe('catalogue import (POST /admin/api/catalogue/import)', () => {
  it('needs an operator, and an owner: the catalogue is shared by every merchant', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/admin/api/catalogue/import',
      payload: testFeed(),
    });
    expect(anon.statusCode).toBe(401);
    for (const token of [admin, viewer]) {
      const res = await importFeed(t.app, token, testFeed());
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('forbidden');
    }
    // a member session is not an operator session
    const member = await importFeed(t.app, 'not-a-token', testFeed());
    expect(member.statusCode).toBe(401);
  });

  it('upserts idempotently: the same feed twice changes nothing and keeps node ids', async () => {
    const first = await importFeed(t.app, owner, testFeed());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toEqual({
      vendorsInserted: 4,
      vendorsUpdated: 0,
      gamesInserted: 11,
      gamesUpdated: 0,
      gamesUnchanged: 0,
      gamesDisabled: 0,
    });
    const ids = await Promise.all(['A001', 'A002', 'A007'].map((c) => nodeIdOf(db(), 'TSTA', c)));
    const again = await importFeed(t.app, owner, testFeed());
    expect(again.json().value).toEqual({
      vendorsInserted: 0,
      vendorsUpdated: 0,
      gamesInserted: 0,
      gamesUpdated: 0,
      gamesUnchanged: 11,
      gamesDisabled: 0,
    });
    expect(await Promise.all(['A001', 'A002', 'A007'].map((c) => nodeIdOf(db(), 'TSTA', c)))).toEqual(ids);
    const audited = await auditActions('catalogue.import');
    expect(audited.length).toBe(2);
    expect(audited[0]!.after).toMatchObject({ vendors: ['TSTA', 'TSTB', 'TSTL', 'TSTM'], games: 11 });
  });

  it('updates what changed, adds new games, and disables what a feed with disableMissing omits', async () => {
    const feed = testFeed();
    const games = feed.games!.map((g) =>
      g.gameCode === 'A001' ? { ...g, names: { EN: 'Zebracorn Platinum', BN: 'জেব্রাকর্ন প্লাটিনাম' } } : g,
    );
    games.push({
      vendor: 'TSTA',
      gameCode: 'A008',
      gameType: 'RNG',
      names: { EN: 'Newt Nine' },
      sortOrder: 80,
    });
    const changed = await importFeed(t.app, owner, { ...feed, games });
    expect(changed.json().value).toMatchObject({ gamesInserted: 1, gamesUpdated: 1, gamesUnchanged: 10 });
    expect(await codes('gameName=platinum')).toEqual(['A001']);
    expect(await codes('gameName=newt')).toEqual(['A008']);

    const onlySome: TCatalogueFeed = {
      vendors: feed.vendors!.filter((v) => v.code === 'TSTA'),
      games: games.filter((g) => ['A001', 'A002', 'A003'].includes(g.gameCode)),
      disableMissing: true,
    };
    const trimmed = await importFeed(t.app, owner, onlySome);
    expect(trimmed.json().value).toMatchObject({ gamesUnchanged: 3, gamesDisabled: 4 });
    expect(await codes('vassalage=TSTA')).toEqual(['A001', 'A002', 'A003']);
    // other vendors of the catalogue are untouched
    expect(await codes('vassalage=TSTB')).toEqual(['B001']);
    // bring the full test feed back for the tests below
    const restored = await importFeed(t.app, owner, { ...testFeed(), games });
    expect(restored.json().value).toMatchObject({ gamesUpdated: 4 });
  });

  it('refuses feeds it cannot apply, and applies nothing of them', async () => {
    const base = testFeed();
    const bad: [string, TCatalogueFeed][] = [
      [
        'unknown vendor',
        { games: [{ vendor: 'NOSUCH', gameCode: 'X1', gameType: 'RNG', names: { EN: 'X' } }] },
      ],
      ['listed twice', { games: [base.games![0]!, base.games![0]!] }],
      ['type the vendor does not serve', { ...base, games: [{ ...base.games![0]!, gameType: 'LIVE' }] }],
      ['bad classify', { games: [{ ...base.games![0]!, gameClassify: 'XX' as never }] }],
      ['bad game code', { games: [{ ...base.games![0]!, gameCode: 'has space' }] }],
      ['no names', { games: [{ ...base.games![0]!, names: {} }] }],
      ['external icon over http', { games: [{ ...base.games![0]!, icon: 'http://cdn.example/x.png' }] }],
    ];
    for (const [what, feed] of bad) {
      const res = await importFeed(t.app, owner, {
        ...feed,
        games: [
          ...(feed.games ?? []),
          { vendor: 'TSTA', gameCode: 'ZZ99', gameType: 'RNG', names: { EN: 'Zz' } },
        ],
      });
      expect(res.statusCode, what).toBe(422);
      expect(res.json().errorCode, what).toBe('request_param_err');
    }
    expect(await codes('gameName=zz')).toEqual([]);
  });
});

describe('per-merchant vendor and game settings', () => {
  it('lists vendors with the merchant row; viewers read, only owners and admins change', async () => {
    const res = await opCall(viewer, 'GET', '/admin/api/catalogue/vendors');
    expect(res.statusCode).toBe(200);
    const tsta = res.json().value.find((v: { code: string }) => v.code === 'TSTA');
    expect(tsta).toMatchObject({
      names: { EN: 'Test Alpha', BN: 'টেস্ট আলফা' },
      gameTypes: ['RNG', 'FISH'],
      merchant: { enabled: true, walletMode: 'seamless' },
    });
    const denied = await opCall(viewer, 'PUT', '/admin/api/catalogue/vendors/TSTA', { enabled: false });
    expect(denied.statusCode).toBe(403);
    const missing = await opCall(admin, 'PUT', '/admin/api/catalogue/vendors/NOSUCH', { enabled: false });
    expect(missing.statusCode).toBe(404);
    const empty = await opCall(admin, 'PUT', '/admin/api/catalogue/vendors/TSTA', {});
    expect(empty.statusCode).toBe(422);
  });

  it('switching a vendor off empties its lobby at once (the cached answer is dropped), on brings it back', async () => {
    expect(await codes('vassalage=TSTB')).toEqual(['B001']);
    const off = await opCall(admin, 'PUT', '/admin/api/catalogue/vendors/TSTB', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value.merchant).toMatchObject({ enabled: false });
    expect(await codes('vassalage=TSTB')).toEqual([]);
    const lanes = await t.app.inject({ url: '/wps/relay/GCSGAME_newGameVendor', headers: H });
    const sports = lanes.json().value.data.lanes.find((l: { title: string }) => l.title === 'SPORTS');
    expect(sports.cards.map((c: { vassalage: string }) => c.vassalage)).not.toContain('TSTB');
    await opCall(admin, 'PUT', '/admin/api/catalogue/vendors/TSTB', { enabled: true });
    expect(await codes('vassalage=TSTB')).toEqual(['B001']);
    const audited = await auditActions('catalogue.vendor.update');
    expect(audited[0]).toMatchObject({
      entityId: 'TSTB',
      before: { enabled: false },
      after: { enabled: true },
    });
  });

  it('a catalogue vendor the merchant never had is set up (seamless) when first enabled', async () => {
    const feed: TCatalogueFeed = {
      vendors: [{ code: 'TSTX', names: { EN: 'Test Extra' }, gameTypes: ['RNG'] }],
      games: [{ vendor: 'TSTX', gameCode: 'X001', gameType: 'RNG', names: { EN: 'Xenops Gold' } }],
    };
    expect((await importFeed(t.app, owner, feed)).statusCode).toBe(200);
    expect(await codes('gameName=xenops')).toEqual([]);
    const on = await opCall(owner, 'PUT', '/admin/api/catalogue/vendors/TSTX', {
      enabled: true,
      sortOrder: 5,
    });
    expect(on.json().value).toMatchObject({ gameCount: 1, merchant: { enabled: true, sortOrder: 5 } });
    expect(await codes('gameName=xenops')).toEqual(['X001']);
    const [mv] = (
      (await db().execute(
        sql`select wallet_mode, length(api_secret) as n from merchant_vendor
            where merchant_id = ${merchantId} and vendor_code = 'TSTX'`,
      )) as unknown as { rows: { wallet_mode: string; n: number }[] }
    ).rows;
    expect(mv).toMatchObject({ wallet_mode: 'seamless' });
    expect(Number(mv!.n)).toBeGreaterThanOrEqual(16);
  });

  it('game overrides: off, order and hot per merchant; null returns to the catalogue', async () => {
    const a3 = await nodeIdOf(db(), 'TSTA', 'A003');
    const a7 = await nodeIdOf(db(), 'TSTA', 'A007');
    const put = (nodeId: number, body: unknown, token = admin) =>
      opCall(token, 'PUT', `/admin/api/catalogue/games/${nodeId}`, body);

    const off = await put(a3, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toMatchObject({ nodeId: a3, override: { enabled: false, sortOrder: null } });
    expect(await codes('vassalage=TSTA&gameType=RNG')).not.toContain('A003');
    await put(a3, { enabled: null });
    expect(await codes('vassalage=TSTA&gameType=RNG')).toContain('A003');

    await put(a7, { sortOrder: -100 });
    expect((await codes('vassalage=TSTA'))[0]).toBe('A007');
    await put(a7, { sortOrder: null });
    expect((await codes('vassalage=TSTA'))[0]).toBe('A001');

    expect(await hot('TSTA')).toEqual(['A001', 'A007']);
    await put(a3, { isHot: true });
    expect(await hot('TSTA')).toEqual(['A001', 'A003', 'A007']);
    await put(a7, { isHot: false });
    expect(await hot('TSTA')).toEqual(['A001', 'A003']);

    const listed = await opCall(viewer, 'GET', '/admin/api/catalogue/games?vendor=TSTA&pageSize=100');
    expect(listed.statusCode).toBe(200);
    const row = listed.json().value.list.find((g: { nodeId: number }) => g.nodeId === a3);
    expect(row).toMatchObject({ gameCode: 'A003', isHot: false, override: { isHot: true, enabled: null } });
    // the operator list shows disabled games too (A005)
    const quokka = await opCall(viewer, 'GET', '/admin/api/catalogue/games?gameName=quokka');
    expect(quokka.json().value.totalCount).toBe(4);

    expect((await put(a3, { isHot: null }, viewer)).statusCode).toBe(403);
    const unknown = await put(999_999_999, { enabled: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('game_not_found');
    const audited = await auditActions('catalogue.game.update');
    expect(audited[0]).toMatchObject({
      entityId: String(a7),
      before: { isHot: null },
      after: { isHot: false },
    });
  });

  it('lobby answers are cached until an operator change: a change behind its back shows only then', async () => {
    const a1 = await nodeIdOf(db(), 'TSTA', 'A001');
    const name = async () => {
      const res = await t.app.inject({
        url: '/wps/relay/GCSGAME_gameList?vassalage=TSTA&gameName=zebracorn&language=EN',
        headers: H,
      });
      return (res.json().value.games as { gameName: string }[]).map((g) => g.gameName);
    };
    const before = await name();
    expect(before).toContain('Zebracorn Platinum');
    // written straight to the database: no event, so this instance keeps its cached answer
    await db().execute(
      sql`update game set names = jsonb_set(names, '{EN}', '"Zebracorn Titanium"') where node_id = ${a1}`,
    );
    expect(await name()).toEqual(before);
    await opCall(admin, 'PUT', `/admin/api/catalogue/games/${a1}`, { sortOrder: null });
    expect(await name()).toContain('Zebracorn Titanium');
  });
});
