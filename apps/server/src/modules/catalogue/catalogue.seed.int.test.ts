import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { seedIfEmpty } from '../../seed/index.js';
import { rows } from '../../platform/sql.js';
import { generateDemoFeed } from './catalogue.feed.js';
import { importCatalogue } from './catalogue.import.js';

/** The demo path (`npm start`) seeds the full catalogue; tests elsewhere get a small one. */
let t: TestApp;
let seedMs: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const started = performance.now();
  await seedIfEmpty(t.database, { fullCatalogue: true });
  seedMs = performance.now() - started;
  // the figure for the report; not asserted, this machine's load varies too much for a time limit
  console.info(`demo seed with the full catalogue: ${Math.round(seedMs)} ms`);
});
afterAll(() => t.close());

describe('demo catalogue', () => {
  it('has at least 10,000 games, every vendor switched on for the demo merchant (seamless, own secret)', async () => {
    const [n] = await rows<{ games: number; vendors: number }>(
      t.database.db,
      sql`select (select count(*)::int from game where status <> 'disabled') as games,
                 (select count(*)::int from game_vendor) as vendors`,
    );
    expect(n!.games).toBeGreaterThanOrEqual(10_000);
    const mv = await rows<{ vendor_code: string; wallet_mode: string; enabled: boolean; api_secret: string }>(
      t.database.db,
      sql`select mv.vendor_code, mv.wallet_mode, mv.enabled, mv.api_secret from merchant_vendor mv
          join merchant m on m.id = mv.merchant_id where m.code = ${DEMO.merchant}`,
    );
    expect(mv.length).toBe(n!.vendors);
    expect(mv.every((v) => v.enabled && v.wallet_mode === 'seamless' && v.api_secret.length >= 16)).toBe(
      true,
    );
    expect(new Set(mv.map((v) => v.api_secret)).size).toBe(mv.length);
  });

  it('serves the lobby from it: a page of a category and a name search in both languages', async () => {
    const get = (q: string) =>
      t.app.inject({ url: `/wps/relay/GCSGAME_gameList?${q}`, headers: { merchant: DEMO.merchant } });
    const rng = await get('gameType=RNG&pageSize=24');
    expect(rng.statusCode, rng.body).toBe(200);
    expect(rng.json().value.games).toHaveLength(24);
    expect(rng.json().value.totalCount).toBeGreaterThan(9_000);
    const en = (await get('gameName=dragon&pageSize=3000&language=EN')).json().value;
    const bn = (await get(`gameName=${encodeURIComponent('ড্রাগন')}&pageSize=3000`)).json().value;
    expect(en.totalCount).toBeGreaterThan(50);
    // the Bengali names are translations of the English ones: the same games match
    expect(bn.totalCount).toBe(en.totalCount);
    expect(en.games.every((g: { gameName: string }) => /dragon/i.test(g.gameName))).toBe(true);
    expect(bn.games.every((g: { gameName: string }) => g.gameName.includes('ড্রাগন'))).toBe(true);
  });

  it('re-importing the same feed writes nothing', async () => {
    const r = await t.database.db.transaction((tx) => importCatalogue(tx, generateDemoFeed()));
    expect(r).toMatchObject({ vendorsInserted: 0, vendorsUpdated: 0, gamesInserted: 0, gamesUpdated: 0 });
    expect(r.gamesUnchanged).toBeGreaterThanOrEqual(10_000);
  });
});
