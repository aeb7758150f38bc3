import { adminSessionEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { OperatorService } from './operator.service.js';

export function operatorRoutes(ctx: ModuleContext, operators: OperatorService) {
  ctx.route(e.login, ({ body, ip, req }) =>
    // The merchant comes from the body: an operator logs in to their own merchant whatever the host.
    operators.login(body, { ip, userAgent: req.headers['user-agent'] }),
  );
  ctx.route(e.logout, ({ actor, ip }) => operators.logout(actor, ip));
  ctx.route(e.me, ({ actor, merchant }) => operators.describe(actor, merchant.code));
}
