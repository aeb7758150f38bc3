import {
  PASSWORD_RESET_MINUTES,
  passwordResetLink,
  fieldError,
  fieldErrorMessage,
  validateField,
  type TLoginValue,
  type TRegisterFieldRule,
} from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import type { MerchantContext } from '../../platform/merchant.js';
import {
  isNonMember,
  isTrial,
  requireRealAccount,
  type MemberRow,
  type MemberService,
} from '../member/index.js';
import type { SessionService } from '../session/index.js';
import type { SmsService } from '../sms/index.js';
import { canonicalPhone } from '../sms/index.js';
import type { MailService } from '../mail/index.js';
import { newCode, newSalt, newToken, saltedCodeHash, sameHash, sha256Hex } from '../../platform/codes.js';
import type { RequestMeta } from '../../platform/request-meta.js';
import { resetMail } from './password.mail.js';
import { passwordRepo } from './password.repo.js';
import type { Throttle, ThrottleRule } from '../../platform/throttle.js';

export const THROTTLES = {
  resetPerIp: { scope: 'reset_ip', limit: 10 },
  resetPerUser: { scope: 'reset_user', limit: 3 },
  resetCodeFailures: { scope: 'reset_code_fail', limit: 10 },
  oldPasswordFailures: { scope: 'old_password_fail', limit: 5 },
  paymentPasswordFailures: { scope: 'payment_password_fail', limit: 5 },
} as const satisfies Record<string, ThrottleRule>;

/** Tries per reset code before the mail's code stops working (the link still works). */
export const RESET_CODE_ATTEMPTS = 5;

/** Default payment password rule when the merchant's register rules have none: exactly 6 digits. */
const PAYMENT_RULE: TRegisterFieldRule = {
  acceptedPattern: '^[0-9]*$',
  minLength: 6,
  maxLength: 6,
  patternId: 6,
  enabled: true,
  required: true,
};

export interface PasswordDeps {
  db: Db;
  clock: Clock;
  members: MemberService;
  sessions: SessionService;
  sms: SmsService;
  mail: MailService;
  throttle: Throttle;
  /** the merchant's registration rules (password and paymentPassword) */
  registerRules(merchantId: number): Promise<Record<string, TRegisterFieldRule>>;
}

/**
 * Login and payment passwords: change, forgot by e-mail (link + code), reset by SMS, payment password
 * set/change. Every outcome lands in the login record (auth_event) without the secret.
 */
export function createPasswordService(deps: PasswordDeps) {
  const { db, clock, members, sessions, sms, mail, throttle } = deps;

  /** Throws `password_rule` (message from the rule) or `password_confirm_mismatch`. */
  async function checkNewPassword(
    merchantId: number,
    field: 'password' | 'paymentPassword',
    value: string,
    confirm: string | undefined,
    language: string,
  ): Promise<void> {
    const rules = await deps.registerRules(merchantId);
    const rule = field === 'paymentPassword' ? (rules.paymentPassword ?? PAYMENT_RULE) : rules.password;
    if (!rule) throw new AppError('system_busy', { detail: 'merchant has no password rule' });
    // a password is taken as typed: surrounding spaces are not trimmed away silently
    const err =
      value !== '' && value !== value.trim()
        ? fieldError(`reg_pattern_${rule.patternId}`, rule)
        : validateField(rule, value, { required: true });
    if (err) {
      throw new AppError('password_rule', {
        message: fieldErrorMessage(err, language),
        value: { field, key: err.key, params: err.params },
      });
    }
    if (confirm !== undefined && confirm !== value) throw new AppError('password_confirm_mismatch');
  }

  const event = members.recordMemberEvent;

  /** New login password + all sessions but `keepSessionId` revoked, in one transaction. */
  async function applyNewPassword(
    tx: Executor,
    m: MemberRow,
    password: string,
    keepSessionId: number | null,
    reason: string,
  ) {
    await members.setPassword(tx, m, password);
    await sessions.revokeAllSessions(tx, m.id, reason, keepSessionId);
  }

  return {
    checkNewPassword,

    /** Part of the hourly purge: reset tokens that expired before `before`. */
    purgeExpired: (before: Date) => passwordRepo.purgeExpired(db, before),

    async changePassword(
      actor: MemberActor,
      body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
      meta: RequestMeta,
    ) {
      requireRealAccount(actor);
      const key = String(actor.memberId);
      await throttle.assertOpen(actor.merchantId, THROTTLES.oldPasswordFailures, key);
      await checkNewPassword(
        actor.merchantId,
        'password',
        body.newPassword,
        body.confirmNewPassword,
        meta.language,
      );
      const m = await members.getById(actor.merchantId, actor.memberId);
      const oldOk = await throttle.checkSecret(actor.merchantId, THROTTLES.oldPasswordFailures, key, () =>
        members.verifyPassword(m, body.oldPassword),
      );
      if (!oldOk) {
        await event(m, 'password_change', 'failed', meta, { reason: 'old_password' });
        throw new AppError('old_password_incorrect');
      }
      if (body.newPassword === body.oldPassword) throw new AppError('password_same_as_old');
      await db.transaction(async (tx) => {
        await applyNewPassword(tx, m, body.newPassword, actor.sessionId, 'password_change');
        await event(m, 'password_change', 'ok', meta, { sessionId: actor.sessionId }, tx);
      });
      return { changed: true as const };
    },

    /**
     * Forgot password by e-mail. SPEC §8 names "username/email does not exist", so a mismatch says so;
     * the throttles per IP and per username (counted before the look-up) keep that from being a fast
     * way to test addresses.
     */
    async forgotByEmail(
      merchant: MerchantContext,
      body: { username: string; email: string },
      meta: RequestMeta,
      siteUrl: string,
    ) {
      await throttle.hit(merchant.id, THROTTLES.resetPerIp, meta.ip);
      await throttle.hit(merchant.id, THROTTLES.resetPerUser, body.username.trim().toLowerCase());
      const m = await members.findByUsername(merchant.id, body.username);
      const matches =
        m !== undefined &&
        !isTrial(m) &&
        !isNonMember(m) &&
        m.status === 'active' &&
        !!m.email &&
        m.email.trim().toLowerCase() === body.email.trim().toLowerCase();
      if (!m || !matches) {
        await members.recordEvent({
          merchantId: merchant.id,
          memberId: m?.id ?? null,
          username: body.username,
          kind: 'password_reset',
          result: 'unknown',
          ip: meta.ip,
          deviceId: meta.deviceId,
          userAgent: meta.userAgent,
          detail: { step: 'request', via: 'email' },
        });
        throw new AppError('user_email_not_exist');
      }
      const token = newToken();
      const code = newCode();
      const salt = newSalt();
      const now = clock.now();
      await db.transaction(async (tx) => {
        await passwordRepo.retireResets(tx, m.id, now);
        await passwordRepo.insertReset(tx, {
          merchantId: merchant.id,
          memberId: m.id,
          tokenHash: sha256Hex(token),
          codeHash: saltedCodeHash(salt, code),
          codeSalt: salt,
          ip: meta.ip,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
        });
      });
      const link = passwordResetLink(siteUrl, token);
      const content = resetMail({
        brand: merchant.name,
        username: m.username,
        link,
        code,
        minutes: PASSWORD_RESET_MINUTES,
        language: meta.language,
      });
      await mail.send({
        merchantId: merchant.id,
        memberId: m.id,
        fromName: merchant.name,
        to: m.email!,
        kind: 'password_reset',
        secrets: [link, token, code],
        ...content,
      });
      await event(m, 'password_reset', 'requested', meta, { step: 'request', via: 'email' });
      return { sent: true as const, expiredMinutes: PASSWORD_RESET_MINUTES };
    },

    /** Completes an e-mail reset with the link token or username + code; all sessions end. */
    async resetWithMail(
      merchant: MerchantContext,
      body: {
        token?: string;
        username?: string;
        code?: string;
        newPassword: string;
        confirmNewPassword: string;
      },
      meta: RequestMeta,
    ) {
      await checkNewPassword(
        merchant.id,
        'password',
        body.newPassword,
        body.confirmNewPassword,
        meta.language,
      );
      const now = clock.now();
      if (body.token !== undefined) {
        const token = body.token;
        await db.transaction(async (tx) => {
          const r = await passwordRepo.lockByTokenHash(tx, merchant.id, sha256Hex(token));
          if (!r || r.usedAt || r.expiresAt <= now) throw new AppError('reset_token_invalid');
          const m = await members.getById(merchant.id, r.memberId, tx);
          if (m.status !== 'active') throw new AppError('us_forbidden_login_error');
          await passwordRepo.markUsed(tx, r.id, now);
          await applyNewPassword(tx, m, body.newPassword, null, 'password_reset');
          await event(m, 'password_reset', 'ok', meta, { step: 'complete', via: 'email_link' }, tx);
        });
        return { reset: true as const };
      }
      const m = await members.findByUsername(merchant.id, body.username!);
      const code = body.code!;
      // the try is counted before the code is looked at; only a wrong code keeps it
      const outcome = await throttle.checkSecret(merchant.id, THROTTLES.resetCodeFailures, meta.ip, () =>
        db.transaction(async (tx) => {
          const r = m ? await passwordRepo.lockLatestLive(tx, merchant.id, m.id, now) : undefined;
          if (!m || !r || r.attempts >= RESET_CODE_ATTEMPTS) return false;
          if (!/^\d{6}$/.test(code) || !sameHash(r.codeHash, saltedCodeHash(r.codeSalt, code))) {
            await passwordRepo.addAttempt(tx, r.id);
            return false;
          }
          if (m.status !== 'active') throw new AppError('us_forbidden_login_error');
          await passwordRepo.markUsed(tx, r.id, now);
          await applyNewPassword(tx, m, body.newPassword, null, 'password_reset');
          await event(m, 'password_reset', 'ok', meta, { step: 'complete', via: 'email_code' }, tx);
          return true;
        }),
      );
      if (!outcome) {
        if (m) await event(m, 'password_reset', 'failed', meta, { step: 'complete', via: 'email_code' });
        throw new AppError('verification_code_invalid');
      }
      return { reset: true as const };
    },

    /** PWRESETSMS3: a reset code to a member's number; a stranger's number gets the same answer and no SMS. */
    async sendResetSms(
      merchant: MerchantContext,
      body: { mobileNum: string; countryDialingCode?: string },
      meta: RequestMeta,
    ) {
      const phone = canonicalPhone({
        mobile: body.mobileNum,
        countryDialingCode: await members.dialingCodeOf(merchant.id, body.countryDialingCode),
      });
      const m = await members.findByMobile(merchant.id, phone.mobile);
      const eligible = m !== undefined && !isTrial(m) && !isNonMember(m) && m.status === 'active';
      return sms.requestCode({
        merchant,
        ...phone,
        purpose: 'reset',
        ip: meta.ip,
        language: meta.language,
        memberId: eligible ? m.id : null,
        deliver: eligible,
      });
    },

    /** CHNGPASSVERIF3: new password with the SMS code, then logged in like a login. */
    async resetByPhone(
      merchant: MerchantContext,
      body: {
        newPassword: string;
        confirmNewPassword?: string;
        mobileNum: string;
        countryDialingCode?: string;
        verificationCode: string;
      },
      meta: RequestMeta,
    ): Promise<TLoginValue> {
      await checkNewPassword(
        merchant.id,
        'password',
        body.newPassword,
        body.confirmNewPassword,
        meta.language,
      );
      const ticket = await sms.checkCode({
        merchantId: merchant.id,
        purpose: 'reset',
        mobile: body.mobileNum,
        countryDialingCode: await members.dialingCodeOf(merchant.id, body.countryDialingCode),
        code: body.verificationCode,
      });
      const m = await members.findByMobile(merchant.id, ticket.mobile);
      // codes go only to members' numbers, so a code without a member is no code at all
      if (!m || ticket.memberId !== m.id || isTrial(m) || isNonMember(m))
        throw new AppError('sms_code_invalid');
      if (m.status !== 'active') throw new AppError('us_forbidden_login_error');
      return db.transaction(async (tx) => {
        await sms.consume(tx, ticket);
        await applyNewPassword(tx, m, body.newPassword, null, 'password_reset');
        await event(m, 'password_reset', 'ok', meta, { step: 'complete', via: 'sms' }, tx);
        const fresh = await members.getById(merchant.id, m.id, tx);
        return sessions.startSession(tx, fresh, meta, { loginType: 'reset', merchant });
      });
    },

    async hasPaymentPassword(actor: MemberActor): Promise<boolean> {
      requireRealAccount(actor);
      const m = await members.getById(actor.merchantId, actor.memberId);
      return m.paymentPasswordHash !== null;
    },

    async setPaymentPassword(
      actor: MemberActor,
      body: { password: string; paymentPassword: string; confirmPaymentPassword: string },
      meta: RequestMeta,
    ) {
      requireRealAccount(actor);
      const key = String(actor.memberId);
      await throttle.assertOpen(actor.merchantId, THROTTLES.oldPasswordFailures, key);
      await checkNewPassword(
        actor.merchantId,
        'paymentPassword',
        body.paymentPassword,
        body.confirmPaymentPassword,
        meta.language,
      );
      const m = await members.getById(actor.merchantId, actor.memberId);
      if (m.paymentPasswordHash !== null) throw new AppError('payment_password_exists');
      const loginOk = await throttle.checkSecret(actor.merchantId, THROTTLES.oldPasswordFailures, key, () =>
        members.verifyPassword(m, body.password),
      );
      if (!loginOk) {
        await event(m, 'payment_password', 'failed', meta, { step: 'set', reason: 'login_password' });
        throw new AppError('login_password_incorrect');
      }
      await db.transaction(async (tx) => {
        const locked = await members.lockById(tx, actor.merchantId, actor.memberId);
        // two tabs racing: the first one sets it, the second is told it exists
        if (!locked || locked.paymentPasswordHash !== null) throw new AppError('payment_password_exists');
        await members.setPaymentPassword(tx, locked, body.paymentPassword);
        await event(m, 'payment_password', 'ok', meta, { step: 'set' }, tx);
      });
      return { set: true as const };
    },

    async changePaymentPassword(
      actor: MemberActor,
      body: { oldPaymentPassword: string; newPaymentPassword: string; confirmNewPaymentPassword: string },
      meta: RequestMeta,
    ) {
      requireRealAccount(actor);
      const key = String(actor.memberId);
      await throttle.assertOpen(actor.merchantId, THROTTLES.paymentPasswordFailures, key);
      await checkNewPassword(
        actor.merchantId,
        'paymentPassword',
        body.newPaymentPassword,
        body.confirmNewPaymentPassword,
        meta.language,
      );
      const m = await members.getById(actor.merchantId, actor.memberId);
      if (m.paymentPasswordHash === null) throw new AppError('payment_password_not_set');
      const pinOk = await throttle.checkSecret(actor.merchantId, THROTTLES.paymentPasswordFailures, key, () =>
        members.verifyPaymentPassword(m, body.oldPaymentPassword),
      );
      if (!pinOk) {
        await event(m, 'payment_password', 'failed', meta, {
          step: 'change',
          reason: 'old_payment_password',
        });
        throw new AppError('payment_password_incorrect');
      }
      if (body.newPaymentPassword === body.oldPaymentPassword) throw new AppError('password_same_as_old');
      await db.transaction(async (tx) => {
        await members.setPaymentPassword(tx, m, body.newPaymentPassword);
        await event(m, 'payment_password', 'ok', meta, { step: 'change' }, tx);
      });
      return { changed: true as const };
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
