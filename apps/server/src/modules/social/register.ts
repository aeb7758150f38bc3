import { socialAdminEndpoints } from '@bp/contract';
import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { memberServiceFor } from '../member/index.js';
import { throttleFor } from '../../platform/throttle.js';
import { passwordServiceFor } from '../password/index.js';
import { captchaServiceFor, sessionServiceFor } from '../session/index.js';
import { systemServiceFor } from '../system/index.js';
import { createSocialService } from './social.service.js';
import { createSocialAdmin } from './social.admin.js';
import { socialRoutes } from './social.routes.js';

/** Social login (Google, Facebook) over OpenID Connect, with bind-or-register. */
export const registerSocial: ModuleRegister = (ctx) => {
  const system = systemServiceFor(ctx);
  const social = createSocialService({
    db: ctx.db,
    clock: ctx.clock,
    members: memberServiceFor(ctx),
    sessions: sessionServiceFor(ctx),
    passwords: passwordServiceFor(ctx),
    throttle: throttleFor(ctx),
    env: ctx.config.social,
    registerRules: (merchantId) => system.registerRules(merchantId),
    log: ctx.app.log,
  });
  socialRoutes(ctx, social);
  captchaServiceFor(ctx).sweepAlso(social.purgeExpired);
  const admin = createSocialAdmin({
    db: ctx.db,
    clock: ctx.clock,
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    env: ctx.config.social,
  });
  ctx.route(socialAdminEndpoints.list, ({ actor }) => admin.list(actor));
  ctx.route(socialAdminEndpoints.update, ({ actor, params, body, ip }) =>
    admin.update(actor, params.provider, body, ip),
  );
};
