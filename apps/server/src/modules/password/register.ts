import type { EventBus } from '../../platform/events.js';
import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import { mailServiceFor } from '../mail/register.js';
import { memberServiceFor } from '../member/register.js';
import { captchaServiceFor, sessionServiceFor } from '../session/register.js';
import { smsServiceFor } from '../sms/register.js';
import { systemServiceFor } from '../system/register.js';
import { createPasswordService, type PasswordService } from './password.service.js';
import { passwordRoutes } from './password.routes.js';
import { createThrottle, type Throttle } from './throttle.js';

const throttles = new WeakMap<EventBus, Throttle>();
const instances = new WeakMap<EventBus, PasswordService>();

/** The database-backed throttle of the security calls (passwords, two-factor). */
export function securityThrottleFor(ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>): Throttle {
  let t = throttles.get(ctx.events);
  if (!t) {
    t = createThrottle({ db: ctx.db, clock: ctx.clock });
    throttles.set(ctx.events, t);
  }
  return t;
}

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
      throttle: securityThrottleFor(ctx),
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
