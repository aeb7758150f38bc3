import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { COMPRESS_THRESHOLD } from './compression.js';

/**
 * Compression over real HTTP (issue 14, a phone on mobile data): the site's files go out as the build
 * compressed them, API answers above a small size are compressed on the fly, each as the caller
 * accepts (brotli preferred, gzip, or nothing), with `Vary: Accept-Encoding` and the site's cache rules.
 */

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-compress-'));
const webDist = path.join(fixtures, 'web');
const ASSET = '/assets/index-AbC123xy.js';
const script = `export const games = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `game ${i}`))};\n`;
const indexHtml = `<!doctype html><html><head><title>site</title><script type="module" src="${ASSET}"></script></head><body>${'<!-- pad -->'.repeat(200)}</body></html>`;

/** What apps/web/build-tools/precompress.ts writes beside each file. */
function writeWithCompressed(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}
writeWithCompressed(path.join(webDist, 'index.html'), indexHtml);
writeWithCompressed(path.join(webDist, ASSET), script);

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the bytes as they came over the wire */
  body: Buffer;
}

/** node:http sends no Accept-Encoding of its own and decodes nothing: the bytes are the wire's. */
function request(target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(a: Answer): string {
  const enc = a.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(a.body).toString('utf8');
  if (enc === 'gzip') return zlib.gunzipSync(a.body).toString('utf8');
  expect(enc).toBeUndefined();
  return a.body.toString('utf8');
}

const varies = (a: Answer) =>
  String(a.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

const GAME_LIST = '/wps/relay/GCSGAME_gameList?pageNo=1&pageSize=24';

describe('static files of the player site', () => {
  it('sends the brotli file to a caller accepting br, immutable for a year, with the security headers', async () => {
    const a = await request(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.headers['content-type']).toMatch(/javascript/);
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(a)).toBe(true);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['content-security-policy']).toContain("script-src 'self'");
    expect(a.body.length).toBeLessThan(Buffer.byteLength(script) / 3);
    expect(decoded(a)).toBe(script);
  });

  it('sends the gzip file to a caller accepting only gzip', async () => {
    const a = await request(ASSET, { 'accept-encoding': 'gzip' });
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(varies(a)).toBe(true);
    expect(decoded(a)).toBe(script);
  });

  it('sends the file as it is to a caller accepting no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const a = await request(ASSET, headers);
      expect(a.status).toBe(200);
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(varies(a)).toBe(true);
      expect(a.body.toString('utf8')).toBe(script);
    }
  });

  it('answers client routes with index.html compressed and revalidated (no-cache)', async () => {
    for (const target of ['/', '/member/wallet']) {
      const a = await request(target, { 'accept-encoding': 'br' });
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toMatch(/^text\/html/);
      expect(a.headers['content-encoding']).toBe('br');
      expect(a.headers['cache-control']).toBe('no-cache');
      expect(decoded(a)).toBe(indexHtml);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const a = await request(ASSET, { 'accept-encoding': 'br' }, 'HEAD');
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(a.body.length).toBe(0);
  });
});

describe('API answers', () => {
  it('compresses an answer above the threshold with what the caller prefers', async () => {
    const plain = await request(GAME_LIST);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body.toString('utf8');
    expect(Buffer.byteLength(text)).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(JSON.parse(text)).toMatchObject({ success: true });

    const br = await request(GAME_LIST, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(decoded(br)).toBe(text);

    const gz = await request(GAME_LIST, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varies(gz)).toBe(true);
    expect(decoded(gz)).toBe(text);

    // the caller's weights decide between two it accepts
    const preferGzip = await request(GAME_LIST, { 'accept-encoding': 'br;q=0.5, gzip;q=1' });
    expect(preferGzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(preferGzip)).toBe(text);

    // `*` counts as gzip; X-No-Compression asks for the answer as it is
    expect((await request(GAME_LIST, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('gzip');
    const none = await request(GAME_LIST, { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString('utf8')).toBe(text);
  });

  it('leaves a small answer as it is', async () => {
    const a = await request('/wps/no-such-call', { 'accept-encoding': 'br, gzip' });
    expect(a.status).toBe(404);
    expect(a.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(a.body.toString('utf8'))).toMatchObject({ success: false, errorCode: 'not_found' });
  });

  it('answers HEAD of a call with no body (the length of the identity answer, which it describes)', async () => {
    const head = await request(GAME_LIST, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe((await request(GAME_LIST)).body.length);
    expect(head.body.length).toBe(0);
    // the connection is still usable afterwards
    expect(JSON.parse(decoded(await request(GAME_LIST, { 'accept-encoding': 'br' })))).toMatchObject({
      success: true,
    });
  });

  it('keeps the WebSocket working for a client that accepts compressed answers', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/wps/ws?merchant=demobdt`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    ws.close();
  });
});
