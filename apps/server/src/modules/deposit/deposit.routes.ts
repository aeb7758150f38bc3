import { adminDepositEndpoints as a, depositEndpoints as e } from '@bp/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../platform/module.js';
import type { DepositChannelAdmin } from './deposit.channels.js';
import { GATEWAY_SIGNATURE_HEADER } from './deposit.gateway.js';
import type { DepositService } from './deposit.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/** Receipt images arrive base64 in JSON: up to 5 MB decoded is about 6.7 MB of text. */
const SUBMIT_BODY_LIMIT = 8 * 1024 * 1024;
const NOTIFY_BODY_LIMIT = 64 * 1024;

const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

export async function depositRoutes(
  ctx: ModuleContext,
  deps: { deposits: DepositService; channels: DepositChannelAdmin },
) {
  const { deposits, channels } = deps;

  ctx.route(e.settings, ({ actor, merchant }) => deposits.settings(actor, merchant));
  ctx.route(e.createOnline, ({ actor, merchant, body, req }) =>
    deposits.createOnline(actor, merchant, body, origin(req)),
  );
  ctx.route(e.history, ({ actor, merchant, query }) => deposits.history(actor, merchant, query));
  ctx.route(e.order, ({ actor, merchant, query }) => deposits.order(actor, merchant, query.orderNo));

  // The bank-transfer submit carries a receipt image: a scope of its own with a larger body limit.
  await ctx.app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: SUBMIT_BODY_LIMIT },
      scope.getDefaultJsonParser('error', 'error'),
    );
    ctx.routeIn(scope)(e.submit, ({ actor, merchant, body }) => deposits.submitBank(actor, merchant, body));
  });

  // Gateway notifications: the signature covers the raw bytes, so this scope keeps them; the gateway
  // sends no Merchant header, so the merchant code in the path stands in for it.
  await ctx.app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT },
      (req, body, done) => {
        req.rawBody = body as Buffer;
        done(null, {});
      },
    );
    scope.addHook('onRequest', async (req) => {
      const code = (req.params as { merchantCode?: unknown }).merchantCode;
      if (typeof code === 'string') req.headers['merchant'] = code;
    });
    ctx.routeIn(scope)(e.notify, async ({ merchant, req, reply }) => {
      await deposits.notify(merchant, req.rawBody ?? Buffer.alloc(0), req.headers[GATEWAY_SIGNATURE_HEADER]);
      // the gateway wants exactly these bytes, not the envelope
      reply.type('text/plain').send('success');
      await reply; // sent before the route layer looks, so no envelope follows the bytes
      return 'success' as const;
    });
  });

  ctx.route(a.channels, ({ actor, merchant }) => channels.list(actor, merchant));
  ctx.route(a.createChannel, ({ actor, merchant, body, ip }) =>
    channels.create({ actor, ip }, merchant, body),
  );
  ctx.route(a.updateChannel, ({ actor, merchant, params, body, ip }) =>
    channels.update({ actor, ip }, merchant, params.id, body),
  );
  ctx.route(a.list, ({ actor, merchant, query }) => deposits.adminList(actor, merchant, query));
  ctx.route(a.receipt, ({ actor, params }) => deposits.receipt(actor, params.orderNo));
  ctx.route(a.approve, ({ actor, merchant, params, body, ip }) =>
    deposits.approve({ actor, ip }, merchant, params.orderNo, body.remark),
  );
  ctx.route(a.reject, ({ actor, merchant, params, body, ip }) =>
    deposits.reject({ actor, ip }, merchant, params.orderNo, body.remark),
  );
}
