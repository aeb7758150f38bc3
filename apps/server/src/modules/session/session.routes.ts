import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  CAPTCHA_COOKIE,
  KEY_ID_HEADER,
  memberAdminEndpoints as admin,
  sessionEndpoints as e,
} from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { PayloadCrypto } from '../../platform/payload-crypto.js';
import type { AuditService } from '../audit/index.js';
import { assertCan } from '../operator/index.js';
import { AppError } from '../../platform/errors.js';
import { toAdminMember, type MemberService } from '../member/index.js';
import type { CaptchaService } from './captcha.service.js';
import { browserIdOf, deviceIdOf } from '../../platform/cookies.js';
import type { SessionService } from './session.service.js';

function ensureBrowserId(reply: FastifyReply, existing: string | undefined): string {
  if (existing) return existing;
  const id = randomUUID().replace(/-/g, '');
  reply.header('set-cookie', `${CAPTCHA_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`);
  return id;
}

export function sessionRoutes(
  ctx: ModuleContext,
  deps: {
    sessions: SessionService;
    members: MemberService;
    captchas: CaptchaService;
    payloads: PayloadCrypto;
    audit: AuditService;
  },
) {
  const { sessions, members, captchas, payloads, audit } = deps;

  ctx.route(e.rsaKey, async ({ merchant, query, reply }) => {
    const key = await payloads.publicKey(merchant.id);
    reply.header('cache-control', 'no-store').header(KEY_ID_HEADER, key.keyId);
    if (query.format === 'json') return key;
    reply.type('text/plain; charset=utf-8').send(key.spki);
    // the bytes must be out before the route layer looks (compression's onSend hook is async), or it
    // would send the envelope as well
    await reply;
    return key;
  });

  ctx.route(e.captcha, ({ merchant, req, reply, query }) => {
    reply.header('cache-control', 'no-store');
    const browserId = ensureBrowserId(reply, browserIdOf(req, query.captchaId));
    return captchas.issue(merchant.id, browserId);
  });

  ctx.route(e.slider, ({ merchant, req, reply, query }) => {
    reply.header('cache-control', 'no-store');
    return captchas.slider(merchant.id, browserIdOf(req, query.captchaId) ?? null);
  });

  ctx.route(e.sliderVerify, ({ merchant, body }) => captchas.verifySlider(merchant.id, body.id, body.x));

  ctx.route(e.login, async ({ merchant, body, req, ip }) => {
    // `01717527071`, `+880 1717-527071`, ... name the account registered under 1717527071
    const username = await members.loginName(merchant.id, body.username, body.countryDialingCode);
    return sessions.login(
      merchant,
      { ...body, username },
      {
        ip,
        userAgent: req.headers['user-agent'],
        deviceId: deviceIdOf(req, body.loginDeviceId),
        browserId: browserIdOf(req),
      },
    );
  });

  ctx.route(e.freePlay, ({ merchant, body, req, ip }) =>
    sessions.freePlay(merchant, {
      ip,
      userAgent: req.headers['user-agent'],
      deviceId: deviceIdOf(req, body.loginDeviceId),
    }),
  );

  for (const endpoint of [e.logout, e.logoutPost]) {
    ctx.route(endpoint, ({ actor, req, ip }) =>
      sessions.logout(actor, { ip, userAgent: req.headers['user-agent'], deviceId: deviceIdOf(req) }),
    );
  }

  ctx.route(admin.authSettings, async ({ actor }) => {
    assertCan(actor, 'read');
    return toView(await members.getSettings(actor.merchantId));
  });

  ctx.route(admin.updateAuthSettings, ({ actor, body, ip }) => {
    assertCan(actor, 'write');
    return ctx.db.transaction(async (tx) => {
      const { before, after } = await members.updateSettings(tx, actor.merchantId, body);
      // the default password is a secret handed to operators: the audit row says only whether it changed
      const redact = (s: typeof before) => ({
        ...toView(s),
        defaultPassword: s.defaultPassword ? '***' : null,
      });
      await audit.record(
        tx,
        { actor, ip },
        {
          action: 'security.auth_settings.update',
          entityType: 'member_auth_setting',
          entityId: actor.merchantId,
          before: redact(before),
          after: redact(after),
        },
      );
      return toView(after);
    });
  });

  // blocking lives here, beside the sessions it ends
  ctx.route(admin.setMemberStatus, ({ actor, params, body, ip }) => {
    assertCan(actor, 'write');
    return ctx.db.transaction(async (tx) => {
      const m = await members.lockById(tx, actor.merchantId, params.id);
      if (!m) throw new AppError('not_found');
      if (m.status !== body.status) {
        await members.update(tx, m, { status: body.status });
        if (body.status === 'blocked') await sessions.revokeAllSessions(tx, m.id, 'blocked');
        await members.recordEvent(
          {
            merchantId: m.merchantId,
            memberId: m.id,
            username: m.username,
            kind: body.status === 'blocked' ? 'account_blocked' : 'account_unblocked',
            result: 'ok',
            ip,
            detail: { operator: actor.name },
          },
          tx,
        );
        await audit.record(
          tx,
          { actor, ip },
          {
            action: 'member.status',
            entityType: 'member',
            entityId: m.id,
            before: { status: m.status },
            after: { status: body.status },
          },
        );
      }
      return toAdminMember({ ...m, status: body.status });
    });
  });

  ctx.route(admin.rotateRsa, ({ actor, ip }) => {
    assertCan(actor, 'write');
    return ctx.db.transaction(async (tx) => {
      const r = await payloads.rotate(tx, actor.merchantId);
      await audit.record(
        tx,
        { actor, ip },
        {
          action: 'security.rsa.rotate',
          entityType: 'rsa_key',
          entityId: r.keyId,
          before: { keyId: r.previousKeyId },
          after: { keyId: r.keyId },
        },
      );
      return r;
    });
  });
}

function toView(s: Awaited<ReturnType<MemberService['getSettings']>>) {
  return { ...s, trialBalanceMinor: Number(s.trialBalanceMinor) };
}
