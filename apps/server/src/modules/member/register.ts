import { memberAdminEndpoints, memberEndpoints } from '@bp/contract';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { createMemberService, type MemberService } from './member.service.js';

/** The one member service of an app instance; registration, passwords, two-factor and agents use it. */
export const memberService = defineService(
  'member',
  (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>): MemberService =>
    createMemberService({ db: ctx.db, clock: ctx.clock }),
);
export const memberServiceFor = (ctx: Pick<ModuleContext, 'db' | 'clock' | 'events'>) =>
  serviceOf(memberService, ctx);

export const registerMember: ModuleRegister = (ctx) => {
  const members = memberServiceFor(ctx);
  ctx.route(memberEndpoints.info, ({ actor }) => members.info(actor));
  ctx.route(memberEndpoints.icon, ({ actor }) => members.icon(actor));
  ctx.route(memberEndpoints.language, ({ actor, body }) => members.setLanguage(actor, body.language));
  ctx.route(memberEndpoints.loginHistory, ({ actor, query }) => members.loginHistory(actor, query));
  ctx.route(memberAdminEndpoints.authEvents, ({ actor, query }) => members.listEvents(actor, query));
  ctx.route(memberAdminEndpoints.members, ({ actor, query }) => members.adminList(actor, query));
};
