import type { EventBus } from '../../platform/events.js';
import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import { mailServiceFor } from '../mail/register.js';
import { memberServiceFor } from '../member/register.js';
import { captchaServiceFor, sessionServiceFor } from '../session/register.js';
import { smsServiceFor } from '../sms/register.js';
import { systemServiceFor } from '../system/register.js';
import { createPasswordService, type PasswordService } from './password.service.js';
import { passwordRoutes } from './password.routes.js';
import { throttleFor } from '../../platform/throttle.js';

const instances = new WeakMap<EventBus, PasswordService>();

export function passwordServiceFor(ctx: ModuleContext): PasswordService {
  let s = instances.get(ctx.events);
  if (!s) {
    const system = systemServiceFor(ctx);
    s = createPasswordService({
      db: ctx.db,
      clock: ctx.clock,
      members: memberServiceFor(ctx),
      sessions: sessionServiceFor(ctx),
      sms: smsServiceFor(ctx),
      mail: mailServiceFor(ctx),
      throttle: throttleFor(ctx),
      registerRules: (merchantId) => system.registerRules(merchantId),
    });
    instances.set(ctx.events, s);
  }
  return s;
}

/** Passwords: change, forgot by e-mail, reset by SMS, payment password. */
export const registerPassword: ModuleRegister = (ctx) => {
  const passwords = passwordServiceFor(ctx);
  passwordRoutes(ctx, passwords);
  captchaServiceFor(ctx).sweepAlso(passwords.purgeExpired);
};
