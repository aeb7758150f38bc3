import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import { createAuditService } from '../audit/index.js';
import { memberServiceFor } from '../member/index.js';
import { sessionServiceFor } from '../session/index.js';
import { createOutboxProvider } from './sms.provider.js';
import { smsRoutes } from './sms.routes.js';
import { createSmsService, type SmsMemberPort, type SmsService } from './sms.service.js';

type SmsCtx = Pick<ModuleContext, 'db' | 'clock' | 'events' | 'app'>;

/**
 * The one SMS service of an app instance. Session (SMS login) and password (reset by phone) modules
 * verify codes through it: `smsServiceFor(ctx).verifyCode({ merchantId, mobile, countryDialingCode,
 * purpose, code })`. Members are stored under the national number (`normalisePhone`).
 */
export const smsService = defineService('sms', (ctx: SmsCtx): SmsService => {
  const members = memberServiceFor(ctx);
  const port: SmsMemberPort = {
    findIdByMobile: async (merchantId, mobile) => (await members.findByMobile(merchantId, mobile))?.id,
    bindMobile: (tx, merchantId, memberId, mobile, countryDialingCode) =>
      members.update(tx, { merchantId, id: memberId }, { mobile, countryDialingCode }),
  };
  return createSmsService({
    db: ctx.db,
    clock: ctx.clock,
    provider: createOutboxProvider(ctx.db),
    members: port,
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    log: ctx.app.log,
  });
});
export const smsServiceFor = (ctx: SmsCtx) => serviceOf(smsService, ctx);

/** SMS codes (login, registration, mobile binding) and the operator's view of the outbox. */
export const registerSms: ModuleRegister = (ctx) => {
  const sms = smsServiceFor(ctx);
  // SMS login (POST /wps/session/login type sms): a wrong, expired or used code is a failed login
  sessionServiceFor(ctx).useSmsVerifier({
    async verifyLoginCode(i) {
      try {
        return (await sms.verifyCode({ ...i, purpose: 'login' })).mobile;
      } catch (err) {
        if (err instanceof AppError) return null;
        throw err;
      }
    },
  });
  smsRoutes(ctx, sms);
};
