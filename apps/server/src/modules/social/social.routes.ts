import { socialEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import { requestMeta, siteUrlFor } from '../../platform/request-meta.js';
import type { SocialService } from './social.service.js';

export function socialRoutes(ctx: ModuleContext, social: SocialService) {
  ctx.route(e.providers, ({ merchant }) => social.providers(merchant));
  ctx.route(e.start, ({ merchant, params, query, req }) =>
    // the callback comes back to this API: PUBLIC_URL when set, else the origin the browser used
    social.start(
      merchant,
      params.provider,
      query.redirect,
      ctx.config.publicUrl ?? `${req.protocol}://${req.host}`,
    ),
  );
  const callback = async (
    c: Parameters<Parameters<typeof ctx.route<typeof e.callback>>[1]>[0],
    input: { code?: string; state?: string; iss?: string; error?: string },
  ) => {
    const to = await social.callback(
      c.merchant,
      c.params.provider,
      input,
      await siteUrlFor(ctx, c.merchant, c.req),
    );
    c.reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(to, 303);
    return null;
  };
  ctx.route(e.callback, (c) => callback(c, c.body));
  ctx.route(e.callbackGet, (c) => callback(c as never, c.query));
  ctx.route(e.exchange, ({ merchant, body, req }) =>
    social.exchange(merchant, body.ticket, requestMeta(req, body.loginDeviceId)),
  );
  ctx.route(e.pending, ({ merchant, body }) => social.pending(merchant, body.ticket));
  ctx.route(e.bind, ({ merchant, body, req }) =>
    social.bind(merchant, body, requestMeta(req, body.loginDeviceId)),
  );
  ctx.route(e.register, ({ merchant, body, req }) =>
    social.register(merchant, body, requestMeta(req, body.loginDeviceId)),
  );
}
