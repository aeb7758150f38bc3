import { passwordEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import { requestMeta, siteUrlFor } from '../../platform/request-meta.js';
import type { PasswordService } from './password.service.js';

export function passwordRoutes(ctx: ModuleContext, passwords: PasswordService) {
  ctx.route(e.change, ({ actor, body, req }) => passwords.changePassword(actor, body, requestMeta(req)));
  ctx.route(e.forgotByEmail, async ({ merchant, body, req }) =>
    passwords.forgotByEmail(merchant, body, requestMeta(req), await siteUrlFor(ctx, merchant, req)),
  );
  ctx.route(e.reset, ({ merchant, body, req }) => passwords.resetWithMail(merchant, body, requestMeta(req)));
  ctx.route(e.smsCode, ({ merchant, body, req }) => passwords.sendResetSms(merchant, body, requestMeta(req)));
  ctx.route(e.byPhone, ({ merchant, body, req }) =>
    passwords.resetByPhone(merchant, body, requestMeta(req, body.loginDeviceId)),
  );
  ctx.route(e.hasWithdrawalPassword, ({ actor }) => passwords.hasPaymentPassword(actor));
  ctx.route(e.setPaymentPassword, ({ actor, body, req }) =>
    passwords.setPaymentPassword(actor, body, requestMeta(req)),
  );
  ctx.route(e.changePaymentPassword, ({ actor, body, req }) =>
    passwords.changePaymentPassword(actor, body, requestMeta(req)),
  );
}
