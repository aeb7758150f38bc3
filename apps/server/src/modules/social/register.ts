import type { ModuleRegister } from '../../platform/module.js';
import { memberServiceFor } from '../member/register.js';
import { passwordServiceFor, securityThrottleFor } from '../password/register.js';
import { sessionServiceFor } from '../session/register.js';
import { systemServiceFor } from '../system/register.js';
import { createSocialService } from './social.service.js';
import { socialRoutes } from './social.routes.js';

/** Social login (Google, Facebook) over OpenID Connect, with bind-or-register. */
export const registerSocial: ModuleRegister = (ctx) => {
  const system = systemServiceFor(ctx);
  socialRoutes(
    ctx,
    createSocialService({
      db: ctx.db,
      clock: ctx.clock,
      members: memberServiceFor(ctx),
      sessions: sessionServiceFor(ctx),
      passwords: passwordServiceFor(ctx),
      throttle: securityThrottleFor(ctx),
      env: ctx.config.social,
      registerRules: (merchantId) => system.registerRules(merchantId),
      log: ctx.app.log,
    }),
  );
};
