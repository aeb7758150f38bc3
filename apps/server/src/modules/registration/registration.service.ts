import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  DEFAULT_AGE_LIMIT,
  ZAdminAffiliateInput,
  fieldErrorMessage,
  registrationSmsRequired,
  validateField,
  validateRegistration,
  type TFieldError,
  type TRegisterSettings,
  type TRegisterValue,
  type ZRegisterRequest,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import { AppError, isAppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import type { RegistrationHooks } from './registration.hooks.js';
import type { AuditService } from '../audit/index.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { MemberService } from '../member/index.js';
import { assertCan } from '../operator/index.js';
import type { LoginMeta, SessionService } from '../session/index.js';
import type { CaptchaService } from '../session/index.js';
import type { SmsService, SmsTicket } from '../sms/index.js';
import { canonicalPhone } from '../sms/index.js';
import type { SystemService } from '../system/index.js';
import { newReferralCode } from '../member/index.js';
import { registrationRepo, type LinkRegistrationFilter } from './registration.repo.js';

/** What the agent's register centre sends (contract `ZAgentDownlineRequest`), with the account type. */
export interface DownlineInput {
  username?: string;
  password?: string;
  confirmPassword?: string;
  payeeName?: string;
  email?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  paymentPassword?: string;
  qqNum?: string;
  line?: string;
  whatsapp?: string;
  facebook?: string;
  wechat?: string;
  idNumber?: string;
  nickname?: string;
  /** member type of the new account (0 member, 1 agent) */
  type: number;
}

/** Fields a registration under an agent does not ask for: the agent is the invitation. */
const AGENT_SKIPPED_FIELDS = new Set([
  'affiliateCode',
  'referralCode',
  'recommenderId',
  'captcha',
  'verificationCode',
]);

type RegisterInput = z.output<typeof ZRegisterRequest>;
export type RegisterMode = 'username' | 'mobile';

export interface RegisterMeta extends LoginMeta {
  language: string;
  /** the request's host, used when the payload names no domain */
  host: string;
  /** the `Device` header */
  device?: string | null;
}

const CODE = /^[A-Za-z0-9]{4,20}$/;

/** `https://Demo.Local:8080/register?x` or `demo.local` -> `demo.local`; empty -> null. */
export function normaliseDomain(raw: string | null | undefined): string | null {
  const v = raw?.trim();
  if (!v) return null;
  try {
    return new URL(v.includes('://') ? v : `http://${v}`).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** A password the member did not choose (mobile registration without MOBILENUMPASSREG3). */
export function generatePassword(length = 10): string {
  const sets = ['ABCDEFGHJKMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** The form itself carried the terms tick and the age agreement (else the merchant took them as given). */
const consentGiven = (input: RegisterInput) => input.termsAccepted === true && input.ageConfirmed === true;

const FIELD_ORDER = [
  'username',
  'mobileNum',
  'verificationCode',
  'password',
  'confirmPassword',
  'termsAccepted',
  'ageConfirmed',
];

function fieldFailure(errors: Record<string, TFieldError>, language: string, ageLimit: number): AppError {
  const fields = Object.keys(errors).sort(
    (a, b) => (FIELD_ORDER.indexOf(a) + 1 || 99) - (FIELD_ORDER.indexOf(b) + 1 || 99),
  );
  const first = fields[0]!;
  const bn = language === 'BN';
  let message = fieldErrorMessage(errors[first]!, language);
  if (first === 'termsAccepted')
    message = bn ? 'পরিষেবার শর্তাবলীতে সম্মত হন' : 'Please agree to the terms of service';
  if (first === 'ageConfirmed')
    message = bn
      ? `আপনার বয়স অন্তত ${ageLimit} বছর তা নিশ্চিত করুন`
      : `Please confirm you are at least ${ageLimit}`;
  return new AppError('register_field_invalid', { message: `${first}: ${message}`, value: { errors } });
}

/**
 * Registration: the merchant's field rules (system module) enforced with the contract's
 * `validateRegistration`, the slider step while the merchant's slider setting is on (session module),
 * invitation codes (agents' affiliate codes and members' referral codes decide
 * the upline), SMS codes for mobile registration, the account itself (member module: password hash,
 * member tree), an optional session (session module) and the record of it all.
 */
export function createRegistrationService(deps: {
  db: Db;
  clock: Clock;
  system: SystemService;
  members: MemberService;
  sessions: SessionService;
  sms: SmsService;
  captchas: CaptchaService;
  audit: AuditService;
  /** other modules' work on a new member (a sign-up bonus), in its transaction */
  hooks: Pick<RegistrationHooks, 'registered'>;
}) {
  const { db, clock, system, members, sessions, sms, captchas, audit, hooks } = deps;

  /** The agent an invitation code points to, or null (inactive, unknown, wrong domain, not an agent). */
  async function resolveAgentCode(merchantId: number, rawCode: string, domain: string | null) {
    const code = rawCode.trim();
    if (!CODE.test(code)) return null;
    const aff = await registrationRepo.findAffiliate(db, merchantId, code);
    if (aff && aff.active && (!aff.domain || aff.domain === domain)) {
      const agent = await members.findById(merchantId, aff.memberId);
      if (agent && members.isAgent(agent) && agent.status === 'active')
        return { agentId: agent.id, affiliateId: aff.id, memberType: aff.memberType };
    }
    const byReferral =
      (await members.findByReferralCode(merchantId, code)) ??
      (await members.findByReferralCode(merchantId, code.toUpperCase()));
    if (byReferral && members.isAgent(byReferral) && byReferral.status === 'active') {
      return { agentId: byReferral.id, affiliateId: null, memberType: 0 };
    }
    return null;
  }

  /** Upline of a new member: the affiliate code's agent, else the referral code's member. */
  async function resolveUpline(merchantId: number, input: RegisterInput, domain: string | null) {
    const affiliateCode = input.affiliateCode?.trim() || null;
    const referralCode = input.referralCode?.trim() || null;
    let parentId: number | null = null;
    let affiliateId: number | null = null;
    let referrerId: number | null = null;
    // what the new account becomes: an agent's link may open sub-agent accounts
    let memberType = 0;
    if (referralCode) {
      const referrer =
        (CODE.test(referralCode) &&
          ((await members.findByReferralCode(merchantId, referralCode)) ??
            (await members.findByReferralCode(merchantId, referralCode.toUpperCase())))) ||
        undefined;
      if (
        referrer &&
        referrer.status === 'active' &&
        !members.isTrial(referrer) &&
        !members.isNonMember(referrer)
      ) {
        referrerId = referrer.id;
        parentId = referrer.id;
      } else {
        // an invitation link may carry an agent's affiliate code as referralCode
        const agent = await resolveAgentCode(merchantId, referralCode, domain);
        if (!agent) throw new AppError('invitation_code_error');
        parentId = agent.agentId;
        affiliateId = agent.affiliateId;
        memberType = agent.memberType;
      }
    }
    if (affiliateCode) {
      const agent = await resolveAgentCode(merchantId, affiliateCode, domain);
      if (!agent) throw new AppError('invitation_code_error');
      parentId = agent.agentId;
      affiliateId = agent.affiliateId;
      memberType = agent.memberType;
    }
    return { parentId, affiliateId, referrerId, affiliateCode, memberType };
  }

  return {
    /**
     * `GET /wps/system/setting/register`: the rules the form renders and the server enforces, and the
     * age its age agreement names.
     */
    async settings(merchantId: number): Promise<TRegisterSettings> {
      const [rules, auth] = await Promise.all([
        system.registerRules(merchantId),
        members.getSettings(merchantId),
      ]);
      return { ...rules, ageLimit: auth.ageLimit };
    },

    /** true when the username is valid and free; otherwise the error (no more detail than that). */
    async checkUsername(merchant: MerchantContext, username: string, language: string): Promise<true> {
      const rules = await system.registerRules(merchant.id);
      const err = rules.username ? validateField(rules.username, username, { required: true }) : null;
      if (err) throw fieldFailure({ username: err }, language, DEFAULT_AGE_LIMIT);
      if (await members.isUsernameTaken(merchant.id, username.trim())) throw new AppError('username_taken');
      return true;
    },

    /** `GET /wps/agent/affiliate`: is `code` an active agent's code of this merchant (on this domain)? */
    async checkAffiliate(merchant: MerchantContext, code: string, domain: string | undefined, host: string) {
      const agent = await resolveAgentCode(
        merchant.id,
        code,
        normaliseDomain(domain) ?? normaliseDomain(host),
      );
      if (!agent) throw new AppError('invitation_code_error');
      // the register page resolves the code of the link it was opened with once: that is a click
      if (agent.affiliateId !== null) await registrationRepo.countClick(db, agent.affiliateId);
      return true as const;
    },

    async register(
      merchant: MerchantContext,
      payload: RegisterInput,
      mode: RegisterMode,
      meta: RegisterMeta,
    ): Promise<TRegisterValue> {
      // the original platform's mobile clients name the number `mobile`
      const input = { ...payload, mobileNum: payload.mobileNum?.trim() ? payload.mobileNum : payload.mobile };
      if (mode === 'username' && merchant.modules.USERNAMEREG3 === false)
        throw new AppError('function.not.available');
      await system.assertSiteOpen(merchant.id, meta.ip);
      const [rules, authSettings] = await Promise.all([
        system.registerRules(merchant.id),
        members.getSettings(merchant.id),
      ]);
      const smsRequired = registrationSmsRequired(mode, merchant.modules);
      const mobilePassword = mode === 'username' || merchant.modules.MOBILENUMPASSREG3 !== false;
      const captchaOn = rules.captcha?.enabled === true && merchant.modules.CAPTCHA3 !== false;

      // a number sent without its dialing code is read in the merchant's own
      const dialingCode = input.countryDialingCode?.trim()
        ? input.countryDialingCode
        : await members.dialingCodeOf(merchant.id);
      const errors = validateRegistration(
        rules,
        { ...input, countryDialingCode: dialingCode },
        {
          mode,
          smsRequired,
          mobilePassword,
          skipCaptcha: !captchaOn,
          ageLimit: authSettings.ageLimit,
          consentRequired: authSettings.consentRequired,
          confirmOptional: true,
        },
      );
      if (Object.keys(errors).length > 0) {
        throw fieldFailure(errors as Record<string, TFieldError>, meta.language, authSettings.ageLimit);
      }
      // the slider step (SPEC §4) after the form's own checks, so a typo does not use the token up
      if (authSettings.sliderRequired) await captchas.requireSliderToken(merchant.id, input.sliderToken);

      const phone = input.mobileNum?.trim()
        ? canonicalPhone({ mobile: input.mobileNum, countryDialingCode: dialingCode })
        : null;
      const username = mode === 'mobile' ? phone!.mobile : input.username!.trim();
      if (await members.isUsernameTaken(merchant.id, username)) {
        throw new AppError(mode === 'mobile' ? 'sms_mobile_registered' : 'username_taken');
      }
      if (phone && (await members.findByMobile(merchant.id, phone.mobile)))
        throw new AppError('sms_mobile_registered');
      // a username spelling someone's number would take the logins meant for that number's account
      if (await members.phoneShadowed(merchant.id, username, dialingCode))
        throw new AppError(mode === 'mobile' ? 'sms_mobile_registered' : 'username_taken');

      const domain = normaliseDomain(input.domain) ?? normaliseDomain(meta.host);
      const upline = await resolveUpline(merchant.id, input, domain);

      if (captchaOn) {
        const ok =
          !!input.captcha &&
          !!meta.browserId &&
          (await captchas.check(merchant.id, meta.browserId, input.captcha.trim()));
        if (!ok) throw new AppError('captcha_error', { value: { captcha: true } });
      }
      let ticket: SmsTicket | null = null;
      if (smsRequired) {
        ticket = await sms.checkCode({
          merchantId: merchant.id,
          mobile: phone!.mobile,
          countryDialingCode: phone!.countryDialingCode,
          purpose: 'register',
          code: input.verificationCode,
        });
      }

      const generated = mobilePassword ? null : generatePassword();
      const password = generated ?? input.password!.trim();
      const enabled = (f: string) => rules[f]?.enabled === true;
      const opt = (f: keyof RegisterInput) => {
        const v = input[f];
        return typeof v === 'string' && v.trim() !== '' && enabled(f) ? v.trim() : null;
      };
      const now = clock.now();

      const result = await db
        .transaction(async (tx) => {
          if (ticket) await sms.consume(tx, ticket);
          const m = await members.createMember(tx, {
            merchantId: merchant.id,
            username,
            password,
            payeeName: opt('payeeName'),
            email: opt('email'),
            mobile: phone?.mobile ?? null,
            countryDialingCode: phone?.countryDialingCode ?? null,
            parentId: upline.parentId,
            type: upline.memberType,
            language: meta.language,
            mustChangePassword: generated !== null,
            paymentPassword: opt('paymentPassword'),
            registeredIp: meta.ip,
            registerDevice: (meta.deviceId ?? meta.device ?? input.registerMethod ?? 'WEB').slice(0, 128),
          });
          await registrationRepo.insertProfile(tx, {
            memberId: m.id,
            merchantId: merchant.id,
            qqNum: opt('qqNum'),
            line: opt('line'),
            whatsapp: opt('whatsapp'),
            facebook: opt('facebook'),
            wechat: opt('wechat'),
            idNumber: opt('idNumber'),
            recommenderId: opt('recommenderId'),
            referrerId: upline.referrerId,
            affiliateId: upline.affiliateId,
            affiliateCode: upline.affiliateCode,
            registerMode: mode,
            consent: consentGiven(input) ? 'explicit' : 'front_end',
            registerMethod: input.registerMethod?.trim().slice(0, 16) || 'WEB',
            registerUrl: input.registerUrl?.trim().slice(0, 1000) || null,
            registerDomain: domain,
            createdAt: now,
          });
          await hooks.registered(tx, {
            merchantId: merchant.id,
            memberId: m.id,
            ip: meta.ip,
            deviceId: meta.deviceId ?? null,
            userAgent: meta.userAgent ?? null,
            referrerId: upline.referrerId,
          });
          await members.recordEvent(
            {
              merchantId: merchant.id,
              memberId: m.id,
              username: m.username,
              kind: 'register',
              result: 'ok',
              ip: meta.ip,
              deviceId: meta.deviceId,
              userAgent: meta.userAgent,
              detail: {
                mode,
                parentId: upline.parentId,
                viaAffiliate: upline.affiliateCode !== null,
                viaReferral: upline.referrerId !== null,
                generatedPassword: generated !== null,
                consent: consentGiven(input) ? 'explicit' : 'front_end',
              },
            },
            tx,
          );
          const session =
            input.login === true
              ? await sessions.startSession(tx, m, meta, {
                  loginType: 'username',
                  merchant,
                  passwordUsed: generated ? undefined : password,
                })
              : null;
          return { m, session };
        })
        .catch((err: unknown) => {
          if (isAppError(err) && err.code === 'conflict') {
            throw new AppError(
              err.options.detail === 'mobile taken' || mode === 'mobile'
                ? 'sms_mobile_registered'
                : 'username_taken',
            );
          }
          throw err;
        });

      if (generated && phone) {
        // the member did not choose this password: it travels by SMS only, and must be changed at login
        // delivery failure is logged by the SMS module; the account stands (SMS login and reset by phone remain)
        await sms
          .notify({
            merchant,
            ...phone,
            purpose: 'register',
            text:
              meta.language === 'BN'
                ? `[${merchant.name}] আপনার অ্যাকাউন্ট তৈরি হয়েছে। ব্যবহারকারীর নাম ${username}, পাসওয়ার্ড ${generated}। লগইনের পর পাসওয়ার্ড পরিবর্তন করুন।`
                : `[${merchant.name}] Your account is ready. Username ${username}, password ${generated}. Please change the password after you log in.`,
          })
          .catch(() => undefined);
      }
      const { m, session } = result;
      return {
        token: session?.token ?? null,
        customerId: m.id,
        id: m.id,
        userName: m.username,
        customerType: m.type,
        firstTimeLogin: session?.firstTimeLogin ?? true,
        mustChangePassword: session?.mustChangePassword ?? generated !== null,
      };
    },

    /**
     * The agent's register centre (`POST /wps/agent/downline`): an account directly under the agent,
     * checked against the merchant's field rules like any registration. The agent is the upline, so
     * no invitation code, captcha, slider or SMS code is asked for; the agent typed the password, so
     * the member must change it at first login. Recorded in the login record (kind `register`, with
     * the agent in its detail).
     */
    async registerDownline(
      merchant: MerchantContext,
      agent: { id: number; username: string },
      input: DownlineInput,
      meta: RegisterMeta,
    ) {
      if (merchant.modules.USERNAMEREG3 === false) throw new AppError('function.not.available');
      const [allRules, authSettings] = await Promise.all([
        system.registerRules(merchant.id),
        members.getSettings(merchant.id),
      ]);
      // what the agent's own place in the tree already answers, or a person at the form would
      const rules = Object.fromEntries(
        Object.entries(allRules).filter(([f]) => !AGENT_SKIPPED_FIELDS.has(f)),
      ) as typeof allRules;
      const dialingCode = input.countryDialingCode?.trim()
        ? input.countryDialingCode
        : await members.dialingCodeOf(merchant.id);
      const errors = validateRegistration(
        rules,
        { ...input, countryDialingCode: dialingCode },
        {
          mode: 'username',
          smsRequired: false,
          mobilePassword: true,
          skipCaptcha: true,
          ageLimit: authSettings.ageLimit,
          consentRequired: false,
          confirmOptional: true,
        },
      );
      if (Object.keys(errors).length > 0) {
        throw fieldFailure(errors as Record<string, TFieldError>, meta.language, authSettings.ageLimit);
      }
      const phone = input.mobileNum?.trim()
        ? canonicalPhone({ mobile: input.mobileNum, countryDialingCode: dialingCode })
        : null;
      const username = input.username!.trim();
      if (await members.isUsernameTaken(merchant.id, username)) throw new AppError('username_taken');
      if (phone && (await members.findByMobile(merchant.id, phone.mobile)))
        throw new AppError('sms_mobile_registered');
      if (await members.phoneShadowed(merchant.id, username, dialingCode))
        throw new AppError('username_taken');
      const enabled = (f: string) => rules[f]?.enabled === true;
      const opt = (f: keyof DownlineInput) => {
        const v = input[f];
        return typeof v === 'string' && v.trim() !== '' && enabled(f) ? v.trim() : null;
      };
      const now = clock.now();
      return db
        .transaction(async (tx) => {
          const m = await members.createMember(tx, {
            merchantId: merchant.id,
            username,
            password: input.password!.trim(),
            type: input.type,
            nickname: input.nickname ?? null,
            payeeName: opt('payeeName'),
            email: opt('email'),
            mobile: phone?.mobile ?? null,
            countryDialingCode: phone?.countryDialingCode ?? null,
            parentId: agent.id,
            language: meta.language,
            mustChangePassword: true,
            paymentPassword: opt('paymentPassword'),
            registeredIp: meta.ip,
            registerDevice: 'AGENT',
          });
          await registrationRepo.insertProfile(tx, {
            memberId: m.id,
            merchantId: merchant.id,
            qqNum: opt('qqNum'),
            line: opt('line'),
            whatsapp: opt('whatsapp'),
            facebook: opt('facebook'),
            wechat: opt('wechat'),
            idNumber: opt('idNumber'),
            recommenderId: null,
            referrerId: null,
            affiliateId: null,
            affiliateCode: null,
            registerMode: 'username',
            consent: 'front_end',
            registerMethod: 'AGENT',
            registerUrl: null,
            registerDomain: normaliseDomain(meta.host),
            createdAt: now,
          });
          await members.recordEvent(
            {
              merchantId: merchant.id,
              memberId: m.id,
              username: m.username,
              kind: 'register',
              result: 'ok',
              ip: meta.ip,
              deviceId: meta.deviceId,
              userAgent: meta.userAgent,
              detail: { mode: 'agent', parentId: agent.id, by: agent.username, type: m.type },
            },
            tx,
          );
          return m;
        })
        .catch((err: unknown) => {
          if (isAppError(err) && err.code === 'conflict') {
            throw new AppError(
              err.options.detail === 'mobile taken' ? 'sms_mobile_registered' : 'username_taken',
            );
          }
          throw err;
        });
    },

    // ---- agents: their own affiliate links (the agent module's calls)
    agentLinks: (merchantId: number, agentId: number) => registrationRepo.agentLinks(db, merchantId, agentId),

    /**
     * A new link of the agent. The agent's row is locked first, so parallel requests of one agent
     * count the live links one after the other and never pass `maxLinks` together. A code someone
     * holds (a link of anyone, live or retired, or a member's referral code) is refused by name; a
     * generated one is retried.
     */
    async createAgentLink(
      merchantId: number,
      agentId: number,
      input: { memberType: number; code?: string; remark?: string | null },
      maxLinks: number,
    ) {
      return db.transaction(async (tx) => {
        if (!(await members.lockById(tx, merchantId, agentId))) throw new AppError('not_found');
        if ((await registrationRepo.countLiveLinks(tx, merchantId, agentId)) >= maxLinks) {
          throw new AppError('conflict', { value: { reason: 'link_limit', maxLinks } });
        }
        for (let attempt = 0; attempt < 6; attempt++) {
          const code = input.code ?? newReferralCode();
          const shadowed = await members.findByReferralCode(merchantId, code, tx);
          const row = shadowed
            ? undefined
            : await registrationRepo.insertAffiliate(tx, {
                merchantId,
                memberId: agentId,
                code,
                domain: null,
                active: true,
                memberType: input.memberType,
                remark: input.remark ?? null,
              });
          if (row) return row;
          if (input.code !== undefined) throw new AppError('conflict', { value: { reason: 'code_taken' } });
        }
        throw new AppError('system_busy', { detail: 'no free affiliate code' });
      });
    },

    async deleteAgentLink(merchantId: number, agentId: number, linkId: number): Promise<true> {
      if (!(await registrationRepo.deleteLink(db, merchantId, agentId, linkId))) {
        throw new AppError('not_found', { detail: `affiliate link ${linkId}` });
      }
      return true;
    },

    registeredThroughLinks: (f: LinkRegistrationFilter, limit: number, offset: number) =>
      registrationRepo.registeredThroughLinks(db, f, limit, offset),

    // ---- operator: agents' affiliate codes
    async listAffiliates(actor: OperatorActor) {
      assertCan(actor, 'read');
      const rows = await registrationRepo.listAffiliates(db, actor.merchantId);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
    async createAffiliate(
      who: { actor: OperatorActor; ip: string },
      input: z.input<typeof ZAdminAffiliateInput>,
    ) {
      assertCan(who.actor, 'write');
      const body = ZAdminAffiliateInput.parse(input);
      const agent = await members.findById(who.actor.merchantId, body.memberId);
      if (!agent || !members.isAgent(agent))
        throw new AppError('request_param_err', { detail: 'not an agent' });
      return db.transaction(async (tx) => {
        const row = await registrationRepo.insertAffiliate(tx, {
          merchantId: who.actor.merchantId,
          memberId: agent.id,
          code: body.code,
          domain: body.domain,
          active: body.active,
        });
        if (!row) throw new AppError('conflict', { detail: 'affiliate code taken' });
        const out = {
          id: row.id,
          memberId: row.memberId,
          username: agent.username,
          code: row.code,
          domain: row.domain,
          active: row.active,
          createdAt: row.createdAt.toISOString(),
        };
        await audit.record(tx, who, {
          action: 'affiliate.create',
          entityType: 'agent_affiliate',
          entityId: row.id,
          after: out,
        });
        return out;
      });
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
