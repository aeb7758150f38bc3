import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZGameAnnouncement, ZGameAnnouncementAdmin } from '@bp/contract';
import { z } from 'zod';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { gameAnnouncement } from '../../db/schema/index.js';
import {
  createOperator,
  merchantIdOf,
  operatorLogin as login,
  createMerchant,
} from '../../test/factories.js';

const HOUR = 3_600_000;
const PATH = '/wps/relay/GCSGAME_getGameAnnouncements';
const ADMIN = '/admin/api/game-announcements';

let t: TestApp;
let owner: string;
let viewer: string;
let other: { id: number; code: string };
let otherOwner: string;
/** Two PG games (one RNG) and a game of another vendor, from the seeded catalogue. */
let pgGame: number;
let pgGame2: number;
let egGame: number;
let seeded: z.infer<typeof ZGameAnnouncement>[];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (token: string, body: object) => {
  const res = await call(token, 'POST', ADMIN, body);
  expect(res.statusCode, res.body).toBe(200);
  return ZGameAnnouncementAdmin.parse(res.json().value);
};
const read = async (
  query: string,
  merchant: string = DEMO.merchant,
  headers: Record<string, string> = {},
) => {
  const res = await t.app.inject({ url: `${PATH}?${query}`, headers: { merchant, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return z.array(ZGameAnnouncement).parse(res.json().value);
};
const ids = (list: { id: number }[]) => list.map((a) => a.id);
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const demoId = await merchantIdOf(db, DEMO.merchant);
  other = await createMerchant(db);
  await Promise.all([
    createOperator(db, demoId, 'gaviewer', 'viewer'),
    createOperator(db, other.id, 'gaother', 'owner'),
  ]);
  [owner, viewer, otherOwner] = await Promise.all([
    login(t.app, DEMO.merchant, 'admin', 'Admin@12345'),
    login(t.app, DEMO.merchant, 'gaviewer'),
    login(t.app, other.code, 'gaother'),
  ]);
  const games = (
    (await db.execute(
      sql`select node_id, vendor_code from game where vendor_code in ('PG', 'EG2') order by node_id`,
    )) as unknown as { rows: { node_id: number; vendor_code: string }[] }
  ).rows;
  [pgGame, pgGame2] = games.filter((g) => g.vendor_code === 'PG').map((g) => g.node_id) as [number, number];
  egGame = games.find((g) => g.vendor_code === 'EG2')!.node_id;
  seeded = await read('vassalage=PG&language=EN');
  // then start from a clean slate: the demo seed's PG announcement would otherwise show in every read
  await db.delete(gameAnnouncement);
});
afterAll(async () => {
  await t?.close();
});

describe('GCSGAME_getGameAnnouncements (public read)', () => {
  it('has the demo seed PG announcement', () => {
    expect(seeded).toMatchObject([{ vassalage: 'PG', nodeId: null, title: 'New games every week' }]);
  });

  it('serves only live rows of the caller merchant, narrowed by vendor and game, in order', async () => {
    const vendorWide = await create(owner, {
      vassalage: 'PG',
      sequence: 2,
      title: { EN: 'New games every week', BN: 'প্রতি সপ্তাহে নতুন গেম' },
      content: { EN: '<p>Weekly</p>', BN: '<p>সাপ্তাহিক</p>' },
    });
    const oneGame = await create(owner, {
      vassalage: 'PG',
      nodeId: pgGame,
      sequence: 1,
      title: { EN: 'Jackpot week' },
      content: { EN: '<p>Jackpot</p>' },
    });
    const eg = await create(owner, { vassalage: 'EG2', content: { EN: 'EG news' } });
    const inactive = await create(owner, { vassalage: 'PG', active: false, content: { EN: 'off' } });
    const future = await create(owner, {
      vassalage: 'PG',
      startDate: iso(HOUR),
      content: { EN: 'later' },
    });
    const past = await create(owner, {
      vassalage: 'PG',
      startDate: iso(-2 * HOUR),
      endDate: iso(-HOUR),
      content: { EN: 'over' },
    });
    const windowed = await create(owner, {
      vassalage: 'PG',
      sequence: 3,
      startDate: iso(-HOUR),
      endDate: iso(HOUR),
      content: { EN: 'now' },
    });
    const theirs = await create(otherOwner, { vassalage: 'PG', content: { EN: 'other brand' } });

    expect(ids(await read('vassalage=PG&language=EN'))).toEqual([oneGame.id, vendorWide.id, windowed.id]);
    // a game: its own rows plus its vendor's vendor-wide ones, with or without the vendor sent
    expect(ids(await read(`nodeId=${pgGame}&language=EN`))).toEqual([oneGame.id, vendorWide.id, windowed.id]);
    expect(ids(await read(`vassalage=PG&nodeId=${pgGame2}`))).toEqual([vendorWide.id, windowed.id]);
    // a game of another vendor never gets PG's
    expect(ids(await read(`nodeId=${egGame}`))).toEqual([eg.id]);
    expect(await read(`vassalage=PG&nodeId=${egGame}`)).toEqual([]);
    expect(await read('nodeId=999999999')).toEqual([]);
    expect(ids(await read(''))).toEqual(
      expect.arrayContaining([oneGame.id, vendorWide.id, windowed.id, eg.id]),
    );
    const hidden = [inactive.id, future.id, past.id, theirs.id];
    for (const id of ids(await read(''))) expect(hidden).not.toContain(id);
    // the other merchant sees its own only
    expect(ids(await read('vassalage=PG', other.code))).toEqual([theirs.id]);

    for (const a of [vendorWide, oneGame, eg, inactive, future, past, windowed]) {
      expect((await call(owner, 'DELETE', `${ADMIN}/${a.id}`)).statusCode).toBe(200);
    }
    await call(otherOwner, 'DELETE', `${ADMIN}/${theirs.id}`);
  });

  it('answers in the asked language, else the merchant default, and narrows by game type', async () => {
    const both = await create(owner, {
      vassalage: 'PG',
      title: { EN: 'Hello', BN: 'হ্যালো' },
      content: { EN: '<p>EN body</p>', BN: '<p>BN body</p>' },
    });
    const live = await create(owner, { vassalage: 'PG', gameType: 'live', content: { BN: 'লাইভ' } });
    const [en] = await read('vassalage=PG&gameType=RNG&language=EN');
    expect(en).toMatchObject({ id: both.id, title: 'Hello', content: '<p>EN body</p>' });
    // Language header when the query has none; an unknown language falls back to BN (the default)
    expect((await read('vassalage=PG&gameType=RNG', DEMO.merchant, { language: 'EN' }))[0]!.title).toBe(
      'Hello',
    );
    const fr = await read('vassalage=PG&language=FR');
    expect(fr.map((a) => a.content)).toEqual(['<p>BN body</p>', 'লাইভ']);
    // a per-item fallback: the LIVE one has no EN text
    expect((await read('vassalage=PG&gameType=LIVE&language=EN')).map((a) => a.content)).toEqual([
      '<p>EN body</p>',
      'লাইভ',
    ]);
    expect(ids(await read('vassalage=PG&gameType=RNG'))).toEqual([both.id]);
    // a game of type RNG does not get the LIVE-only row
    expect(ids(await read(`nodeId=${pgGame}`))).toEqual([both.id]);
    expect(live.gameType).toBe('LIVE');
    await call(owner, 'DELETE', `${ADMIN}/${both.id}`);
    await call(owner, 'DELETE', `${ADMIN}/${live.id}`);
  });

  it('refuses malformed filters', async () => {
    const res = await t.app.inject({ url: `${PATH}?gameType=NOPE`, headers: { merchant: DEMO.merchant } });
    expect(res.statusCode).toBe(422);
  });
});

describe('operator API /admin/api/game-announcements', () => {
  it('rejects anonymous callers and viewers writing', async () => {
    for (const [method, url, body] of [
      ['GET', ADMIN],
      ['POST', ADMIN, { vassalage: 'PG', content: { EN: 'x' } }],
      ['PUT', `${ADMIN}/1`, { sequence: 1 }],
      ['DELETE', `${ADMIN}/1`],
    ] as [Method, string, object?][]) {
      const res = await call(undefined, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'login.not.session' });
    }
    expect((await call(viewer, 'GET', ADMIN)).statusCode).toBe(200);
    const refused = await call(viewer, 'POST', ADMIN, { vassalage: 'PG', content: { EN: 'x' } });
    expect(refused.statusCode).toBe(403);
    const mine = await create(owner, { vassalage: 'PG', content: { EN: 'x' } });
    expect((await call(viewer, 'PUT', `${ADMIN}/${mine.id}`, { sequence: 1 })).statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `${ADMIN}/${mine.id}`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `${ADMIN}/${mine.id}`)).statusCode).toBe(200);
    expect(await (await call(owner, 'GET', ADMIN)).json().value).toEqual([]);
  });

  it('validates input: schema, unknown vendor, unknown or foreign game, type mismatch', async () => {
    const cases: [object, string][] = [
      [{}, 'vassalage'],
      [{ vassalage: 'PG', content: {} }, 'content'],
      [{ vassalage: 'PG', content: { EN: 'x' }, gameType: 'BINGO' }, 'gameType'],
      [{ vassalage: 'NOPE', content: { EN: 'x' } }, 'vassalage'],
      [{ vassalage: 'PG', nodeId: 999999999, content: { EN: 'x' } }, 'nodeId'],
      [{ vassalage: 'PG', nodeId: egGame, content: { EN: 'x' } }, 'nodeId'],
      [{ vassalage: 'PG', nodeId: pgGame, gameType: 'LIVE', content: { EN: 'x' } }, 'gameType'],
      [{ vassalage: 'PG', content: { EN: 'x' }, startDate: iso(HOUR), endDate: iso(-HOUR) }, 'endDate'],
    ];
    for (const [body, field] of cases) {
      const res = await call(owner, 'POST', ADMIN, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(field);
    }
    const unknown = await call(owner, 'POST', ADMIN, { vassalage: 'NOPE', content: { EN: 'x' } });
    expect(JSON.stringify(unknown.json())).toContain('unknown vendor NOPE');
    expect(await (await call(owner, 'GET', ADMIN)).json().value).toEqual([]);
  });

  it('creates, updates, deletes with sanitised HTML and an audit trail; scoped to the merchant', async () => {
    const made = await create(owner, {
      vassalage: 'PG',
      nodeId: pgGame,
      title: { EN: '<b>Hot</b> news' },
      content: { EN: '<p onclick="x()">Hi<script>alert(1)</script></p>' },
    });
    expect(made.title.EN).toBe('Hot news');
    expect(made.content.EN).not.toMatch(/script|onclick/);
    expect(made.content.EN).toContain('Hi');
    const changed = await call(owner, 'PUT', `${ADMIN}/${made.id}`, { sequence: 7, nodeId: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({ sequence: 7, nodeId: null, vassalage: 'PG' });
    expect((await call(owner, 'PUT', `${ADMIN}/${made.id}`, {})).statusCode).toBe(422);
    expect((await call(owner, 'PUT', `${ADMIN}/${made.id}`, { vassalage: 'NOPE' })).statusCode).toBe(422);
    // the public read sees the change at once (the cache is dropped on write)
    expect((await read('vassalage=PG&language=EN'))[0]).toMatchObject({ id: made.id, nodeId: null });
    // another merchant's operator can neither see nor change it
    expect((await call(otherOwner, 'GET', ADMIN)).json().value).toEqual([]);
    expect((await call(otherOwner, 'PUT', `${ADMIN}/${made.id}`, { sequence: 1 })).statusCode).toBe(404);
    expect((await call(otherOwner, 'DELETE', `${ADMIN}/${made.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${ADMIN}/${made.id}`)).json().value).toEqual({
      id: made.id,
      deleted: true,
    });
    expect((await call(owner, 'DELETE', `${ADMIN}/${made.id}`)).statusCode).toBe(404);
    expect(await read('vassalage=PG')).toEqual([]);

    const log = (
      await call(owner, 'GET', '/admin/api/audit-log?action=game_announcement.update&pageSize=100')
    ).json().value.list;
    expect(log[0]).toMatchObject({
      action: 'game_announcement.update',
      entityType: 'game_announcement',
      entityId: String(made.id),
      operatorUsername: 'admin',
      after: { sequence: 7, nodeId: null },
    });
    const all = (await call(owner, 'GET', '/admin/api/audit-log?pageSize=100')).json().value.list as {
      action: string;
      entityId: string;
    }[];
    expect(
      all
        .filter((e) => e.entityId === String(made.id) && e.action.startsWith('game_announcement.'))
        .map((e) => e.action),
    ).toEqual(['game_announcement.delete', 'game_announcement.update', 'game_announcement.create']);
  });
});
