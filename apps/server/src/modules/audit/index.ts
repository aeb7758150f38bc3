/** The audit module's public entry: what other modules, the app and the seed may use. */
export { auditRoutes } from './audit.routes.js';
export { createAuditService, parseQueryDate } from './audit.service.js';
export type { AuditService, AuditWho } from './audit.service.js';
