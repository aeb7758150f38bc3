import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  LOGIN_VERIFY_METHODS,
  NON_MEMBER_TYPE,
  TRIAL_TYPES,
  ZLoginRequest,
  type TLoginValue,
  type TLoginVerifyMethod,
} from '@bp/contract';
import type { z } from 'zod';
import { afterCommit } from '../../db/after-commit.js';
import type { Db, Executor } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError, isAppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { Throttle, ThrottleRule } from '../../platform/throttle.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { LedgerService } from '../ledger/index.js';
import {
  isAgent,
  isNonMember,
  isTrial,
  usernameKey,
  type AuthSettings,
  type MemberRow,
  type MemberService,
} from '../member/index.js';
import type { CaptchaService } from './captcha.service.js';
import { sessionRepo, type PendingRow } from './session.repo.js';
import {
  captchaNeeded,
  isPasswordExpired,
  isSessionLive,
  newSessionTimes,
  newToken,
  PENDING_LOGIN_MS,
  FREEPLAY_PER_IP_HOUR,
  PENDING_MAX_ATTEMPTS,
  REVOKED_BY_NEW_LOGIN,
  SESSION_TOUCH_MS,
  sha256Hex,
  slideSession,
} from './session.rules.js';

/** Where a login comes from. Recorded in the login record; never a secret. */
export interface LoginMeta {
  ip: string;
  userAgent?: string | null;
  deviceId?: string | null;
  /** the captchaId cookie (binds the captcha image to this browser) */
  browserId?: string | null;
}

/**
 * Checks an SMS login code (the SMS module implements it). `true` when `code` is the live code sent to
 * `mobile` for login; the implementation consumes it and applies its own attempt limits.
 */
export interface SmsCodeVerifier {
  verifyLoginCode(input: {
    merchantId: number;
    mobile: string;
    countryDialingCode?: string;
    code: string;
    ip: string;
    /** the canonical national number the code was sent to, or null when the code does not hold */
  }): Promise<string | null>;
}

type LoginInput = z.output<typeof ZLoginRequest>;

/** The login throttles of a merchant's settings: failures per account and per IP in the window. */
const loginRules = (s: AuthSettings) => {
  const windowMs = s.failureWindowMinutes * 60_000;
  return {
    account: { scope: 'login_account', limit: s.lockoutFailures, windowMs },
    ip: { scope: 'login_ip', limit: s.ipLockoutFailures, windowMs },
  } satisfies Record<string, ThrottleRule>;
};

/** What the second step of a pending login needs to know (two-factor module). */
export interface PendingLogin {
  id: number;
  memberId: number;
  merchantId: number;
  reason: 'ip_verify' | 'bind';
  methods: TLoginVerifyMethod[];
  loginType: string;
  agentLogin: boolean;
  attempts: number;
  expiresAt: Date;
}

const toPending = (r: PendingRow): PendingLogin => ({
  id: r.id,
  memberId: r.memberId,
  merchantId: r.merchantId,
  reason: r.reason,
  methods: r.methods as TLoginVerifyMethod[],
  loginType: r.loginType,
  agentLogin: r.agentLogin,
  attempts: r.attempts,
  expiresAt: r.expiresAt,
});

/** The second-step methods a member can use: only those it has the data for. */
export function verifyMethodsOf(m: MemberRow): TLoginVerifyMethod[] {
  const has: Record<TLoginVerifyMethod, boolean> = {
    SMS: !!m.mobile,
    EMAIL: !!m.email,
    BANK_NAME: !!m.payeeName,
    TOTP: !!m.totpSecret && m.totpBoundAt !== null,
  };
  return LOGIN_VERIFY_METHODS.filter((k) => has[k]);
}

/**
 * Player sessions and the login flow. Login answers the same way, after the same argon2 work, whether or
 * not the account exists (a dummy hash is verified when it does not). Attempts are counted per account
 * and per IP by the shared throttle before any credential is checked; the login record (auth_event)
 * keeps every failure and lockout for reporting.
 */
export function createSessionService({
  db,
  clock,
  members,
  captchas,
  ledger,
  events,
  throttle,
}: {
  db: Db;
  clock: Clock;
  members: MemberService;
  captchas: CaptchaService;
  ledger: LedgerService;
  events: EventBus;
  throttle: Throttle;
}) {
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(18).toString('base64')));
  let sms: SmsCodeVerifier | undefined;
  /** Why the last token of a request was refused (duplicateLogin), for the 401 envelope. */
  const rejections = new WeakMap<FastifyRequest, string>();

  /** Tells the real-time channel (on every instance) once the revocation is committed. */
  function sessionsEnded(
    ex: Executor,
    revoked: { id: number; merchantId: number }[],
    memberId: number,
    reason: string,
  ) {
    if (revoked.length === 0) return;
    const payload = {
      merchantId: revoked[0]!.merchantId,
      memberId,
      sessionIds: revoked.map((r) => r.id),
      reason,
    };
    afterCommit(ex, () => events.emit('session.ended', payload));
  }

  async function issueSession(
    tx: Executor,
    m: Pick<MemberRow, 'id' | 'merchantId'>,
    meta: LoginMeta,
    settings?: AuthSettings,
  ): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
    const s = settings ?? (await members.getSettings(m.merchantId, tx));
    const now = clock.now();
    const token = newToken();
    const times = newSessionTimes(now, s);
    const sessionId = await sessionRepo.insertSession(tx, {
      memberId: m.id,
      merchantId: m.merchantId,
      tokenHash: sha256Hex(token),
      deviceId: meta.deviceId?.slice(0, 128) ?? null,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ...times,
    });
    if (s.singleSession) {
      const revoked = await sessionRepo.revokeOthers(tx, m.id, sessionId, now, REVOKED_BY_NEW_LOGIN);
      sessionsEnded(tx, revoked, m.id, REVOKED_BY_NEW_LOGIN);
    }
    return { token, expiresAt: times.expiresAt, sessionId };
  }

  /**
   * The bookkeeping of every successful login (password, SMS, second step, registration with
   * `login: true`, free play, social login): first/last login times, the IP remembered, a session, the
   * login record. Runs in the caller's transaction.
   */
  async function startSession(
    tx: Executor,
    member: MemberRow,
    meta: LoginMeta,
    opts: {
      loginType?: string;
      agentLogin?: boolean;
      /** set by a password login: the password typed, to compare with the merchant's default */
      passwordUsed?: string;
      merchant?: MerchantContext;
      eventKind?: string;
    } = {},
  ): Promise<TLoginValue> {
    const settings = await members.getSettings(member.merchantId, tx);
    const now = clock.now();
    const locked = (await members.lockById(tx, member.merchantId, member.id)) ?? member;
    if (locked.status !== 'active') throw new AppError('us_forbidden_login_error');
    const firstTimeLogin = locked.firstLoginAt === null;
    await members.update(tx, locked, {
      firstLoginAt: locked.firstLoginAt ?? now,
      lastLoginAt: now,
    });
    await sessionRepo.rememberIp(tx, locked.merchantId, locked.id, meta.ip, now);
    const session = await issueSession(tx, locked, meta, settings);

    const passwordLogin = opts.loginType === undefined || opts.loginType === 'username';
    const expiryOn = opts.merchant?.modules['PWDEXPFORCECHANGE3'] === true;
    const passwordExpired =
      passwordLogin &&
      !isTrial(locked) &&
      expiryOn &&
      isPasswordExpired(locked.passwordChangedAt, now, settings.passwordMaxAgeDays);
    const isDefault =
      opts.passwordUsed !== undefined &&
      settings.defaultPassword !== null &&
      opts.passwordUsed === settings.defaultPassword;
    const mustChangePassword =
      passwordLogin && !isTrial(locked) && (locked.mustChangePassword || isDefault || passwordExpired);

    await members.recordEvent(
      {
        merchantId: locked.merchantId,
        memberId: locked.id,
        username: locked.username,
        kind: opts.eventKind ?? 'login',
        result: 'ok',
        ip: meta.ip,
        deviceId: meta.deviceId,
        userAgent: meta.userAgent,
        detail: {
          type: opts.loginType ?? 'username',
          agentLogin: opts.agentLogin ?? false,
          firstTimeLogin,
          mustChangePassword,
          sessionId: session.sessionId,
        },
      },
      tx,
    );
    return {
      token: session.token,
      id: locked.id,
      userName: locked.username,
      customerType: locked.type,
      firstTimeLogin,
      passwordExpired,
      mustChangePassword,
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  async function createPendingLogin(
    ex: Executor,
    member: MemberRow,
    reason: 'ip_verify' | 'bind',
    methods: TLoginVerifyMethod[],
    meta: LoginMeta,
    opts: { loginType?: string; agentLogin?: boolean } = {},
  ): Promise<string> {
    const ticket = newToken();
    const now = clock.now();
    await sessionRepo.insertPending(ex, {
      ticketHash: sha256Hex(ticket),
      memberId: member.id,
      merchantId: member.merchantId,
      reason,
      methods,
      loginType: opts.loginType ?? 'username',
      agentLogin: opts.agentLogin ?? false,
      ip: meta.ip,
      deviceId: meta.deviceId?.slice(0, 128) ?? null,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PENDING_LOGIN_MS),
    });
    return ticket;
  }

  const event = (
    merchantId: number,
    username: string | null,
    memberId: number | null,
    kind: string,
    result: string,
    meta: LoginMeta,
    detail?: Record<string, unknown>,
  ) =>
    members.recordEvent({
      merchantId,
      memberId,
      username,
      kind,
      result,
      ip: meta.ip,
      deviceId: meta.deviceId,
      userAgent: meta.userAgent,
      detail: detail ?? null,
    });

  const service = {
    /** The SMS module installs its verifier here when it registers. */
    useSmsVerifier(v: SmsCodeVerifier) {
      sms = v;
    },

    issueSession,
    startSession,
    createPendingLogin,

    async login(merchant: MerchantContext, input: LoginInput, meta: LoginMeta): Promise<TLoginValue> {
      const settings = await members.getSettings(merchant.id);
      const key = usernameKey(input.username);
      const isSms = input.type === 'sms';
      if (isSms && (merchant.modules['MOBILEVERCODELOGIN3'] === false || !sms)) {
        throw new AppError('function.not.available');
      }

      // throttling first: the attempt is counted against the IP and the account, each in one atomic
      // step, before any credential is looked at, so parallel attempts cannot outrun the limits; what
      // turns out not to be a failure gives its point back (a right password clears the account's)
      const rules = loginRules(settings);
      const ipTry = await throttle.consume(merchant.id, rules.ip, meta.ip);
      if (!ipTry.allowed) {
        await event(merchant.id, input.username, null, 'login_refused', 'ip_throttled', meta);
        throw new AppError('TOO_MANY_REQUESTS');
      }
      const accountTry = await throttle.consume(merchant.id, rules.account, key);
      if (!accountTry.allowed) {
        await throttle.refund(merchant.id, rules.ip, meta.ip);
        await event(merchant.id, input.username, null, 'login_refused', 'locked', meta);
        throw new AppError('TOO_MANY_REQUESTS');
      }
      const ipFailures = ipTry.count - 1;
      const accountFailures = accountTry.count - 1;
      /** the attempt was refused before a credential was checked: not a failure */
      const giveBack = async () => {
        await throttle.refund(merchant.id, rules.ip, meta.ip);
        await throttle.refund(merchant.id, rules.account, key);
      };

      // slider before submit (username logins only, SPEC 4)
      if (!isSms && settings.sliderRequired) {
        await captchas.requireSliderToken(merchant.id, input.sliderToken).catch(async (err: unknown) => {
          await giveBack();
          if (isAppError(err) && err.code === 'slider_failed')
            await event(merchant.id, input.username, null, 'slider_failed', 'invalid_token', meta);
          throw err;
        });
      }

      const needCaptcha = captchaNeeded(accountFailures, ipFailures, settings);
      if (needCaptcha) {
        const ok =
          !!input.captcha &&
          !!meta.browserId &&
          (await captchas.check(merchant.id, meta.browserId, input.captcha));
        if (!ok) {
          await giveBack();
          if (input.captcha) await event(merchant.id, input.username, null, 'captcha_failed', 'wrong', meta);
          throw new AppError('captcha_error', { value: { captcha: true } });
        }
      }

      let member: MemberRow | undefined;
      let ok: boolean;
      if (isSms) {
        // members are stored under the canonical national number: `01712…` and `1712…` are one phone
        const mobile = await sms!.verifyLoginCode({
          merchantId: merchant.id,
          mobile: input.username,
          countryDialingCode: input.countryDialingCode,
          code: input.password,
          ip: meta.ip,
        });
        member = await members.findByMobile(merchant.id, mobile ?? input.username);
        ok = mobile !== null && member !== undefined;
      } else {
        member = await members.findByUsername(merchant.id, input.username);
        ok = await verifyPassword(member?.passwordHash ?? (await getDummyHash()), input.password);
      }

      if (!ok || !member) {
        await event(
          merchant.id,
          input.username,
          member?.id ?? null,
          'login_failed',
          'bad_credentials',
          meta,
          {
            type: input.type,
          },
        );
        const failures = accountTry.count;
        if (failures >= settings.lockoutFailures) {
          await throttle.lock(merchant.id, rules.account, key, settings.lockoutMinutes * 60_000);
          await event(merchant.id, input.username, member?.id ?? null, 'lockout', 'locked', meta, {
            minutes: settings.lockoutMinutes,
          });
          throw new AppError('TOO_MANY_REQUESTS');
        }
        if (ipTry.count >= settings.ipLockoutFailures) throw new AppError('TOO_MANY_REQUESTS');
        throw new AppError('login_failed', {
          value: { captcha: captchaNeeded(failures, ipTry.count, settings) },
        });
      }
      // the right credentials: not a failure from this IP, and the account's failures start afresh
      await throttle.refund(merchant.id, rules.ip, meta.ip);
      await throttle.reset(merchant.id, rules.account, key);

      const refuse = async (code: 'us_forbidden_login_error' | 'non_member_login' | 'error_not_agent') => {
        await event(merchant.id, input.username, member.id, 'login_refused', code, meta);
        return new AppError(code);
      };
      if (member.status !== 'active') throw await refuse('us_forbidden_login_error');
      if (isNonMember(member)) throw await refuse('non_member_login');
      if (input.agentLogin && !isAgent(member)) throw await refuse('error_not_agent');

      // a login from an IP this member never used needs a second step (LOGINIPVERF3)
      if (merchant.modules['LOGINIPVERF3'] === true && !isTrial(member)) {
        const known = await sessionRepo.countKnownIps(db, member.id);
        if (known > 0 && !(await sessionRepo.isKnownIp(db, member.id, meta.ip))) {
          const methods = verifyMethodsOf(member);
          if (methods.length > 0) {
            const ticket = await createPendingLogin(db, member, 'ip_verify', methods, meta, {
              loginType: input.type,
              agentLogin: input.agentLogin,
            });
            await event(merchant.id, input.username, member.id, 'login_verify', 'required', meta, {
              methods,
            });
            throw new AppError('login_verify_required', { value: { ticket, methods } });
          }
        }
      }

      const m = member;
      return db.transaction((tx) =>
        startSession(tx, m, meta, {
          loginType: input.type,
          agentLogin: input.agentLogin,
          passwordUsed: isSms ? undefined : input.password,
          merchant,
        }),
      );
    },

    /** A pending login by its ticket, or undefined when unknown, used, expired or out of tries. */
    async findPendingLogin(merchantId: number, ticket: string): Promise<PendingLogin | undefined> {
      return db.transaction(async (tx) => {
        const r = await sessionRepo.lockPendingByHash(tx, sha256Hex(ticket));
        if (!r || r.merchantId !== merchantId || r.usedAt || r.expiresAt <= clock.now()) return undefined;
        if (r.attempts >= PENDING_MAX_ATTEMPTS) return undefined;
        return toPending(r);
      });
    },

    /** A wrong second-step answer: counts; after PENDING_MAX_ATTEMPTS the ticket is dead. */
    async failPendingLogin(merchantId: number, ticket: string): Promise<{ attemptsLeft: number }> {
      return db.transaction(async (tx) => {
        const r = await sessionRepo.lockPendingByHash(tx, sha256Hex(ticket));
        if (!r || r.merchantId !== merchantId) return { attemptsLeft: 0 };
        await sessionRepo.updatePending(tx, r.id, { attempts: r.attempts + 1 });
        return { attemptsLeft: Math.max(0, PENDING_MAX_ATTEMPTS - r.attempts - 1) };
      });
    },

    /**
     * Completes a pending login after the two-factor module verified the second step: marks the ticket
     * used (once), remembers the IP and issues the session. Throws `login.not.session` for a dead ticket.
     */
    async completePendingLogin(
      merchant: MerchantContext,
      ticket: string,
      meta: LoginMeta,
      opts: { method?: string; tx?: Executor } = {},
    ): Promise<TLoginValue> {
      const run = async (tx: Executor) => {
        const r = await sessionRepo.lockPendingByHash(tx, sha256Hex(ticket));
        const now = clock.now();
        if (
          !r ||
          r.merchantId !== merchant.id ||
          r.usedAt ||
          r.expiresAt <= now ||
          r.attempts >= PENDING_MAX_ATTEMPTS
        ) {
          throw new AppError('login.not.session');
        }
        await sessionRepo.updatePending(tx, r.id, { usedAt: now });
        const member = await members.getById(merchant.id, r.memberId, tx);
        if (member.status !== 'active') throw new AppError('us_forbidden_login_error');
        await members.recordEvent(
          {
            merchantId: merchant.id,
            memberId: member.id,
            username: member.username,
            kind: 'verification',
            result: 'ok',
            ip: meta.ip,
            deviceId: meta.deviceId,
            userAgent: meta.userAgent,
            detail: { reason: r.reason, method: opts.method ?? null },
          },
          tx,
        );
        return startSession(tx, member, meta, {
          loginType: r.loginType,
          agentLogin: r.agentLogin,
          merchant,
        });
      };
      return opts.tx ? run(opts.tx) : db.transaction(run);
    },

    /** The resolver behind `auth: 'member'`: a live session of an active member of this merchant. */
    async resolveMember(
      token: string,
      merchant: MerchantContext,
      req?: FastifyRequest,
    ): Promise<MemberActor | undefined> {
      const row = await sessionRepo.findSessionByTokenHash(db, sha256Hex(token));
      if (!row || row.session.merchantId !== merchant.id || !row.merchantActive) return undefined;
      const s = row.session;
      const now = clock.now();
      if (!isSessionLive(s, now)) {
        if (req && s.revokedReason === REVOKED_BY_NEW_LOGIN) rejections.set(req, 'duplicateLogin');
        return undefined;
      }
      if (row.status !== 'active' || row.type === NON_MEMBER_TYPE) return undefined;
      // last-seen is written at most once a minute; only then are the merchant's settings needed
      if (now.getTime() - s.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
        const slid = slideSession(s, now, await members.getSettings(merchant.id));
        if (slid) await sessionRepo.touchSession(db, s.id, slid);
      }
      return {
        kind: 'member',
        memberId: s.memberId,
        merchantId: s.merchantId,
        type: row.type,
        username: row.username,
        sessionId: s.id,
      };
    },
    /** Reason a token of this request was refused, when there is one worth telling the client. */
    rejectionOf: (req: FastifyRequest) => rejections.get(req),

    /** Revokes one raw token (any member); true when it was live. */
    async revoke(token: string, reason = 'logout'): Promise<boolean> {
      const row = await sessionRepo.findSessionByTokenHash(db, sha256Hex(token));
      if (!row) return false;
      const revoked = await sessionRepo.revokeSession(db, row.session.id, clock.now(), reason);
      if (revoked) sessionsEnded(db, [row.session], row.session.memberId, reason);
      return revoked;
    },

    /** Ends every session of a member (password change, block), optionally keeping the caller's own. */
    async revokeAllSessions(
      tx: Executor,
      memberId: number,
      reason: string,
      keepSessionId: number | null = null,
    ): Promise<number> {
      const revoked = await sessionRepo.revokeOthers(tx, memberId, keepSessionId, clock.now(), reason);
      sessionsEnded(tx, revoked, memberId, reason);
      return revoked.length;
    },

    async logout(actor: MemberActor, meta: LoginMeta) {
      await db.transaction(async (tx) => {
        if (await sessionRepo.revokeSession(tx, actor.sessionId, clock.now(), 'logout')) {
          const ended = [{ id: actor.sessionId, merchantId: actor.merchantId }];
          sessionsEnded(tx, ended, actor.memberId, 'logout');
          await members.recordEvent(
            {
              merchantId: actor.merchantId,
              memberId: actor.memberId,
              username: actor.username,
              kind: 'logout',
              result: 'ok',
              ip: meta.ip,
              deviceId: meta.deviceId,
              userAgent: meta.userAgent,
              detail: { sessionId: actor.sessionId },
            },
            tx,
          );
        }
      });
      return { loggedOut: true as const };
    },

    /** Free play (FREEPLAY3): a new trial account (type 4) with the merchant's play money, logged in. */
    async freePlay(merchant: MerchantContext, meta: LoginMeta): Promise<TLoginValue> {
      const settings = await members.getSettings(merchant.id);
      // each call makes an account: one IP gets a handful an hour
      const hourAgo = new Date(clock.now().getTime() - 3_600_000);
      if (
        (await sessionRepo.countByIp(db, merchant.id, meta.ip, 'freeplay', hourAgo)) >= FREEPLAY_PER_IP_HOUR
      ) {
        throw new AppError('TOO_MANY_REQUESTS');
      }
      for (let attempt = 0; attempt < 5; attempt++) {
        const username = `trial_${randomBytes(4).toString('hex').slice(0, 6)}`;
        try {
          return await db.transaction(async (tx) => {
            const m = await members.createMember(tx, {
              merchantId: merchant.id,
              username,
              // no password at all: a trial account is only ever reached through its session
              password: null,
              type: TRIAL_TYPES[0],
              registeredIp: meta.ip,
              registerDevice: meta.deviceId ?? null,
            });
            // play money comes from the house's play account like any other movement
            if (settings.trialBalanceMinor > 0n) {
              await ledger.post(tx, {
                merchantId: merchant.id,
                key: `play_grant:${m.id}`,
                type: 'play_grant',
                memberId: m.id,
                lines: [
                  { account: { house: 'play', spread: m.id }, amount: -settings.trialBalanceMinor },
                  { account: { memberId: m.id, code: 'main' }, amount: settings.trialBalanceMinor },
                ],
              });
            }
            return startSession(tx, m, meta, { loginType: 'freeplay', merchant, eventKind: 'freeplay' });
          });
        } catch (err) {
          if (!(isAppError(err) && err.code === 'conflict')) throw err;
        }
      }
      throw new AppError('system_busy', { detail: 'no free trial username' });
    },
  };
  return service;
}
export type SessionService = ReturnType<typeof createSessionService>;
