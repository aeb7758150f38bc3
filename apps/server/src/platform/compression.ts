import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';

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
const ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof ENCODINGS)[number];
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export function compressBytes(bytes: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.gzipSync(bytes, { level: GZIP_LEVEL });
}

/**
 * The encoding @fastify/compress would pick for this request (its own negotiation: `*` and `x-gzip`
 * count as gzip), or undefined when it would send the answer as it is.
 */
export function negotiatedEncoding(req: FastifyRequest): ContentEncoding | undefined {
  if (req.headers['x-no-compression'] !== undefined) return undefined;
  const header = req.headers['accept-encoding'];
  if (header == null) return undefined;
  const picked = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  return picked === 'br' || picked === 'gzip' ? picked : undefined;
}

/** What the plugin sets on an answer it compressed; it then leaves the answer alone. */
export function markEncoded(reply: FastifyReply, encoding: ContentEncoding) {
  const vary = reply.getHeader('vary');
  const list = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  if (!list.some((h) => h.toLowerCase().includes('accept-encoding'))) {
    reply.header('vary', [...list, 'accept-encoding'].join(', '));
  }
  reply.header('content-encoding', encoding);
}

export async function installCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    // per-request compression: fast levels (brotli 4 is about gzip 6 in time, smaller in size)
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
