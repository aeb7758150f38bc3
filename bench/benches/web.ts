/**
 * Home-route JavaScript: the entry chunk plus the chunks index.html preloads, gzip -9, in bytes.
 * The reference is the budget we hold the home route to (mobile players on slow links).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { benchLine } from '../lib.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
export const HOME_JS_BUDGET_GZIP = 150 * 1024;

/** The home route's scripts (entry and modulepreloads): count, raw bytes and gzip -9 bytes. */
export async function homeJsGzip() {
  const indexHtml = path.join(dist, 'index.html');
  if (!fs.existsSync(indexHtml))
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  const html = fs.readFileSync(indexHtml, 'utf8');
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) srcs.add(m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const buf = fs.readFileSync(path.join(dist, src.replace(/^\//, '')));
    raw += buf.length;
    gzip += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { scripts: srcs.size, raw, gzip };
}

export async function run() {
  const { scripts, raw, gzip: gz } = await homeJsGzip();
  console.log(`home route: ${scripts} scripts, ${raw} bytes raw, ${gz} bytes gzip`);
  return benchLine('web', {
    ratio: (gz / HOME_JS_BUDGET_GZIP).toFixed(3),
    ours: `${gz}B`,
    reference: `${HOME_JS_BUDGET_GZIP}B`,
    p50_ms: 0,
    p99_ms: 0,
  });
}
