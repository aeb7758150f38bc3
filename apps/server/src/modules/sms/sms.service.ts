import type { FastifyBaseLogger } from 'fastify';
import {
  SMS_OPERATION_TYPES,
  isTrialType,
  ZSmsOutboxQuery,
  ZSmsSettings,
  type TSmsSettings,
  nationalDisplay,
  normaliseDialingCode,
  normalisePhone,
  PHONE_RULES,
  type TSmsOutboxEntry,
  type TSmsOutboxQuery,
  type TSmsPurpose,
  type TSmsSent,
} from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import { assertCan } from '../operator/index.js';
import type { SmsProvider } from './sms.provider.js';
import { smsRepo } from './sms.repo.js';
import {
  DEFAULT_SMS_SETTINGS,
  codeMessage,
  codeVerdict,
  generateCode,
  hashCode,
  throttleVerdict,
  type SmsSettings,
} from './sms.rules.js';

/** What the SMS module needs to know about members (the member module answers). */
export interface SmsMemberPort {
  /** id of the member registered under this national number, if any */
  findIdByMobile(merchantId: number, mobile: string): Promise<number | undefined>;
  /** stores the verified number on the member (operationType 5) in the caller's transaction */
  bindMobile(
    tx: Executor,
    merchantId: number,
    memberId: number,
    mobile: string,
    dialingCode: string,
  ): Promise<void>;
}

/** A phone number as the client sent it. */
export interface PhoneInput {
  mobile: unknown;
  countryDialingCode?: unknown;
}

/** A checked, not yet consumed code: `consume` it inside the transaction that acts on it. */
export interface SmsTicket {
  id: number;
  merchantId: number;
  mobile: string;
  countryDialingCode: string;
  memberId: number | null;
}

export interface CheckCodeInput extends PhoneInput {
  merchantId: number;
  purpose: TSmsPurpose;
  code: unknown;
}

/**
 * The canonical form of a phone number, or the SPEC's phone errors: `sms_phone_missing` when empty,
 * `sms_phone_invalid` when it is not a number of that country. Members are stored under `mobile`.
 */
export function canonicalPhone(p: PhoneInput): { mobile: string; countryDialingCode: string } {
  const raw =
    typeof p.mobile === 'number' ? String(p.mobile) : typeof p.mobile === 'string' ? p.mobile.trim() : '';
  if (raw === '') throw new AppError('sms_phone_missing');
  const code = normaliseDialingCode(p.countryDialingCode ?? '+880');
  const mobile = code ? normalisePhone(code, raw) : null;
  if (!code || !mobile) throw new AppError('sms_phone_invalid');
  return { mobile, countryDialingCode: code };
}

function toOutboxEntry(r: Awaited<ReturnType<typeof smsRepo.listOutbox>>[number]): TSmsOutboxEntry {
  return {
    id: r.id,
    mobile: r.mobile,
    countryDialingCode: r.countryDialingCode,
    text: r.text,
    purpose: r.purpose,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * SMS verification codes: request (throttled, quota-checked, delivered through the provider) and check
 * (attempt-limited, single use). Other modules verify codes with `verifyCode` (own transaction) or with
 * `checkCode` + `consume(tx, ticket)` when the code must stay unused if their own transaction fails.
 * Codes and message texts are never logged or returned.
 */
export function createSmsService(deps: {
  db: Db;
  clock: Clock;
  provider: SmsProvider;
  members: SmsMemberPort;
  audit?: AuditService;
  log?: FastifyBaseLogger;
}) {
  const { db, clock, provider, members, audit, log } = deps;

  async function settings(merchantId: number, ex: Executor = db): Promise<SmsSettings> {
    const row = await smsRepo.findSettings(ex, merchantId);
    if (!row) return { ...DEFAULT_SMS_SETTINGS };
    return {
      expiredMinutes: row.expiredMinutes,
      maxAttempts: row.maxAttempts,
      perNumberPerHour: row.perNumberPerHour,
      perIpPerHour: row.perIpPerHour,
      dailyQuota: row.dailyQuota,
    };
  }

  /**
   * Records a code request and delivers the code unless `deliver` is false (then the request still
   * counts for throttling, so a caller cannot tell delivered and undelivered requests apart).
   */
  async function requestCode(input: {
    merchant: Pick<MerchantContext, 'id' | 'name'>;
    mobile: string;
    countryDialingCode: string;
    purpose: TSmsPurpose;
    ip: string;
    language: string;
    memberId?: number | null;
    deliver?: boolean;
  }): Promise<TSmsSent> {
    const deliver = input.deliver !== false;
    const merchantId = input.merchant.id;
    const code = generateCode();
    const { id, minutes, now } = await db.transaction(async (tx) => {
      const s = await settings(merchantId, tx);
      await smsRepo.lockRequesters(tx, merchantId, input.mobile, input.ip);
      const now = clock.now();
      const verdict = throttleVerdict(
        now,
        await smsRepo.recent(tx, merchantId, input.mobile, input.ip, now),
        s,
      );
      if (verdict) throw new AppError(verdict);
      const id = await smsRepo.insertCode(tx, {
        merchantId,
        mobile: input.mobile,
        countryDialingCode: input.countryDialingCode,
        purpose: input.purpose,
        codeHash: hashCode(code),
        delivered: deliver,
        memberId: input.memberId ?? null,
        expiresAt: new Date(now.getTime() + s.expiredMinutes * 60_000),
        ip: input.ip,
        createdAt: now,
      });
      return { id, minutes: s.expiredMinutes, now };
    });
    if (deliver) {
      try {
        await provider.send({
          merchantId,
          mobile: input.mobile,
          countryDialingCode: input.countryDialingCode,
          purpose: input.purpose,
          text: codeMessage(input.merchant.name, input.purpose, code, minutes, input.language),
          createdAt: now,
        });
      } catch (err) {
        // the provider's error may echo the message: log only its class
        log?.error(
          { provider: provider.name, merchantId, error: (err as Error)?.name },
          'sms delivery failed',
        );
        await smsRepo.markUndelivered(db, id);
        throw new AppError('sms_unknown_error');
      }
    }
    return { expiredMinutes: minutes };
  }

  /**
   * Checks a code against the newest code sent to the number for `purpose`. A wrong code costs an
   * attempt (committed even though the call fails); the code is not consumed here.
   */
  async function checkCode(input: CheckCodeInput): Promise<SmsTicket> {
    const phone = canonicalPhone(input);
    const code =
      typeof input.code === 'number'
        ? String(input.code)
        : typeof input.code === 'string'
          ? input.code.trim()
          : '';
    if (!/^[0-9]{6}$/.test(code)) throw new AppError('sms_code_invalid');
    const s = await settings(input.merchantId);
    const { verdict, row } = await db.transaction(async (tx) => {
      const row = await smsRepo.latestForUpdate(tx, input.merchantId, phone.mobile, input.purpose);
      const verdict = codeVerdict(clock.now(), row, code, s.maxAttempts);
      if (verdict === 'mismatch') await smsRepo.addAttempt(tx, row!.id);
      return { verdict, row };
    });
    if (verdict === 'expired' || verdict === 'exhausted') throw new AppError('sms_code_expired');
    if (verdict !== 'ok' || !row) throw new AppError('sms_code_invalid');
    return {
      id: row.id,
      merchantId: input.merchantId,
      mobile: phone.mobile,
      countryDialingCode: phone.countryDialingCode,
      memberId: row.memberId,
    };
  }

  /** Uses up a checked code inside the caller's transaction; a code used meanwhile is invalid. */
  async function consume(tx: Executor, ticket: SmsTicket): Promise<void> {
    if (!(await smsRepo.consume(tx, ticket.merchantId, ticket.id, clock.now()))) {
      throw new AppError('sms_code_invalid');
    }
  }

  const service = {
    settings,
    requestCode,
    checkCode,
    consume,

    /**
     * A message that is not a code (the generated password of a mobile registration). Not throttled:
     * callers send it once, after the action that warrants it.
     */
    async notify(input: {
      merchant: Pick<MerchantContext, 'id'>;
      mobile: string;
      countryDialingCode: string;
      purpose: TSmsPurpose;
      text: string;
    }): Promise<void> {
      try {
        await provider.send({
          merchantId: input.merchant.id,
          mobile: input.mobile,
          countryDialingCode: input.countryDialingCode,
          purpose: input.purpose,
          text: input.text,
          createdAt: clock.now(),
        });
      } catch (err) {
        log?.error(
          { provider: provider.name, merchantId: input.merchant.id, error: (err as Error)?.name },
          'sms delivery failed',
        );
        throw new AppError('sms_unknown_error');
      }
    },

    /** Check and consume in one go (for callers without a transaction of their own). */
    async verifyCode(input: CheckCodeInput): Promise<SmsTicket> {
      const ticket = await checkCode(input);
      await db.transaction((tx) => consume(tx, ticket));
      return ticket;
    },

    /**
     * Login code (VERIFICATION3 route; MOBILEVERCODELOGIN3 must be on). The answer is the same whether
     * or not the number belongs to a member, so the call cannot be used to find accounts; only a
     * member's number gets a message.
     */
    async sendLoginCode(merchant: MerchantContext, phone: PhoneInput, ip: string, language: string) {
      if (merchant.modules.MOBILEVERCODELOGIN3 === false) throw new AppError('sms_not_enabled');
      const p = canonicalPhone(phone);
      const memberId = await members.findIdByMobile(merchant.id, p.mobile);
      return requestCode({ merchant, ...p, purpose: 'login', ip, language, memberId, deliver: !!memberId });
    },

    /** Registration code: SMS registration must be on (REGMOBVERF3 or MOBILENUMREG3); a member's number is refused. */
    async sendRegisterCode(merchant: MerchantContext, phone: PhoneInput, ip: string, language: string) {
      // a switch absent from the merchant's tree counts as on, as in the route guard
      if (merchant.modules.REGMOBVERF3 === false && merchant.modules.MOBILENUMREG3 === false) {
        throw new AppError('sms_not_enabled');
      }
      const p = canonicalPhone(phone);
      if (await members.findIdByMobile(merchant.id, p.mobile)) throw new AppError('sms_mobile_registered');
      return requestCode({ merchant, ...p, purpose: 'register', ip, language });
    },

    /** operationType 5: a code to bind (or re-verify) the member's mobile number. */
    async sendMemberCode(
      merchant: MerchantContext,
      actor: MemberActor,
      body: PhoneInput & { operationType: number },
      ip: string,
      language: string,
    ) {
      // a trial account has no number of its own to bind (SPEC §6: needs a real account)
      if (isTrialType(actor.type)) throw new AppError('need_real_account');
      if (body.operationType !== SMS_OPERATION_TYPES.BIND_MOBILE) throw new AppError('sms_not_enabled');
      const p = canonicalPhone(body);
      const owner = await members.findIdByMobile(merchant.id, p.mobile);
      if (owner && owner !== actor.memberId) throw new AppError('sms_mobile_registered');
      return requestCode({ merchant, ...p, purpose: 'bind', ip, language, memberId: actor.memberId });
    },

    /** Checks the operationType 5 code and binds the number to the member. */
    async verifyMemberCode(actor: MemberActor, body: PhoneInput & { code: unknown }) {
      if (isTrialType(actor.type)) throw new AppError('need_real_account');
      const ticket = await checkCode({ merchantId: actor.merchantId, purpose: 'bind', ...body });
      if (ticket.memberId !== actor.memberId) throw new AppError('sms_code_invalid');
      const owner = await members.findIdByMobile(actor.merchantId, ticket.mobile);
      if (owner && owner !== actor.memberId) throw new AppError('sms_mobile_registered');
      await db.transaction(async (tx) => {
        await consume(tx, ticket);
        await members.bindMobile(
          tx,
          actor.merchantId,
          actor.memberId,
          ticket.mobile,
          ticket.countryDialingCode,
        );
      });
      return { verified: true as const, mobile: maskNational(ticket.mobile, ticket.countryDialingCode) };
    },

    async getSettings(actor: OperatorActor): Promise<TSmsSettings> {
      assertCan(actor, 'read');
      return settings(actor.merchantId);
    },

    async updateSettings(who: AuditWho, patch: Partial<TSmsSettings>): Promise<TSmsSettings> {
      assertCan(who.actor, 'write');
      const merchantId = who.actor.merchantId;
      return db.transaction(async (tx) => {
        const before = await settings(merchantId, tx);
        const after = ZSmsSettings.parse({ ...before, ...patch });
        await smsRepo.upsertSettings(tx, { merchantId, ...after, updatedAt: clock.now() });
        await audit?.record(tx, who, {
          action: 'sms.settings.update',
          entityType: 'sms_setting',
          entityId: merchantId,
          before,
          after,
        });
        return after;
      });
    },

    async outbox(actor: OperatorActor, query: TSmsOutboxQuery) {
      assertCan(actor, 'read');
      const q = ZSmsOutboxQuery.parse(query);
      const mobile = q.mobile ? outboxMobile(q.mobile) : undefined;
      const f = { merchantId: actor.merchantId, mobile, purpose: q.purpose };
      const [rows, total] = await Promise.all([
        smsRepo.listOutbox(db, f, q.pageSize, (q.pageNo - 1) * q.pageSize),
        smsRepo.countOutbox(db, f),
      ]);
      return {
        list: rows.map(toOutboxEntry),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },
  };
  return service;
}
export type SmsService = ReturnType<typeof createSmsService>;

/**
 * The stored national number for an outbox filter: `+8801712345678` / `8801712345678` (a known country
 * code first), `01712345678` (trunk 0) or `1712345678`.
 */
function outboxMobile(input: string): string {
  const digits = input.replace(/^\+/, '');
  const codes = Object.keys(PHONE_RULES).sort((a, b) => b.length - a.length);
  if (input.startsWith('+') || digits.length > 11) {
    for (const code of codes) {
      const national =
        digits.startsWith(code.slice(1)) && normalisePhone(code, digits.slice(code.length - 1));
      if (national) return national;
    }
  }
  return digits.replace(/^0/, '');
}

/** `1712345678` (+880) -> `0171234****`: the number as typed at home, the last four digits hidden. */
export function maskNational(mobile: string, countryDialingCode: string): string {
  const shown = nationalDisplay(countryDialingCode, mobile);
  const hide = Math.min(4, Math.max(0, shown.length - 3));
  return shown.slice(0, shown.length - hide) + '*'.repeat(hide);
}
