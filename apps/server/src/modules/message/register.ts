import { messageEndpoints } from '@bp/contract';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createMessageService, type MessageService } from './message.service.js';

/** The one message service of an app instance (deposits, withdrawals and transfers notify through it). */
export const messageService = defineService(
  'message',
  (ctx: Pick<ModuleContext, 'db' | 'events'>): MessageService =>
    createMessageService({ db: ctx.db, events: ctx.events }),
);
export const messageServiceFor = (ctx: Pick<ModuleContext, 'db' | 'events'>) =>
  serviceOf(messageService, ctx);

export const registerMessage: ModuleRegister = (ctx) => {
  const messages = messageServiceFor(ctx);
  ctx.route(messageEndpoints.unreadCount, ({ actor }) => messages.unreadCount(actor));
  ctx.route(messageEndpoints.inboxUnreadCount, ({ actor }) => messages.unreadCount(actor));
  ctx.route(messageEndpoints.inbox, ({ actor, merchant, query }) => messages.inbox(actor, merchant, query));
  ctx.route(messageEndpoints.read, ({ actor, body }) => messages.markRead(actor, body));
};
