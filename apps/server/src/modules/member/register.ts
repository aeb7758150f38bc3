import { memberAdminEndpoints, memberEndpoints } from '@bp/contract';
import type { EventBus } from '../../platform/events.js';
import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import { createMemberService, type MemberService } from './member.service.js';

const instances = new WeakMap<EventBus, MemberService>();

/** The one member service of an app instance; registration, passwords, two-factor and agents use it. */
export function memberServiceFor(ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>): MemberService {
  let s = instances.get(ctx.events);
  if (!s) {
    s = createMemberService({ db: ctx.db, clock: ctx.clock });
    instances.set(ctx.events, s);
  }
  return s;
}

export const registerMember: ModuleRegister = (ctx) => {
  const members = memberServiceFor(ctx);
  ctx.route(memberEndpoints.info, ({ actor }) => members.info(actor));
  ctx.route(memberEndpoints.icon, ({ actor }) => members.icon(actor));
  ctx.route(memberEndpoints.language, ({ actor, body }) => members.setLanguage(actor, body.language));
  ctx.route(memberEndpoints.loginHistory, ({ actor, query }) => members.loginHistory(actor, query));
  ctx.route(memberAdminEndpoints.authEvents, ({ actor, query }) => members.listEvents(actor, query));
  ctx.route(memberAdminEndpoints.members, ({ actor, query }) => members.adminList(actor, query));
};
