import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { deviceIdOf } from './cookies.js';
import { normaliseHost, type MerchantContext, type MerchantService } from './merchant.js';

/** Who is asking, for the login record and throttles. Never a secret. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | null;
  deviceId?: string | null;
  language: string;
}

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
  ctx: { config: Pick<Config, 'publicUrl'>; merchants: Pick<MerchantService, 'listDomains'> },
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
