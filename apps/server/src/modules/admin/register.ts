import type { ModuleRegister } from '../../platform/module.js';
import { throttleFor } from '../../platform/throttle.js';
import { createAuditService } from '../audit/index.js';
import { auditRoutes } from '../audit/index.js';
import { createOperatorService } from '../operator/index.js';
import { operatorRoutes } from '../operator/index.js';
import { gameAnnouncementServiceFor, systemServiceFor } from '../system/index.js';
import { createAdminService } from './admin.service.js';
import { adminRoutes } from './admin.routes.js';
import { corsSettingsRoutes } from './cors-settings.js';
import { jobsRoutes } from './jobs-routes.js';

/** Operator API: operator sessions (and the operator token resolver), the audit log, back-office writes. */
export const registerAdmin: ModuleRegister = (ctx) => {
  const audit = createAuditService({ db: ctx.db, clock: ctx.clock });
  const operators = createOperatorService({
    db: ctx.db,
    clock: ctx.clock,
    merchants: ctx.merchants,
    audit,
    throttle: throttleFor(ctx),
  });
  ctx.auth.operator = (token) => operators.resolve(token);
  operatorRoutes(ctx, operators);
  auditRoutes(ctx, audit);
  const admin = createAdminService({
    system: systemServiceFor(ctx),
    gameAnnouncements: gameAnnouncementServiceFor(ctx),
    audit,
    merchants: ctx.merchants,
  });
  adminRoutes(ctx, admin);
  corsSettingsRoutes(ctx, audit);
  jobsRoutes(ctx, audit);
};
