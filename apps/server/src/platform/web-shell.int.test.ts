import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';

/**
 * index.html as the server answers a page: the first screen's pictures in its skeleton, taken from
 * the page's own first call through the API (web-shell.ts). The template is the site's real one.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-shell-'));
fs.copyFileSync(path.resolve(here, '../../../web/index.html'), path.join(fixtures, 'index.html'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: fixtures } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
const api = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { merchant: DEMO.merchant, language: 'BN' } })).json();
const pictures = (html: string) => [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);

describe('the page skeleton carries the first screen pictures', () => {
  it('a game list page: its first six tiles, as its first call lists them', async () => {
    const list = await api(
      '/wps/relay/GCSGAME_gameList?clientType=3&platform=html5-desktop&language=BN&gameType=RNG&pageNo=1&pageSize=24',
    );
    const icons = (list.value.games as { iconUrl: string }[]).slice(0, 6).map((g) => g.iconUrl);
    expect(icons.length).toBeGreaterThan(0);
    const res = await page('/rng');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<html data-shell-lang="bn" ');
    expect(res.body).toContain('<div class="app-shell-pic app-shell-tiles">');
    expect(pictures(res.body)).toEqual(icons);
    // a member's link opens the same list
    expect(pictures((await page('/rng?token=abcdefabcdefabcdef')).body)).toEqual(icons);
  });

  it("the home page: the first home banner, in the site's starting language", async () => {
    const ann = await api('/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&execution=B&language=BN');
    const home = (ann.value.banners as { groupName: string; sequence: number; url: string }[])
      .filter((b) => b.groupName === 'w_home')
      .sort((a, b) => a.sequence - b.sequence)[0]!;
    const res = await page('/');
    expect(pictures(res.body)).toEqual([home.url]);
    expect(res.body).toContain('class="app-shell-pic app-shell-banner app-shell-banner--img"');
  });

  it('none where the first screen is another one, and the skeleton stays as built', async () => {
    const built = fs.readFileSync(path.join(fixtures, 'index.html'), 'utf8');
    for (const url of [
      '/rng?vassalage=PG',
      '/rng?q=dragon',
      '/?token=abcdefabcdefabcdef',
      '/sports',
      '/member/profile',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(built);
    }
    // a host no merchant answers on: the page still loads, without pictures
    const unknown = await page('/rng', { host: 'no-such-brand.example' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(built);
  });

  it('goes out compressed for a caller that accepts it', async () => {
    const res = await page('/rng', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toBe((await page('/rng')).body);
  });
});
