import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './envelope.js';
import { createShellRenderer } from './web-shell.js';
import { COMPRESS_THRESHOLD, markEncoded, negotiatedEncoding } from './compression.js';

const API_PREFIXES = [
  '/wps/',
  '/lgw/',
  '/lotto/',
  '/admin/api/',
  '/vendor/',
  '/gs/api/',
  '/docs',
  '/metrics',
  '/healthz',
  '/readyz',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * Serves the built player site on the API's port. Hashed assets are immutable for a year, everything
 * else (index.html, theme-init.js, banners) is revalidated (`no-cache`); files go out as the build
 * compressed them (brotli or gzip as the caller accepts, `Vary: Accept-Encoding`); client routes fall
 * back to index.html (web-shell.ts: with the first screen's pictures); unknown API paths get the envelope (405 when the path exists with another method).
 */
export async function installWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = webDist !== '' && fs.existsSync(path.join(webDist, 'index.html'));
  // client routes answer index.html with the first screen's pictures in its skeleton (web-shell.ts)
  const renderShell = hasWeb
    ? createShellRenderer(app, fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'))
    : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // <file>.br and <file>.gz written by the site's build (apps/web/build-tools/precompress.ts),
      // found beside the file asked for; they are not routes of their own (two thirds of the files:
      // a route each, GET and HEAD, held some 3 MB and took their share of start-up)
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    // A preflight the CORS policy did not allow: answered, but without CORS headers (cors.ts)
    if (req.method === 'OPTIONS') return reply.code(204).send();
    const pathname = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => pathname.startsWith(p));
    if (isApi) {
      const other = METHODS.filter((m) => m !== req.method && app.hasRoute({ method: m, url: pathname }));
      if (other.length > 0)
        return sendError(req, reply, 'http_method_not_support', { value: { allow: other } });
      return sendError(req, reply, 'not_found');
    }
    if (renderShell && (req.method === 'GET' || req.method === 'HEAD') && !path.extname(pathname)) {
      const doc = await renderShell(req);
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // compressed here: the compression plugin does not see the not-found handler's answers
      const encoding = doc.html.length >= COMPRESS_THRESHOLD ? negotiatedEncoding(req) : undefined;
      if (!encoding) return reply.send(doc.html);
      markEncoded(reply, encoding);
      return reply.send(doc.bytes(encoding));
    }
    return sendError(req, reply, 'not_found');
  });
}
