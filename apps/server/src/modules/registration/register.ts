import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/audit.service.js';
import { memberServiceFor } from '../member/register.js';
import { captchaServiceFor, sessionServiceFor } from '../session/register.js';
import { smsServiceFor } from '../sms/register.js';
import { systemServiceFor } from '../system/register.js';
import { registrationRoutes } from './registration.routes.js';
import { createRegistrationService } from './registration.service.js';

/** Registration by username and by mobile, username and invitation-code checks, agents' affiliate codes. */
export const registerRegistration: ModuleRegister = (ctx) => {
  const reg = createRegistrationService({
    db: ctx.db,
    clock: ctx.clock,
    system: systemServiceFor(ctx),
    members: memberServiceFor(ctx),
    sessions: sessionServiceFor(ctx),
    sms: smsServiceFor(ctx),
    captchas: captchaServiceFor(ctx),
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
  });
  registrationRoutes(ctx, reg);
};
