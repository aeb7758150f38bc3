/** The three chunk-load failure kinds of SPEC §8: missing (404 / deleted after a deploy), timeout, error. */
export type ChunkErrorKind = 'missing' | 'timeout' | 'error';

const CHUNK_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk \S+ failed/i,
  /'text\/html' is not a valid JavaScript MIME type/i,
];

export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return CHUNK_PATTERNS.some((p) => p.test(msg));
}

export function chunkErrorKind(e: unknown): ChunkErrorKind {
  const msg = e instanceof Error ? e.message : String(e);
  if (/timeout|timed out/i.test(msg)) return 'timeout';
  if (/Failed to fetch|404|not a valid JavaScript MIME type|Unable to preload/i.test(msg)) return 'missing';
  return 'error';
}
