import zlib from 'node:zlib';

/** The home route's JavaScript budget, gzip -9, in bytes (issue 14: mobile players on slow links). */
export const HOME_JS_BUDGET_GZIP = 150 * 1024;

/** What a bundler output chunk tells (Rollup/Rolldown `OutputChunk`). */
export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  code?: string;
}

export interface HomeJs {
  /** the entry script and every chunk it imports statically (what index.html loads and preloads) */
  files: string[];
  raw: number;
  gzip: number;
}

/**
 * The entry chunk and its static import graph: what every page, the home page first, loads before
 * anything lazy. Each file is gzipped on its own at level 9, as it travels.
 */
export function homeJs(output: readonly ChunkInfo[]): HomeJs {
  const chunks = new Map(output.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
  const entries = [...chunks.values()].filter((c) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const files: string[] = [];
  const visit = (name: string) => {
    if (files.includes(name)) return;
    files.push(name);
    for (const i of chunks.get(name)?.imports ?? []) visit(i);
  };
  visit(entries[0]!.fileName);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const code = Buffer.from(chunks.get(f)?.code ?? '');
    raw += code.length;
    gzip += zlib.gzipSync(code, { level: 9 }).length;
  }
  return { files, raw, gzip };
}
