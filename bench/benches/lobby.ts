/**
 * The lobby's game list, GET /wps/relay/GCSGAME_gameList, on the full demo catalogue (the importer's
 * whole generated feed, over 10,000 games, as `npm start` seeds it), through the whole app (merchant
 * resolution, validation, the lobby cache or the database query, language pick, envelope). Each
 * measurement runs against a bare Fastify route in the same process answering a payload of the same
 * size, so ratio = ours / reference (rps) is the cost of everything but moving the bytes. The two
 * alternate in 2-second slices (the machine is shared: drift then hits both sides alike).
 *
 * - filter: one page of 24 of a game type and vendor (page 2), the lobby's commonest call;
 * - search, search_bn: a name substring in English and in Bengali (any shipped language matches);
 * - search_uncached: a different substring on every request (taken from the catalogue's own names),
 *   so each one misses the lobby cache and runs the database query (the search speed itself); once
 *   every substring was asked, each comes again under another cache key (another page size, then
 *   English), still a miss.
 *
 * Prints one BENCH line per measurement, the home route's JavaScript gzip size (web.ts), and returns
 * the combined `BENCH lobby` line (ratio of the filter page; the others as extra fields).
 */
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { loadConfig } from '../../apps/server/src/config.js';
import { createTestDatabase } from '../../apps/server/src/test/harness.js';
import { seedIfEmpty } from '../../apps/server/src/seed/index.js';
import { buildApp } from '../../apps/server/src/app.js';
import { benchLine, load, type LoadResult } from '../lib.js';
import { homeJsGzip } from './web.js';

const PATH = '/wps/relay/GCSGAME_gameList';
const HEADERS = { merchant: 'demobdt', language: 'BN' };
const CONNECTIONS = 16;
/** ours and the reference alternate in slices this long (seconds) */
const SLICE_SECONDS = 2;

interface GameListAnswer {
  value: { games: { gameName: string }[]; totalCount: number };
}

/** Distinct substrings of the catalogue's names (4 letters of English, 3 of Bengali), shuffled. */
function substringsOf(names: string[]): string[] {
  const set = new Set<string>();
  for (const name of names) {
    const s = name.normalize('NFC').toLowerCase();
    const n = /[a-z]/.test(s) ? 4 : 3;
    for (let i = 0; i + n <= s.length; i++) {
      const part = s.slice(i, i + n);
      if (part.trim().length === n) set.add(part);
    }
  }
  const list = [...set];
  // deterministic shuffle (LCG), so runs are comparable
  let seed = 42;
  for (let i = list.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** Load where every request takes the next path of `paths` from `start` on (autocannon's setupRequest). */
async function loadPaths(
  base: string,
  paths: string[],
  seconds: number,
  start = 0,
): Promise<LoadResult & { sent: number }> {
  let i = start;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    headers: HEADERS,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }),
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    sent: i - start,
  };
}

/** Slices are equally long: the mean rps is the rps of the whole; p50 and p99 are the slices' means. */
function combine(slices: LoadResult[]): LoadResult {
  const mean = (f: (r: LoadResult) => number) => slices.reduce((a, r) => a + f(r), 0) / slices.length;
  const sum = (f: (r: LoadResult) => number) => slices.reduce((a, r) => a + f(r), 0);
  return {
    rps: mean((r) => r.rps),
    p50: Math.round(mean((r) => r.p50)),
    p99: Math.round(mean((r) => r.p99)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

export async function run(seconds: number) {
  const database = await createTestDatabase({ content: 'migrated' });
  const seedStart = Date.now();
  await seedIfEmpty(database, { fullCatalogue: true });
  const seedMs = Date.now() - seedStart;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const get = async (query: string, language = 'BN') => {
    const res = await fetch(`${appBase}${PATH}?${query}`, { headers: { ...HEADERS, language } });
    const text = await res.text();
    if (!res.ok) throw new Error(`gameList?${query} answered ${res.status}: ${text.slice(0, 300)}`);
    return { text, json: JSON.parse(text) as GameListAnswer };
  };

  // every name in both languages, for the uncached search's substrings
  const names: string[] = [];
  for (const language of ['EN', 'BN']) {
    for (let pageNo = 1; ; pageNo++) {
      const { json } = await get(`pageSize=3000&pageNo=${pageNo}`, language);
      names.push(...json.value.games.map((g) => g.gameName));
      if (pageNo * 3000 >= json.value.totalCount) break;
    }
  }
  const total = names.length / 2;
  if (total < 10_000) throw new Error(`the full demo catalogue has only ${total} games`);
  const parts = substringsOf(names);

  const cases = [
    { name: 'filter', query: 'gameType=RNG&vassalage=PG&pageNo=2&pageSize=24' },
    { name: 'search', query: `gameName=${encodeURIComponent('dragon')}&pageSize=24` },
    { name: 'search_bn', query: `gameName=${encodeURIComponent('ড্রাগন')}&pageSize=24` },
  ];
  const searchPath = (p: string, variant = 0) =>
    `${PATH}?gameName=${encodeURIComponent(p)}&pageSize=${24 - (variant % 10)}` +
    (variant >= 10 ? '&language=EN' : '');

  // the reference answers a payload of the case's size: the case's own answer
  const samples = new Map<string, string>();
  for (const c of cases) {
    const { text, json } = await get(c.query);
    if (!json.value.totalCount) throw new Error(`${c.name} found nothing`);
    samples.set(c.name, text);
    console.log(`${c.name}: ${json.value.totalCount} games match, page ${Buffer.byteLength(text)} bytes`);
  }
  // uncached: the median answer size of a sample of the substrings
  const sizes: { bytes: number; text: string }[] = [];
  for (const p of parts.slice(0, 41)) {
    const { text } = await get(`gameName=${encodeURIComponent(p)}&pageSize=24`);
    sizes.push({ bytes: Buffer.byteLength(text), text });
  }
  sizes.sort((a, b) => a.bytes - b.bytes);
  samples.set('search_uncached', sizes[Math.floor(sizes.length / 2)]!.text);
  console.log(
    `catalogue ${total} games (seeded in ${seedMs} ms); ${parts.length} distinct substrings for the uncached search, median page ${sizes[Math.floor(sizes.length / 2)]!.bytes} bytes`,
  );

  const bare = Fastify({ logger: false });
  bare.get(PATH, async (req, reply) => {
    const which = (req.query as { case?: string }).case ?? 'filter';
    return reply.type('application/json; charset=utf-8').send(samples.get(which));
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const results: Record<string, { ours: LoadResult; ref: LoadResult }> = {};
  const measure = async (
    name: string,
    ours: (s: number) => Promise<LoadResult>,
    ref: (s: number) => Promise<LoadResult>,
  ) => {
    // warm both, then alternate short slices of each, so drift on a shared machine hits both sides
    await ours(2);
    await ref(2);
    const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS));
    const o: LoadResult[] = [];
    const b: LoadResult[] = [];
    for (let i = 0; i < slices; i++) {
      o.push(await ours(seconds / slices));
      b.push(await ref(seconds / slices));
    }
    const r = { ours: combine(o), ref: combine(b) };
    if (r.ours.non2xx || r.ours.errors)
      throw new Error(`${name}: errors under load: ${JSON.stringify(r.ours)}`);
    results[name] = r;
    console.log(
      benchLine(`lobby_${name}`, {
        ratio: (r.ours.rps / r.ref.rps).toFixed(3),
        ours: `${r.ours.rps.toFixed(0)}rps`,
        reference: `${r.ref.rps.toFixed(0)}rps`,
        p50_ms: r.ours.p50,
        p99_ms: r.ours.p99,
        ref_p99_ms: r.ref.p99,
      }),
    );
  };

  for (const c of cases) {
    await measure(
      c.name,
      (s) => load(`${appBase}${PATH}?${c.query}`, { seconds: s, headers: HEADERS, connections: CONNECTIONS }),
      (s) =>
        load(`${bareBase}${PATH}?case=${c.name}`, { seconds: s, headers: HEADERS, connections: CONNECTIONS }),
    );
  }
  // the warm-up takes its own substrings: the measured ones are all first requests
  const warmParts = parts.slice(0, Math.floor(parts.length / 4));
  const warm = warmParts.map((p) => searchPath(p));
  // every cold substring, then each again under another cache key (page size 23..15, then the same
  // in English): a search the lobby cache has not seen, so the database runs it, for about 47,000
  // requests before any path repeats (a fast search ran out of the 2,300 substrings alone)
  const coldParts = parts.slice(warmParts.length);
  const cold: string[] = [];
  for (let variant = 0; variant < 20; variant++) for (const p of coldParts) cold.push(searchPath(p, variant));
  let warmed = false;
  let coldAt = 0;
  await measure(
    'search_uncached',
    async (s) => {
      if (!warmed) {
        warmed = true;
        return loadPaths(appBase, warm, s);
      }
      // each slice goes on where the last one stopped: no substring is asked twice
      const r = await loadPaths(appBase, cold, s, coldAt);
      coldAt += r.sent;
      return r;
    },
    (s) =>
      load(`${bareBase}${PATH}?case=search_uncached`, {
        seconds: s,
        headers: HEADERS,
        connections: CONNECTIONS,
      }),
  );
  if (coldAt > cold.length)
    console.log(`note: ${coldAt} uncached requests > ${cold.length} substrings, some hit the cache`);

  await app.close();
  await bare.close();
  await database.close();

  let homeJs = 'n/a';
  try {
    homeJs = `${(await homeJsGzip()).gzip}B`;
  } catch (e) {
    console.log(`home-route JS: ${(e as Error).message}`);
  }

  const f = results.filter!;
  const ratio = (n: string) => (results[n]!.ours.rps / results[n]!.ref.rps).toFixed(3);
  return benchLine('lobby', {
    ratio: ratio('filter'),
    ours: `${f.ours.rps.toFixed(0)}rps`,
    reference: `${f.ref.rps.toFixed(0)}rps`,
    p50_ms: f.ours.p50,
    p99_ms: f.ours.p99,
    search_ratio: ratio('search'),
    search_bn_ratio: ratio('search_bn'),
    uncached_ratio: ratio('search_uncached'),
    uncached_rps: results.search_uncached!.ours.rps.toFixed(0),
    uncached_p99_ms: results.search_uncached!.ours.p99,
    home_js_gzip: homeJs,
    games: total,
  });
}
