import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The game iframe's pages (apps/game-client, built with Vite base `/gs/`): `/gs/play/` and
 * `/gs/verify/` answer its index.html, `/gs/assets/*` its hashed assets. Without a build the pages
 * answer a plain 503 that says so (the API works regardless).
 */
export async function installGameUi(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  const assets = path.join(dist, 'assets');
  if (dist !== '' && fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/gs/assets/',
      decorateReply: false,
      index: false,
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const page = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    if (dist === '' || !fs.existsSync(index)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The game client is not built: run `npm run build -w apps/game-client` (GAME_CLIENT_DIST).');
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await fs.promises.readFile(index));
  };
  for (const p of ['/gs/play/', '/gs/play', '/gs/verify/', '/gs/verify']) app.get(p, page);
}
