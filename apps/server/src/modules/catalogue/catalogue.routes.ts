import type { FastifyReply } from 'fastify';
import { adminCatalogueEndpoints as admin, gameEndpoints as e } from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import type { ModuleContext } from '../../platform/module.js';
import type { CatalogueAdmin } from './catalogue.admin.js';
import { defaultIconSvg, gameIconSvg, vendorIconSvg } from './catalogue.icons.js';
import { catalogueRepo } from './catalogue.repo.js';
import type { CatalogueService } from './catalogue.service.js';
import { nameIn } from '../../platform/names.js';

const who = (c: { actor: OperatorActor; ip: string }) => ({ actor: c.actor, ip: c.ip });

export function catalogueRoutes(ctx: ModuleContext, games: CatalogueService, ops: CatalogueAdmin) {
  ctx.route(e.gameList, (c) => games.gameList(c.merchant, c.query, c.language));
  ctx.route(e.vendorLanes, (c) => games.vendorLanes(c.merchant, c.query.language, c.language));
  ctx.route(e.vassGameType, (c) => games.vassGameType(c.merchant));
  ctx.route(e.hotGames, (c) => games.hotGames(c.merchant, c.query, c.language));
  ctx.route(e.hotGamesPost, (c) => games.hotGames(c.merchant, { ...c.query, ...c.body }, c.language));
  ctx.route(e.recentGames, (c) => games.recentGames(c.actor, c.merchant, c.query.language, c.language));
  ctx.route(e.favouriteIds, (c) => games.favouriteIds(c.actor, c.query));
  ctx.route(e.favouriteList, (c) => games.favouriteList(c.actor, c.merchant, c.query, c.language));
  ctx.route(e.addFavourite, (c) => games.addFavourite(c.actor, c.merchant, c.body));
  ctx.route(e.removeFavourite, (c) => games.removeFavourite(c.actor, c.body));
  ctx.route(e.rankList, (c) => games.winners(c.merchant, c.query, c.language));
  ctx.route(e.winnerBoard, (c) => games.winners(c.merchant, c.query, c.language));
  ctx.route(e.lotteryMenus, (c) => games.lotteryMenus(c.merchant, c.query, c.language));

  ctx.route(admin.import, (c) => ops.importFeed(who(c), c.body));
  ctx.route(admin.vendors, (c) => ops.vendors(c.actor));
  ctx.route(admin.updateVendor, (c) => ops.updateVendor(who(c), c.params.code, c.body));
  ctx.route(admin.games, (c) => ops.games(c.actor, c.query));
  ctx.route(admin.updateGame, (c) => ops.updateGame(who(c), c.params.nodeId, c.body));

  iconRoutes(ctx);
}

/** Generated SVG icons are immutable for a game: browsers and CDNs may keep them a day. */
function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

const CODE = /^([A-Za-z0-9_.-]{1,64})\.svg$/;

/**
 * `/game-icons/<vendor>/<gameCode>.svg` (game), `/game-icons/<vendor>.svg` (vendor card) and
 * `/game-icons/default.svg` (the fallback a client shows when an image fails). Unknown names answer
 * 404 so the client falls back to the default icon. Not contract calls: they answer images.
 */
function iconRoutes(ctx: ModuleContext) {
  const db: Db = ctx.db;
  ctx.app.get<{ Params: { file: string } }>('/game-icons/:file', async (req, reply) => {
    if (req.params.file === 'default.svg') return sendSvg(reply, defaultIconSvg());
    const m = CODE.exec(req.params.file);
    const vendor = m ? await catalogueRepo.vendor(db, m[1]!) : undefined;
    if (!vendor)
      return reply.code(404).send({ success: false, errorCode: 'not_found', message: 'Not found' });
    return sendSvg(
      reply,
      vendorIconSvg({ code: vendor.code, color: vendor.color, name: nameIn(vendor.names, 'EN') }),
    );
  });
  ctx.app.get<{ Params: { vendor: string; file: string } }>(
    '/game-icons/:vendor/:file',
    async (req, reply) => {
      const m = CODE.exec(req.params.file);
      const g = m ? await catalogueRepo.iconData(db, req.params.vendor, m[1]!) : undefined;
      if (!g) return reply.code(404).send({ success: false, errorCode: 'not_found', message: 'Not found' });
      return sendSvg(
        reply,
        gameIconSvg({
          vendor: req.params.vendor,
          gameCode: m![1]!,
          name: nameIn(g.names, 'EN'),
          color: g.color,
        }),
      );
    },
  );
}
