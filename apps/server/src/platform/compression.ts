import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses answers of at least COMPRESS_THRESHOLD bytes (JSON, HTML, text, SVG...) with brotli or
 * gzip, whichever the caller prefers among those it accepts, through @fastify/compress, and adds
 * `Vary: Accept-Encoding` to what it compresses. Callers that send no `Accept-Encoding` get identity.
 * The player site's files are compressed at build time and sent as they are (web.ts, `preCompressed`);
 * an answer that already has a `Content-Encoding` is left alone. Request bodies are not decompressed
 * (signed vendor callbacks and the input gate read the bytes as sent). Registered before every route:
 * the plugin hooks the routes declared after it.
 */
export async function installCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // per-request compression: fast levels (brotli 4 is about gzip 6 in time, smaller in size)
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
