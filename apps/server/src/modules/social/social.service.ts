import { randomInt } from 'node:crypto';
import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import {
  SOCIAL_PROVIDERS,
  SOCIAL_SITE_PATHS,
  SOCIAL_TICKET_MINUTES,
  fieldErrorMessage,
  validateField,
  type TLoginValue,
  type TRegisterFieldRule,
  type TSocialProvider,
} from '@bp/contract';
import type { SocialProviderConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { isNonMember, isTrial, type MemberRow, type MemberService } from '../member/index.js';
import type { SessionService } from '../session/index.js';
import { newToken, sha256Hex } from '../../platform/codes.js';
import type { PasswordService } from '../password/index.js';
import type { RequestMeta } from '../../platform/request-meta.js';
import type { Throttle, ThrottleRule } from '../../platform/throttle.js';
import { socialRepo, type TicketRow } from './social.repo.js';

const FLOW_MS = 10 * 60_000;
const TICKET_MS = SOCIAL_TICKET_MINUTES * 60_000;
const DISCOVERY_TTL_MS = 3600_000;
const BIND_FAILURES: ThrottleRule = { scope: 'social_bind_fail', limit: 5 };

/** Plain-HTTP issuers are accepted only on the loopback interface (a provider on this machine). */
export function isLoopbackIssuer(issuer: string): boolean {
  try {
    const u = new URL(issuer);
    return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(u.hostname);
  } catch {
    return false;
  }
}

/** A redirect target on the site: a path, never another origin (`//evil`, `/\evil`). */
export function safeReturnPath(p: string | undefined): string {
  return p && /^\/(?![/\\])[^\s]*$/.test(p) ? p : '/';
}

/**
 * Social login over OpenID Connect (openid-client): authorization code flow with PKCE, state and nonce
 * kept server-side; identities bound to members irreversibly (one per provider per account).
 */
export function createSocialService(deps: {
  db: Db;
  clock: Clock;
  members: MemberService;
  sessions: SessionService;
  passwords: PasswordService;
  throttle: Throttle;
  env: Readonly<Partial<Record<TSocialProvider, SocialProviderConfig>>>;
  registerRules(merchantId: number): Promise<Record<string, TRegisterFieldRule>>;
  log: FastifyBaseLogger;
}) {
  const { db, clock, members, sessions, passwords, throttle, log } = deps;
  const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  async function providerConfig(
    merchantId: number,
    provider: TSocialProvider,
  ): Promise<SocialProviderConfig | undefined> {
    const row = await socialRepo.findProvider(db, merchantId, provider);
    if (row)
      return row.enabled
        ? { issuer: row.issuer, clientId: row.clientId, clientSecret: row.clientSecret ?? undefined }
        : undefined;
    return deps.env[provider];
  }

  function clientFor(cfg: SocialProviderConfig): Promise<oidc.Configuration> {
    const key = `${cfg.issuer}|${cfg.clientId}`;
    const hit = discovered.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    const config = oidc.discovery(new URL(cfg.issuer), cfg.clientId, cfg.clientSecret, undefined, {
      execute: isLoopbackIssuer(cfg.issuer) ? [oidc.allowInsecureRequests] : [],
    });
    discovered.set(key, { at: Date.now(), config });
    config.catch(() => discovered.delete(key));
    return config;
  }

  async function requireConfig(merchantId: number, provider: TSocialProvider) {
    const cfg = await providerConfig(merchantId, provider);
    if (!cfg) throw new AppError('function.not.available');
    return cfg;
  }

  /** A live ticket of the merchant, locked in the caller's transaction; `social_ticket_invalid` otherwise. */
  async function liveTicket(
    tx: Executor,
    merchantId: number,
    ticket: string,
    kind: 'login' | 'bind',
  ): Promise<TicketRow> {
    const t = await socialRepo.lockTicket(tx, merchantId, sha256Hex(ticket));
    if (!t || t.kind !== kind || t.usedAt || t.expiresAt <= clock.now())
      throw new AppError('social_ticket_invalid');
    return t;
  }

  const record = (
    m: Pick<MemberRow, 'id' | 'merchantId' | 'username'>,
    result: string,
    meta: RequestMeta,
    provider: string,
    ex: Executor,
  ) =>
    members.recordEvent(
      {
        merchantId: m.merchantId,
        memberId: m.id,
        username: m.username,
        kind: 'social_login',
        result,
        ip: meta.ip,
        deviceId: meta.deviceId,
        userAgent: meta.userAgent,
        detail: { provider },
      },
      ex,
    );

  /** Binds in the caller's transaction, refusing a second binding of the identity or of the provider. */
  async function bindIdentity(tx: Executor, t: TicketRow, m: MemberRow) {
    if (await socialRepo.findIdentity(tx, t.merchantId, t.issuer, t.subject))
      throw new AppError('social_identity_bound');
    if (await socialRepo.findIdentityOfMember(tx, m.id, t.provider))
      throw new AppError('social_account_bound');
    try {
      await socialRepo.insertIdentity(tx, {
        merchantId: t.merchantId,
        memberId: m.id,
        provider: t.provider,
        issuer: t.issuer,
        subject: t.subject,
        email: t.email,
        createdAt: clock.now(),
      });
    } catch (err) {
      // a concurrent binding won the unique index
      if (pgErrorCode(err) === '23505') throw new AppError('social_identity_bound');
      throw err;
    }
  }

  /**
   * A free username from the provider's e-mail (or name): its letters and digits, starting with a letter,
   * plus random digits, within the username rule; `user` + digits when nothing usable is left.
   */
  async function suggestUsername(merchantId: number, from: string, rule: TRegisterFieldRule | undefined) {
    const max = Math.min(rule?.maxLength ?? 16, 16);
    const min = Math.max(rule?.minLength ?? 4, 1);
    let stem = (from.split('@')[0] ?? '').replace(/[^A-Za-z0-9]/g, '').replace(/^[0-9]+/, '');
    if (stem.length === 0) stem = 'user';
    stem = stem.slice(0, Math.max(1, max - 4)).toLowerCase();
    for (let i = 0; i < 8; i++) {
      const digits = String(randomInt(0, 10_000)).padStart(4, '0');
      let candidate = `${stem}${digits}`.slice(0, max);
      while (candidate.length < min) candidate += String(randomInt(0, 10));
      const valid = !rule || validateField(rule, candidate, { required: true }) === null;
      if (valid && !(await members.isUsernameTaken(merchantId, candidate))) return candidate;
      if (!valid) stem = 'user';
    }
    throw new AppError('username_taken');
  }

  return {
    /** Part of the hourly purge: flows and tickets that expired before `before`. */
    purgeExpired: (before: Date) => socialRepo.purgeExpired(db, before),

    async providers(merchant: MerchantContext) {
      const out: { provider: TSocialProvider }[] = [];
      for (const p of SOCIAL_PROVIDERS) if (await providerConfig(merchant.id, p)) out.push({ provider: p });
      return out;
    },

    async start(
      merchant: MerchantContext,
      provider: TSocialProvider,
      returnPath: string | undefined,
      apiBase: string,
    ) {
      const cfg = await requireConfig(merchant.id, provider);
      let config: oidc.Configuration;
      try {
        config = await clientFor(cfg);
      } catch (err) {
        log.warn({ provider, error: (err as Error)?.name }, 'social provider discovery failed');
        throw new AppError('social_login_failed');
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const redirectUri = `${apiBase}/wps/session/social/${provider}/callback`;
      const now = clock.now();
      await socialRepo.insertFlow(db, {
        merchantId: merchant.id,
        provider,
        stateHash: sha256Hex(state),
        nonce,
        codeVerifier,
        redirectUri,
        returnPath: safeReturnPath(returnPath),
        createdAt: now,
        expiresAt: new Date(now.getTime() + FLOW_MS),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_mode: 'form_post',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href };
    },

    /**
     * The provider's answer. Always ends in a redirect to the site (the browser is on the provider's
     * page): `/social/done#ticket=` or `/social/bind#ticket=`, or `/social/done#error=<code>`.
     */
    async callback(
      merchant: MerchantContext,
      provider: TSocialProvider,
      params: { code?: string; state?: string; iss?: string; error?: string },
      siteUrl: string,
    ): Promise<string> {
      const fail = (code: string, returnPath = '/') =>
        `${siteUrl}${SOCIAL_SITE_PATHS.done}#error=${code}&redirect=${encodeURIComponent(returnPath)}`;
      if (!params.state) return fail('social_state_invalid');
      const state = params.state;
      const now = clock.now();
      const flow = await db.transaction(async (tx) => {
        const f = await socialRepo.lockFlowByStateHash(tx, sha256Hex(state));
        if (!f || f.merchantId !== merchant.id || f.provider !== provider || f.usedAt || f.expiresAt <= now)
          return undefined;
        await socialRepo.useFlow(tx, f.id, now);
        return f;
      });
      if (!flow) return fail('social_state_invalid');
      if (params.error || !params.code) return fail('social_login_failed', flow.returnPath);
      let claims: oidc.IDToken;
      try {
        const cfg = await requireConfig(merchant.id, provider);
        const config = await clientFor(cfg);
        const current = new URL(flow.redirectUri);
        current.searchParams.set('code', params.code);
        current.searchParams.set('state', state);
        if (params.iss) current.searchParams.set('iss', params.iss);
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims()!;
      } catch (err) {
        // the error may quote the provider's answer: log its class only
        log.warn(
          { provider, error: (err as Error)?.name, code: (err as { code?: string })?.code },
          'social login failed',
        );
        return fail('social_login_failed', flow.returnPath);
      }
      const issuer = String(claims.iss);
      const subject = String(claims.sub);
      const email =
        typeof claims.email === 'string' && claims.email_verified !== false
          ? claims.email.slice(0, 254)
          : null;
      const name = typeof claims.name === 'string' ? claims.name.slice(0, 100) : null;
      const bound = await socialRepo.findIdentity(db, merchant.id, issuer, subject);
      const ticket = newToken();
      await socialRepo.insertTicket(db, {
        merchantId: merchant.id,
        ticketHash: sha256Hex(ticket),
        kind: bound ? 'login' : 'bind',
        provider,
        issuer,
        subject,
        email,
        name,
        memberId: bound?.memberId ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TICKET_MS),
      });
      const back = `&redirect=${encodeURIComponent(flow.returnPath)}`;
      return bound
        ? `${siteUrl}${SOCIAL_SITE_PATHS.done}#ticket=${ticket}${back}`
        : `${siteUrl}${SOCIAL_SITE_PATHS.bind}#ticket=${ticket}&provider=${provider}${back}`;
    },

    async exchange(merchant: MerchantContext, ticket: string, meta: RequestMeta): Promise<TLoginValue> {
      return db.transaction(async (tx) => {
        const t = await liveTicket(tx, merchant.id, ticket, 'login');
        await socialRepo.useTicket(tx, t.id, clock.now());
        const m = await members.getById(merchant.id, t.memberId!, tx);
        if (isNonMember(m)) throw new AppError('non_member_login');
        return sessions.startSession(tx, m, meta, {
          loginType: 'social',
          merchant,
          eventKind: 'social_login',
        });
      });
    },

    async pending(merchant: MerchantContext, ticket: string) {
      const t = await socialRepo.findTicket(db, merchant.id, sha256Hex(ticket));
      if (!t || t.kind !== 'bind' || t.usedAt || t.expiresAt <= clock.now())
        throw new AppError('social_ticket_invalid');
      return { provider: t.provider, email: t.email, name: t.name };
    },

    async bind(
      merchant: MerchantContext,
      body: { ticket: string; username: string; password: string },
      meta: RequestMeta,
    ): Promise<TLoginValue> {
      await throttle.assertOpen(merchant.id, BIND_FAILURES, meta.ip);
      await this.pending(merchant, body.ticket);
      const m = await members.findByUsername(merchant.id, body.username);
      const ok = await throttle.checkSecret(merchant.id, BIND_FAILURES, meta.ip, async () =>
        m ? members.verifyPassword(m, body.password) : false,
      );
      if (!m || !ok) {
        throw new AppError('login_failed');
      }
      if (isTrial(m)) throw new AppError('need_real_account');
      if (isNonMember(m)) throw new AppError('non_member_login');
      return db.transaction(async (tx) => {
        const t = await liveTicket(tx, merchant.id, body.ticket, 'bind');
        await bindIdentity(tx, t, m);
        await socialRepo.useTicket(tx, t.id, clock.now());
        await record(m, 'bound', meta, t.provider, tx);
        return sessions.startSession(tx, m, meta, {
          loginType: 'social',
          merchant,
          eventKind: 'social_login',
        });
      });
    },

    async register(
      merchant: MerchantContext,
      body: { ticket: string; username?: string; password: string; confirmPassword: string },
      meta: RequestMeta,
    ): Promise<TLoginValue> {
      if (merchant.modules['REG3'] === false) throw new AppError('function.not.available');
      const who = await this.pending(merchant, body.ticket);
      const rules = await deps.registerRules(merchant.id);
      const usernameRule = rules.username;
      const username =
        body.username ?? (await suggestUsername(merchant.id, who.email ?? who.name ?? '', usernameRule));
      const err = usernameRule ? validateField(usernameRule, username, { required: true }) : null;
      if (err) {
        throw new AppError('register_field_invalid', {
          message: fieldErrorMessage(err, meta.language),
          value: { errors: { username: { key: err.key, min: err.min, max: err.max, params: err.params } } },
        });
      }
      await passwords.checkNewPassword(
        merchant.id,
        'password',
        body.password,
        body.confirmPassword,
        meta.language,
      );
      if (await members.isUsernameTaken(merchant.id, username)) throw new AppError('username_taken');
      return db.transaction(async (tx) => {
        const t = await liveTicket(tx, merchant.id, body.ticket, 'bind');
        if (await socialRepo.findIdentity(tx, t.merchantId, t.issuer, t.subject))
          throw new AppError('social_identity_bound');
        let m: MemberRow;
        try {
          m = await members.createMember(tx, {
            merchantId: merchant.id,
            username,
            password: body.password,
            email: t.email,
            nickname: t.name,
            registeredIp: meta.ip,
            registerDevice: meta.deviceId ?? null,
          });
        } catch (e) {
          if (e instanceof AppError && e.code === 'conflict') throw new AppError('username_taken');
          throw e;
        }
        await bindIdentity(tx, t, m);
        await socialRepo.useTicket(tx, t.id, clock.now());
        await record(m, 'registered', meta, t.provider, tx);
        return sessions.startSession(tx, m, meta, {
          loginType: 'social',
          merchant,
          eventKind: 'social_login',
        });
      });
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
