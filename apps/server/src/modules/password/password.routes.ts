import type { FastifyRequest } from 'fastify';
import { passwordEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { MerchantContext } from '../merchant/merchant.service.js';
import { normaliseHost } from '../merchant/merchant.service.js';
import { deviceIdOf } from '../session/cookies.js';
import type { PasswordService, RequestMeta } from './password.service.js';

export function requestMeta(req: FastifyRequest, deviceId?: string): RequestMeta {
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    deviceId: deviceIdOf(req, deviceId) ?? null,
    language: req.language,
  };
}

/**
 * Base URL of the player site for links in mails: PUBLIC_URL when configured; else the request's own
 * origin when its host is one of the merchant's domains (a forged Host header cannot send a reset link
 * elsewhere); else the merchant's main domain.
 */
export async function siteUrlFor(
  ctx: ModuleContext,
  merchant: MerchantContext,
  req: FastifyRequest,
): Promise<string> {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  const host = normaliseHost(req.host);
  const domains = (await ctx.merchants.listDomains(merchant.id)).map((d) => d.domain.toLowerCase());
  if (host && (domains.includes(host) || host === merchant.mainDomain.toLowerCase())) {
    return `${req.protocol}://${req.host}`;
  }
  return `https://${merchant.mainDomain}`;
}

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
