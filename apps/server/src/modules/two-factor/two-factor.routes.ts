import { twoFactorEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import { requestMeta } from '../../platform/request-meta.js';
import type { TwoFactorService } from './two-factor.service.js';

export function twoFactorRoutes(ctx: ModuleContext, twoFactor: TwoFactorService) {
  ctx.route(e.loginVerifySend, ({ merchant, body, req }) =>
    twoFactor.sendLoginCode(merchant, body, requestMeta(req)),
  );
  ctx.route(e.loginVerify, ({ merchant, body, req }) =>
    twoFactor.verifyLogin(merchant, body, requestMeta(req, body.loginDeviceId)),
  );
  ctx.route(e.totpStatus, ({ actor }) => twoFactor.totpStatus(actor));
  ctx.route(e.totpBindStart, ({ actor, merchant }) => twoFactor.startTotpBinding(actor, merchant));
  ctx.route(e.totpBindConfirm, ({ actor, body, req }) =>
    twoFactor.confirmTotpBinding(actor, body.code, requestMeta(req)),
  );
  ctx.route(e.totpUnbind, ({ actor, body, req }) => twoFactor.unbindTotp(actor, body.code, requestMeta(req)));
}
