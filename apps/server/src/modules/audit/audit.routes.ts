import { adminAuditEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { AuditService } from './audit.service.js';

export function auditRoutes(ctx: ModuleContext, audit: AuditService) {
  ctx.route(e.list, ({ actor, query }) => audit.list(actor, query));
}
