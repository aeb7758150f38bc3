import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing (fonts in woff/woff2 and images other than SVG already are). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of the
 * output, when smaller than the file: the server hands them out as they are (@fastify/static
 * `preCompressed`), so no request pays for compressing at the highest levels. Returns what it wrote.
 */
export function precompressDir(dir: string): { files: number; raw: number; br: number; gz: number } {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    total.files += 1;
    total.raw += raw.length;
    total.br += Math.min(br.length, raw.length);
    total.gz += Math.min(gz.length, raw.length);
  }
  return total;
}

/** `vite build` only: precompresses the whole output directory once it is written (not with `write: false`). */
export function precompress(): Plugin {
  let outDir = 'dist';
  let write = true;
  return {
    name: 'bp:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      write = config.build.write;
    },
    closeBundle() {
      if (!write) return;
      const t = precompressDir(outDir);
      this.info(
        `precompressed ${t.files} files: ${(t.raw / 1024).toFixed(0)} KB -> br ${(t.br / 1024).toFixed(0)} KB, gzip ${(t.gz / 1024).toFixed(0)} KB`,
      );
    },
  };
}
