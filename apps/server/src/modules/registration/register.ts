import {
  defineService,
  serviceOf,
  type AppScope,
  type ModuleContext,
  type ModuleRegister,
} from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { memberServiceFor } from '../member/index.js';
import { captchaServiceFor, sessionServiceFor } from '../session/index.js';
import { smsServiceFor } from '../sms/index.js';
import { systemServiceFor } from '../system/index.js';
import { registrationRoutes } from './registration.routes.js';
import { createRegistrationService, type RegistrationService } from './registration.service.js';
import { createRegistrationHooks } from './registration.hooks.js';

/** Hooks other modules add to run in the transaction that creates a self-registered member. */
export const registrationHooks = defineService('registrationHooks', (_ctx: AppScope) =>
  createRegistrationHooks(),
);

/**
 * The one registration service of an app instance: its own routes and the agent module (register
 * centre, agents' affiliate links) use it.
 */
export const registrationService = defineService('registration', (ctx: ModuleContext): RegistrationService =>
  createRegistrationService({
    db: ctx.db,
    clock: ctx.clock,
    system: systemServiceFor(ctx),
    members: memberServiceFor(ctx),
    sessions: sessionServiceFor(ctx),
    sms: smsServiceFor(ctx),
    captchas: captchaServiceFor(ctx),
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    hooks: serviceOf(registrationHooks, ctx),
  }),
);
export const registrationServiceFor = (ctx: ModuleContext) => serviceOf(registrationService, ctx);

/** Registration by username and by mobile, username and invitation-code checks, agents' affiliate codes. */
export const registerRegistration: ModuleRegister = (ctx) => {
  registrationRoutes(ctx, registrationServiceFor(ctx));
};
