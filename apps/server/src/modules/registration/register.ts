import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { memberServiceFor } from '../member/index.js';
import { captchaServiceFor, sessionServiceFor } from '../session/index.js';
import { smsServiceFor } from '../sms/index.js';
import { systemServiceFor } from '../system/index.js';
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
