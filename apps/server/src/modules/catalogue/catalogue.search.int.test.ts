import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TCatalogueFeed } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { importFeed } from './catalogue.test-support.js';

/**
 * The lobby's name search (gameName, the in-process trigram index of catalogue.search-index.ts): the
 * same answers as a case-insensitive substring of any of a game's names, whatever the query's length
 * (one or two letters have no trigram and are scanned), with LIKE's wildcards and escape taken
 * literally; and the database's trigram index (migration 0024) the operator's search asks.
 */

let t: TestApp;
const H = { merchant: DEMO.merchant };

interface Listed {
  nodeId: number;
  gameCode: string;
  gameName: string;
}

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${query}`, headers: H });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { games: Listed[]; totalCount: number };
}

/** Every game the merchant lists, in lobby order, with its name in each language. */
let everything: { nodeId: number; names: string[] }[] = [];

async function search(q: string) {
  const v = await list(`gameName=${encodeURIComponent(q)}&pageSize=3000&language=EN`);
  return { ids: v.games.map((g) => g.nodeId), total: v.totalCount };
}
/** What the search must answer: the games with `q` (trimmed, NFC, lower case) in one of their names. */
function expected(q: string) {
  const needle = q.normalize('NFC').toLowerCase().trim();
  const ids = everything.filter((g) => g.names.some((n) => n.includes(needle))).map((g) => g.nodeId);
  return { ids, total: ids.length };
}

const feed = (): TCatalogueFeed =>
  ({
    vendors: [
      { code: 'SRCH', names: { EN: 'Search Lab', BN: 'সার্চ ল্যাব' }, gameTypes: ['RNG'], sortOrder: 1 },
    ],
    games: [
      ['S001', 'Xqz Wild_Card 100% Back\\slash', 'এক্সকিউ বন্য কার্ড'],
      ['S002', 'Xqz Wildacard 1000 Nights', 'এক্সকিউ হাজার রাত'],
      ['S003', 'Ærøskøbing Ölçek Straße', 'ঐরোস্কোবিং'],
      ['S004', 'Plain Game', 'সাধারণ খেলা'],
    ].map(([gameCode, en, bn], i) => ({
      vendor: 'SRCH',
      gameCode,
      gameType: 'RNG',
      names: { EN: en, BN: bn },
      sortOrder: i,
    })),
    enableForMerchant: true,
  }) as TCatalogueFeed;

beforeAll(async () => {
  t = await createTestApp();
  const login = await t.app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    payload: { merchantCode: DEMO.merchant, username: 'admin', password: 'Admin@12345' },
  });
  expect(login.statusCode, login.body).toBe(200);
  const res = await importFeed(t.app, login.json().value.token as string, feed());
  expect(res.statusCode, res.body).toBe(200);

  const byId = new Map<number, string[]>();
  for (const language of ['EN', 'BN']) {
    const v = await list(`pageSize=3000&language=${language}`);
    expect(v.totalCount).toBeLessThanOrEqual(3000);
    for (const g of v.games) {
      const names = byId.get(g.nodeId) ?? [];
      names.push(g.gameName.normalize('NFC').toLowerCase());
      byId.set(g.nodeId, names);
    }
  }
  // lobby order is the same in both languages
  everything = [...byId].map(([nodeId, names]) => ({ nodeId, names }));
  expect(everything.length).toBeGreaterThan(4);
});
afterAll(() => t.close());

describe('name search', () => {
  it('finds substrings of three letters and more, in any language and case, as a scan would', async () => {
    for (const q of [
      'xqz',
      'XQZ WILD',
      'wildacard',
      'lain gam',
      'এক্সকিউ',
      'হাজার রাত',
      'ঐরো',
      'skøb',
      'ÖLÇ',
    ]) {
      const want = expected(q);
      expect(want.total, q).toBeGreaterThan(0);
      expect(await search(q), q).toEqual(want);
    }
  });

  it('answers one- and two-letter queries by substring too (no trigram: scanned), in lobby order', async () => {
    for (const q of ['x', 'Q', 'qz', 'ß', 'এ', 'কি', 'ø', ' a ', 'n g']) {
      const want = expected(q);
      expect(want.total, q).toBeGreaterThan(0);
      expect(await search(q), q).toEqual(want);
    }
  });

  it("takes %, _ and \\ literally (LIKE's wildcards and escape are not the player's)", async () => {
    const code = async (q: string) => {
      const v = await list(`gameName=${encodeURIComponent(q)}&pageSize=3000`);
      return v.games.map((g) => g.gameCode);
    };
    expect(await code('d_c')).toEqual(['S001']); // not Wildacard
    expect(await code('wild_card')).toEqual(['S001']);
    expect(await code('100%')).toEqual(['S001']); // not 1000
    expect(await code('100% b')).toEqual(['S001']);
    expect(await code('k\\sla')).toEqual(['S001']);
    expect(await code('%')).toEqual(['S001']);
    expect(await code('_')).toEqual(['S001']);
    expect(await code('\\')).toEqual(['S001']);
    expect(await code('%%%')).toEqual([]);
    expect(await code('xqz%nights')).toEqual([]);
  });

  it('counts every match whatever the page, past the last one too', async () => {
    const all = expected('xqz');
    expect(all.total).toBe(2);
    const page = async (pageNo: number) => {
      const v = await list(`gameName=xqz&pageSize=1&pageNo=${pageNo}`);
      return { ids: v.games.map((g) => g.nodeId), total: v.totalCount };
    };
    expect(await page(1)).toEqual({ ids: all.ids.slice(0, 1), total: 2 });
    expect(await page(2)).toEqual({ ids: all.ids.slice(1, 2), total: 2 });
    expect(await page(3)).toEqual({ ids: [], total: 2 });
    expect(await page(9)).toEqual({ ids: [], total: 2 });
  });

  it('finds nothing for what no name holds, whether short or long', async () => {
    for (const q of ['zzqqxx', 'qqj', 'ঌঌ']) expect(await search(q), q).toEqual({ ids: [], total: 0 });
  });

  it('is answered from a trigram index (pg_trgm GIN, no pending list) on the names of every language', async () => {
    const [idx] = await rows<{ def: string; opts: string[] | null }>(
      t.database.db,
      sql`select pg_get_indexdef(c.oid) as def, c.reloptions as opts from pg_class c
          where c.relname = 'game_search_trgm_idx'`,
    );
    expect(idx?.def).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
    expect(idx?.opts).toEqual(['fastupdate=off']);
    // with a handful of games a scan is cheaper; what matters is that the index can answer it
    const forced = await t.database.withConnection(async (q) => {
      await q('begin');
      await q('set local enable_seqscan = off');
      const r = await q(`explain select node_id from game where search_text like '%এক্সকিউ%'`);
      await q('rollback');
      return r;
    });
    expect(forced.map((r) => Object.values(r)[0]).join('\n')).toContain('game_search_trgm_idx');
  });
});
