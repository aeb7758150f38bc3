import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { HOME_JS_BUDGET_GZIP, homeJs, type ChunkInfo } from './home-budget';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('home-route JavaScript', () => {
  it(`stays within ${HOME_JS_BUDGET_GZIP / 1024} KB gzip, without zod or the carousel`, async () => {
    // the production build, in memory (nothing written, dist/ untouched); vitest's NODE_ENV=test
    // would otherwise select React's development files
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const result = await build({
      root,
      mode: 'production',
      logLevel: 'silent',
      build: { write: false },
    }).finally(() => {
      process.env.NODE_ENV = nodeEnv;
    });
    const output = (Array.isArray(result) ? result[0] : result) as { output: ChunkInfo[] };
    const home = homeJs(output.output);
    console.log(`home route: ${home.files.length} scripts, ${home.raw} B raw, ${home.gzip} B gzip`);
    expect(home.gzip).toBeLessThanOrEqual(HOME_JS_BUDGET_GZIP);
    const code = home.files.map((f) => output.output.find((c) => c.fileName === f)?.code ?? '').join('\n');
    // zod's internals and swiper's class names: both belong in lazy chunks only
    expect(code).not.toMatch(/_zod|ZodError/);
    expect(code).not.toContain('swiper-wrapper');
  }, 120_000);

  it('counts the entry and its static imports once each', () => {
    const out: ChunkInfo[] = [
      { type: 'chunk', fileName: 'a.js', isEntry: true, imports: ['b.js', 'c.js'], code: 'a'.repeat(100) },
      { type: 'chunk', fileName: 'b.js', imports: ['c.js'], code: 'b' },
      { type: 'chunk', fileName: 'c.js', imports: ['b.js'], code: 'c' },
      { type: 'chunk', fileName: 'lazy.js', code: 'lazy' },
      { type: 'asset', fileName: 'x.css' },
    ];
    const r = homeJs(out);
    expect(r.files).toEqual(['a.js', 'b.js', 'c.js']);
    expect(r.raw).toBe(102);
  });
});
