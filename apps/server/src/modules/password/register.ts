import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { mailServiceFor } from '../mail/index.js';
import { memberServiceFor } from '../member/index.js';
import { captchaServiceFor, sessionServiceFor } from '../session/index.js';
import { smsServiceFor } from '../sms/index.js';
import { systemServiceFor } from '../system/index.js';
import { createPasswordService, type PasswordService } from './password.service.js';
import { passwordRoutes } from './password.routes.js';
import { throttleFor } from '../../platform/throttle.js';

/** Passwords of an app instance: social login, two-factor, transfers and withdrawals check through it. */
export const passwordService = defineService('password', (ctx: ModuleContext): PasswordService => {
  const system = systemServiceFor(ctx);
  return createPasswordService({
    db: ctx.db,
    clock: ctx.clock,
    members: memberServiceFor(ctx),
    sessions: sessionServiceFor(ctx),
    sms: smsServiceFor(ctx),
    mail: mailServiceFor(ctx),
    throttle: throttleFor(ctx),
    registerRules: (merchantId) => system.registerRules(merchantId),
  });
});
export const passwordServiceFor = (ctx: ModuleContext) => serviceOf(passwordService, ctx);

/** Passwords: change, forgot by e-mail, reset by SMS, payment password. */
export const registerPassword: ModuleRegister = (ctx) => {
  const passwords = passwordServiceFor(ctx);
  passwordRoutes(ctx, passwords);
  captchaServiceFor(ctx).sweepAlso(passwords.purgeExpired);
};
