import { adminSmsEndpoints, smsEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { SmsService } from './sms.service.js';

export function smsRoutes(ctx: ModuleContext, sms: SmsService) {
  ctx.route(e.noLogin, (c) =>
    sms.sendLoginCode(
      c.merchant,
      { mobile: c.body.mobileNum, countryDialingCode: c.body.countryDialingCode },
      c.ip,
      c.language,
    ),
  );
  ctx.route(e.register, (c) =>
    sms.sendRegisterCode(
      c.merchant,
      { mobile: c.body.mobileNo, countryDialingCode: c.body.countryDialingCode },
      c.ip,
      c.language,
    ),
  );
  ctx.route(e.send, (c) =>
    sms.sendMemberCode(
      c.merchant,
      c.actor,
      {
        mobile: c.body.mobileNum,
        countryDialingCode: c.body.countryDialingCode,
        operationType: c.body.operationType,
      },
      c.ip,
      c.language,
    ),
  );
  ctx.route(e.verify, (c) =>
    sms.verifyMemberCode(c.actor, {
      mobile: c.body.mobileNum,
      countryDialingCode: c.body.countryDialingCode,
      code: c.body.verificationCode,
    }),
  );
  ctx.route(adminSmsEndpoints.outbox, ({ actor, query }) => sms.outbox(actor, query));
  ctx.route(adminSmsEndpoints.getSettings, ({ actor }) => sms.getSettings(actor));
  ctx.route(adminSmsEndpoints.setSettings, ({ actor, ip, body }) => sms.updateSettings({ actor, ip }, body));
}
