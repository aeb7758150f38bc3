import { mailAdminEndpoints } from '@bp/contract';
import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import { createMailService, type MailService } from './mail.service.js';

const instances = new WeakMap<ModuleContext['events'], MailService>();

/** The one mail service of an app instance (one SMTP connection pool), shared by the modules that send mail. */
export function mailServiceFor(ctx: Pick<ModuleContext, 'db' | 'clock' | 'config' | 'events' | 'app'>) {
  let s = instances.get(ctx.events);
  if (!s) {
    s = createMailService({
      db: ctx.db,
      clock: ctx.clock,
      smtpUrl: ctx.config.smtpUrl,
      mailFrom: ctx.config.mailFrom,
      log: ctx.app.log,
    });
    instances.set(ctx.events, s);
    const svc = s;
    ctx.app.addHook('onClose', async () => svc.close());
  }
  return s;
}

/** Mail: outgoing mail over SMTP (or into the outbox) and the operator's view of the outbox. */
export const registerMail: ModuleRegister = (ctx) => {
  const mail = mailServiceFor(ctx);
  ctx.route(mailAdminEndpoints.outbox, ({ actor, query }) => mail.list(actor, query));
};
