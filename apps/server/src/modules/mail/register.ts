import { mailAdminEndpoints } from '@bp/contract';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createMailService, type MailService } from './mail.service.js';

type MailCtx = Pick<ModuleContext, 'db' | 'clock' | 'config' | 'events' | 'app'>;

/** The one mail service of an app instance (one SMTP connection pool), shared by the modules that send mail. */
export const mailService = defineService('mail', (ctx: MailCtx): MailService => {
  const svc = createMailService({
    db: ctx.db,
    clock: ctx.clock,
    smtpUrl: ctx.config.smtpUrl,
    mailFrom: ctx.config.mailFrom,
    log: ctx.app.log,
  });
  ctx.app.addHook('onClose', async () => svc.close());
  return svc;
});
export const mailServiceFor = (ctx: MailCtx) => serviceOf(mailService, ctx);

/** Mail: outgoing mail over SMTP (or into the outbox) and the operator's view of the outbox. */
export const registerMail: ModuleRegister = (ctx) => {
  const mail = mailServiceFor(ctx);
  ctx.route(mailAdminEndpoints.outbox, ({ actor, query }) => mail.list(actor, query));
};
