import {
  EMAIL_CODE_MINUTES,
  TOTP_BIND_MINUTES,
  type TLoginValue,
  type TLoginVerifyMethod,
} from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError, isAppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { requireRealAccount, type MemberRow, type MemberService } from '../member/index.js';
import type { SessionService } from '../session/index.js';
import { PENDING_LOGIN_MS, PENDING_MAX_ATTEMPTS } from '../session/index.js';
import { canonicalPhone, maskNational, type SmsService } from '../sms/index.js';
import type { MailService } from '../mail/index.js';
import {
  maskEmail,
  newCode,
  newSalt,
  normaliseName,
  saltedCodeHash,
  sameHash,
} from '../../platform/codes.js';
import { loginCodeMail } from '../password/index.js';
import type { RequestMeta } from '../../platform/request-meta.js';
import type { Throttle, ThrottleRule } from '../../platform/throttle.js';
import { twoFactorRepo } from './two-factor.repo.js';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp.js';

export const TWO_FACTOR_THROTTLES = {
  /** e-mail codes per pending login */
  emailSend: { scope: 'login_email_send', limit: 3 },
  /** wrong authenticator codes while binding or unbinding */
  totpFailures: { scope: 'totp_fail', limit: 5 },
  /** second-step answers per pending login, counted before the answer is checked */
  loginVerify: { scope: 'login_verify', limit: PENDING_MAX_ATTEMPTS, windowMs: PENDING_LOGIN_MS },
} as const satisfies Record<string, ThrottleRule>;

/** Why a second-step answer failed: the error the client sees. */
type FailCode =
  | 'verification_code_invalid'
  | 'bank_name_mismatch'
  | 'totp_code_invalid'
  | 'sms_code_invalid'
  | 'sms_code_expired';

/**
 * Login-IP verification (the second step of a login from a new IP) and Google Authenticator binding.
 * Wrong answers count on the pending login (5 kill it); every answer is recorded in auth_event.
 */
export function createTwoFactorService(deps: {
  db: Db;
  clock: Clock;
  members: MemberService;
  sessions: SessionService;
  sms: SmsService;
  mail: MailService;
  throttle: Throttle;
}) {
  const { db, clock, members, sessions, sms, mail, throttle } = deps;

  const event = members.recordMemberEvent;

  async function pendingFor(merchant: MerchantContext, ticket: string, method: TLoginVerifyMethod) {
    const pending = await sessions.findPendingLogin(merchant.id, ticket);
    if (!pending) throw new AppError('login_ticket_invalid');
    if (!pending.methods.includes(method)) throw new AppError('verify_method_unavailable');
    const member = await members.getById(merchant.id, pending.memberId);
    return { pending, member };
  }

  const phoneOf = (m: MemberRow) =>
    canonicalPhone({ mobile: m.mobile ?? '', countryDialingCode: m.countryDialingCode ?? undefined });

  /**
   * Checks a TOTP code against `secret` and the last step used, and moves the last step on success, in
   * the caller's transaction (the row lock serialises two tries of the same code).
   */
  async function useTotp(tx: Executor, m: MemberRow, secret: string, code: string): Promise<boolean> {
    const now = clock.now();
    const row = await twoFactorRepo.lockTotp(tx, m.merchantId, m.id, now);
    const step = verifyTotp(secret, code, now);
    if (step === undefined || (row.lastStep !== null && step <= row.lastStep)) return false;
    await twoFactorRepo.updateTotp(tx, m.id, { lastStep: step, updatedAt: now });
    return true;
  }

  return {
    /** Part of the hourly purge: login e-mail codes that expired before `before`. */
    purgeExpired: (before: Date) => twoFactorRepo.purgeExpired(db, before),

    async sendLoginCode(
      merchant: MerchantContext,
      body: { ticket: string; method: 'SMS' | 'EMAIL' },
      meta: RequestMeta,
    ) {
      const { pending, member } = await pendingFor(merchant, body.ticket, body.method);
      if (body.method === 'SMS') {
        const phone = phoneOf(member);
        const sent = await sms.requestCode({
          merchant,
          ...phone,
          purpose: 'login',
          ip: meta.ip,
          language: meta.language,
          memberId: member.id,
        });
        await event(member, 'login_verify', 'code_sent', meta, { method: 'SMS' });
        return {
          expiredMinutes: sent.expiredMinutes,
          to: maskNational(phone.mobile, phone.countryDialingCode),
        };
      }
      await throttle.hit(merchant.id, TWO_FACTOR_THROTTLES.emailSend, String(pending.id));
      const code = newCode();
      const salt = newSalt();
      const now = clock.now();
      await twoFactorRepo.insertEmailCode(db, {
        merchantId: merchant.id,
        memberId: member.id,
        pendingId: pending.id,
        codeHash: saltedCodeHash(salt, code),
        codeSalt: salt,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000),
      });
      const content = loginCodeMail({
        brand: merchant.name,
        username: member.username,
        code,
        minutes: EMAIL_CODE_MINUTES,
        language: meta.language,
        ip: meta.ip,
      });
      await mail.send({
        merchantId: merchant.id,
        memberId: member.id,
        fromName: merchant.name,
        to: member.email!,
        kind: 'login_code',
        secrets: [code],
        ...content,
      });
      await event(member, 'login_verify', 'code_sent', meta, { method: 'EMAIL' });
      return { expiredMinutes: EMAIL_CODE_MINUTES, to: maskEmail(member.email!) };
    },

    /** The second step: on success the pending login completes (session, IP remembered). */
    async verifyLogin(
      merchant: MerchantContext,
      body: { ticket: string; method: TLoginVerifyMethod; code?: string; bankAccountName?: string },
      meta: RequestMeta,
    ): Promise<TLoginValue> {
      const { pending, member } = await pendingFor(merchant, body.ticket, body.method);
      // the ticket's tries are used up atomically before an answer is looked at (parallel answers race
      // the ticket's own attempt count); a ticket out of tries is dead
      const verifyRule = TWO_FACTOR_THROTTLES.loginVerify;
      if (!(await throttle.consume(merchant.id, verifyRule, String(pending.id))).allowed) {
        throw new AppError('login_ticket_invalid');
      }
      const code = body.code ?? '';
      const complete = (tx: Executor) =>
        sessions.completePendingLogin(merchant, body.ticket, meta, { method: body.method, tx });

      let failure: FailCode | undefined;
      let result: TLoginValue | undefined;
      if (body.method === 'SMS') {
        try {
          const phone = phoneOf(member);
          const smsTicket = await sms.checkCode({
            merchantId: merchant.id,
            purpose: 'login',
            ...phone,
            mobile: phone.mobile,
            code,
          });
          result = await db.transaction(async (tx) => {
            await sms.consume(tx, smsTicket);
            return complete(tx);
          });
        } catch (err) {
          if (!isAppError(err) || !['sms_code_invalid', 'sms_code_expired'].includes(err.code)) throw err;
          failure = err.code as FailCode;
        }
      } else if (body.method === 'EMAIL') {
        result = await db.transaction(async (tx) => {
          const row = await twoFactorRepo.lockLatestEmailCode(tx, pending.id, clock.now());
          if (!row || !/^\d{6}$/.test(code) || !sameHash(row.codeHash, saltedCodeHash(row.codeSalt, code)))
            return undefined;
          await twoFactorRepo.useEmailCode(tx, row.id, clock.now());
          return complete(tx);
        });
        if (!result) failure = 'verification_code_invalid';
      } else if (body.method === 'BANK_NAME') {
        const given = normaliseName(body.bankAccountName ?? '');
        if (given !== '' && member.payeeName && given === normaliseName(member.payeeName)) {
          result = await db.transaction(complete);
        } else failure = 'bank_name_mismatch';
      } else {
        result = await db.transaction(async (tx) => {
          if (!member.totpSecret || !member.totpBoundAt) return undefined;
          return (await useTotp(tx, member, member.totpSecret, code)) ? complete(tx) : undefined;
        });
        if (!result) failure = 'totp_code_invalid';
      }
      if (result) return result;
      const { attemptsLeft } = await sessions.failPendingLogin(merchant.id, body.ticket);
      await event(member, 'login_verify', 'failed', meta, { method: body.method, attemptsLeft });
      throw new AppError(failure!, { value: { attemptsLeft } });
    },

    async totpStatus(actor: MemberActor) {
      const m = await members.getById(actor.merchantId, actor.memberId);
      const bound = !!m.totpSecret && m.totpBoundAt !== null;
      return { bound, boundAt: bound ? m.totpBoundAt!.toISOString() : null };
    },

    async startTotpBinding(actor: MemberActor, merchant: MerchantContext) {
      requireRealAccount(actor);
      const m = await members.getById(actor.merchantId, actor.memberId);
      if (m.totpSecret && m.totpBoundAt) throw new AppError('totp_already_bound');
      const secret = newTotpSecret();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TOTP_BIND_MINUTES * 60_000);
      await db.transaction(async (tx) => {
        await twoFactorRepo.lockTotp(tx, m.merchantId, m.id, now);
        await twoFactorRepo.updateTotp(tx, m.id, {
          pendingSecret: secret,
          pendingExpiresAt: expiresAt,
          updatedAt: now,
        });
      });
      return {
        secret,
        otpauthUrl: otpauthUrl(secret, m.username, merchant.name),
        expiresAt: expiresAt.toISOString(),
      };
    },

    async confirmTotpBinding(actor: MemberActor, code: string, meta: RequestMeta) {
      requireRealAccount(actor);
      const key = String(actor.memberId);
      await throttle.assertOpen(actor.merchantId, TWO_FACTOR_THROTTLES.totpFailures, key);
      const m = await members.getById(actor.merchantId, actor.memberId);
      if (m.totpSecret && m.totpBoundAt) throw new AppError('totp_already_bound');
      const verify = () =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const row = await twoFactorRepo.lockTotp(tx, m.merchantId, m.id, now);
          if (!row.pendingSecret || !row.pendingExpiresAt || row.pendingExpiresAt <= now)
            throw new AppError('totp_not_bound');
          const step = verifyTotp(row.pendingSecret, code, now);
          if (step === undefined) return false;
          await members.update(tx, m, { totpSecret: row.pendingSecret, totpBoundAt: now });
          await twoFactorRepo.updateTotp(tx, m.id, {
            pendingSecret: null,
            pendingExpiresAt: null,
            lastStep: step,
            updatedAt: now,
          });
          await event(m, 'totp_bind', 'ok', meta, undefined, tx);
          return true;
        });
      if (!(await throttle.checkSecret(actor.merchantId, TWO_FACTOR_THROTTLES.totpFailures, key, verify))) {
        await event(m, 'totp_bind', 'failed', meta);
        throw new AppError('totp_code_invalid');
      }
      return { bound: true as const };
    },

    async unbindTotp(actor: MemberActor, code: string, meta: RequestMeta) {
      requireRealAccount(actor);
      const key = String(actor.memberId);
      await throttle.assertOpen(actor.merchantId, TWO_FACTOR_THROTTLES.totpFailures, key);
      const m = await members.getById(actor.merchantId, actor.memberId);
      if (!m.totpSecret || !m.totpBoundAt) throw new AppError('totp_not_bound');
      const verify = () =>
        db.transaction(async (tx) => {
          if (!(await useTotp(tx, m, m.totpSecret!, code))) return false;
          await members.update(tx, m, { totpSecret: null, totpBoundAt: null });
          await event(m, 'totp_bind', 'unbound', meta, undefined, tx);
          return true;
        });
      if (!(await throttle.checkSecret(actor.merchantId, TWO_FACTOR_THROTTLES.totpFailures, key, verify))) {
        await event(m, 'totp_bind', 'failed', meta, { step: 'unbind' });
        throw new AppError('totp_code_invalid');
      }
      return { bound: false as const };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
