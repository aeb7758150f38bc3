import { messageEndpoints } from '@bp/contract';
import type { EventBus } from '../../platform/events.js';
import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import { createMessageService, type MessageService } from './message.service.js';

const instances = new WeakMap<EventBus, MessageService>();
/** The one message service of an app instance (deposits, withdrawals and transfers notify through it). */
export function messageServiceFor(ctx: Pick<ModuleContext, 'db' | 'events'>): MessageService {
  let s = instances.get(ctx.events);
  if (!s) {
    s = createMessageService({ db: ctx.db, events: ctx.events });
    instances.set(ctx.events, s);
  }
  return s;
}

export const registerMessage: ModuleRegister = (ctx) => {
  const messages = messageServiceFor(ctx);
  ctx.route(messageEndpoints.unreadCount, ({ actor }) => messages.unreadCount(actor));
  ctx.route(messageEndpoints.inboxUnreadCount, ({ actor }) => messages.unreadCount(actor));
  ctx.route(messageEndpoints.inbox, ({ actor, merchant, query }) => messages.inbox(actor, merchant, query));
  ctx.route(messageEndpoints.read, ({ actor, body }) => messages.markRead(actor, body));
};
