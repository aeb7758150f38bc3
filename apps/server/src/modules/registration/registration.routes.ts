import { adminAffiliateEndpoints, registrationEndpoints as e } from '@bp/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../platform/module.js';
import { browserIdOf, deviceIdOf } from '../../platform/cookies.js';
import type { RegisterMeta, RegistrationService } from './registration.service.js';

function metaOf(req: FastifyRequest, deviceId: string | undefined): RegisterMeta {
  const ua = req.headers['user-agent'];
  const device = req.headers['device'];
  return {
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null,
    deviceId: deviceId?.trim() || null,
    browserId: browserIdOf(req) ?? null,
    language: req.language,
    host: req.hostname,
    device: typeof device === 'string' ? device.slice(0, 32) : null,
  };
}

export function registrationRoutes(ctx: ModuleContext, reg: RegistrationService) {
  ctx.route(e.settings, ({ merchant }) => reg.settings(merchant.id));
  ctx.route(e.checkUsername, ({ merchant, query, language }) =>
    reg.checkUsername(merchant, query.username, language),
  );
  ctx.route(e.affiliate, ({ merchant, query, req }) =>
    reg.checkAffiliate(merchant, query.code, query.domain, req.hostname),
  );
  ctx.route(e.register, ({ merchant, body, req }) =>
    reg.register(merchant, body, 'username', metaOf(req, deviceIdOf(req, body.loginDeviceId))),
  );
  ctx.route(e.registerMobile, ({ merchant, body, req }) =>
    reg.register(merchant, body, 'mobile', metaOf(req, deviceIdOf(req, body.loginDeviceId))),
  );
  ctx.route(adminAffiliateEndpoints.list, ({ actor }) => reg.listAffiliates(actor));
  ctx.route(adminAffiliateEndpoints.create, ({ actor, ip, body }) =>
    reg.createAffiliate({ actor, ip }, body),
  );
}
