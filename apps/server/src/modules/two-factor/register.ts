import type { ModuleRegister } from '../../platform/module.js';
import { mailServiceFor } from '../mail/index.js';
import { memberServiceFor } from '../member/index.js';
import { throttleFor } from '../../platform/throttle.js';
import { captchaServiceFor, sessionServiceFor } from '../session/index.js';
import { smsServiceFor } from '../sms/index.js';
import { createTwoFactorService } from './two-factor.service.js';
import { twoFactorRoutes } from './two-factor.routes.js';

/** Two-factor: the second step of logins from new IPs and Google Authenticator binding. */
export const registerTwoFactor: ModuleRegister = (ctx) => {
  const twoFactor = createTwoFactorService({
    db: ctx.db,
    clock: ctx.clock,
    members: memberServiceFor(ctx),
    sessions: sessionServiceFor(ctx),
    sms: smsServiceFor(ctx),
    mail: mailServiceFor(ctx),
    throttle: throttleFor(ctx),
  });
  twoFactorRoutes(ctx, twoFactor);
  captchaServiceFor(ctx).sweepAlso(twoFactor.purgeExpired);
};
