import type { ModuleRegister } from '../../platform/module.js';
import { mailServiceFor } from '../mail/register.js';
import { memberServiceFor } from '../member/register.js';
import { throttleFor } from '../../platform/throttle.js';
import { captchaServiceFor, sessionServiceFor } from '../session/register.js';
import { smsServiceFor } from '../sms/register.js';
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
