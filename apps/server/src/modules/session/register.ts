import type { FastifyRequest } from 'fastify';
import { ENCRYPTION_HEADER, ZEncryptedBody } from '@bp/contract';
import { AppError } from '../../platform/errors.js';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { throttleFor } from '../../platform/throttle.js';
import { createPayloadCrypto, type PayloadCrypto } from '../../platform/payload-crypto.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { createAuditService } from '../audit/index.js';
import { memberServiceFor } from '../member/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { createCaptchaService, type CaptchaService } from './captcha.service.js';
import { createSessionService, type SessionService } from './session.service.js';
import { sessionRoutes } from './session.routes.js';

export interface SessionModule {
  sessions: SessionService;
  payloads: PayloadCrypto;
  captchas: CaptchaService;
}
type SessionCtx = Pick<ModuleContext, 'db' | 'clock' | 'events' | 'config' | 'app' | 'database'>;

/** Sessions, captchas and payload encryption of an app instance (built together: sessions use captchas). */
export const sessionModule = defineService('session', (ctx: SessionCtx): SessionModule => {
  const members = memberServiceFor(ctx);
  const captchas = createCaptchaService({ db: ctx.db, clock: ctx.clock });
  return {
    captchas,
    sessions: createSessionService({
      db: ctx.db,
      clock: ctx.clock,
      members,
      captchas,
      ledger: ledgerServiceFor(ctx),
      events: ctx.events,
      throttle: throttleFor(ctx),
    }),
    payloads: createPayloadCrypto({ db: ctx.db, clock: ctx.clock, appSecret: ctx.config.appSecret }),
  };
});
const moduleFor = (ctx: SessionCtx) => serviceOf(sessionModule, ctx);

/**
 * The one session service of an app instance: registration (login: true), password reset by phone,
 * two-factor (completePendingLogin) and social login start sessions through it; SMS installs its
 * login-code verifier with `useSmsVerifier`.
 */
export const sessionServiceFor = (ctx: SessionCtx) => moduleFor(ctx).sessions;
/** The captcha and slider service (and the hourly purge of short-lived rows other modules join). */
export const captchaServiceFor = (ctx: SessionCtx) => moduleFor(ctx).captchas;
export const payloadCryptoFor = (ctx: SessionCtx) => moduleFor(ctx).payloads;

export const registerSession: ModuleRegister = (ctx) => {
  const { sessions, payloads, captchas } = moduleFor(ctx);
  const members = memberServiceFor(ctx);
  ctx.auth.member = (token, merchant, req) => sessions.resolveMember(token, merchant, req);
  ctx.auth.memberRejection = (req) => sessions.rejectionOf(req);
  ctx.auth.encryptedBody = async (req: FastifyRequest, merchant: MerchantContext) => {
    const header = req.headers[ENCRYPTION_HEADER.toLowerCase()];
    if (typeof header === 'string' && header.trim() !== '') {
      // {"value": "<b64>"}; the legacy clients' bare base64 string body is accepted too
      const raw = typeof req.body === 'string' ? { value: req.body } : req.body;
      const parsed = ZEncryptedBody.safeParse(raw);
      if (!parsed.success)
        throw new AppError('request_param_err', { detail: 'encrypted body without value' });
      return payloads.decrypt(merchant.id, header.trim(), parsed.data.value);
    }
    const settings = await members.getSettings(merchant.id);
    if (!settings.allowPlainPayloads) throw new AppError('request_body_required');
    return req.body;
  };
  const audit = createAuditService({ db: ctx.db, clock: ctx.clock });
  sessionRoutes(ctx, { sessions, members, captchas, payloads, audit });
};
