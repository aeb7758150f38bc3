import { randomInt } from 'node:crypto';
import {
  isAgentType,
  isTrialType,
  NON_MEMBER_TYPE,
  nationalDisplay,
  normaliseDialingCode,
  normalisePhone,
  PHONE_RULES,
  ZAdminMemberQuery,
  ZAuthEventQuery,
  ZLoginHistoryQuery,
  type TAdminMember,
  type TAdminMemberQuery,
  type TAuthEvent,
  type TAuthEventQuery,
  type TAuthSettings,
  type TMemberInfo,
} from '@bp/contract';
import type { Executor } from '../../db/client.js';
import type { MemberActor, OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { parseQueryDate } from '../audit/index.js';
import { assertCan } from '../operator/index.js';
import {
  memberRepo,
  type AuthEventRow,
  type AuthSettingRow,
  type MemberRow,
  type NewAuthEventRow,
} from './member.repo.js';

export type { MemberRow } from './member.repo.js';

/** What a new account needs; everything else has a default. */
export interface NewMemberInput {
  merchantId: number;
  username: string;
  /** plain password (hashed here); null for an account nobody can log in to with a password (trial) */
  password: string | null;
  /** the password already hashed (hashPassword): the demo seed hashes each of its shared passwords once */
  passwordHash?: string;
  type?: number;
  status?: 'active' | 'blocked';
  nickname?: string | null;
  payeeName?: string | null;
  email?: string | null;
  mobile?: string | null;
  countryDialingCode?: string | null;
  /** direct upline (agent); must belong to the same merchant */
  parentId?: number | null;
  language?: string | null;
  /** set when an operator or agent created the account with a password the member did not choose */
  mustChangePassword?: boolean;
  paymentPassword?: string | null;
  registeredIp?: string | null;
  registerDevice?: string | null;
}

/** The record of logins and security changes: who, from where, what happened. Never a secret. */
export interface AuthEventInput {
  merchantId: number;
  memberId?: number | null;
  /** the username as tried (logins) */
  username?: string | null;
  kind: string;
  result: string;
  ip?: string | null;
  deviceId?: string | null;
  userAgent?: string | null;
  /** small JSON without passwords, codes or tokens */
  detail?: Record<string, unknown> | null;
}

export const usernameKey = (username: string) => username.trim().toLowerCase();

const DEFAULT_DIALING_CODE = '+880';

/** Referral codes: 8 characters without look-alikes (0/O, 1/I/L). */
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newReferralCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return s;
}

/** `01336712345` -> `0133671****`: the last four digits hidden (fewer when the number is short). */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  const hide = Math.min(4, Math.max(0, mobile.length - 3));
  return mobile.slice(0, mobile.length - hide) + '*'.repeat(hide);
}

export const DEFAULT_AUTH_SETTINGS: Omit<TAuthSettings, 'trialBalanceMinor'> & { trialBalanceMinor: bigint } =
  {
    singleSession: true,
    sessionIdleMinutes: 60,
    sessionMaxHours: 24,
    allowPlainPayloads: true,
    captchaAlways: false,
    sliderRequired: true,
    consentRequired: true,
    captchaAfterFailures: 2,
    lockoutFailures: 5,
    lockoutMinutes: 5,
    failureWindowMinutes: 15,
    ipLockoutFailures: 20,
    defaultPassword: null,
    passwordMaxAgeDays: 90,
    ageLimit: 18,
    trialBalanceMinor: 200000n,
  };
export type AuthSettings = typeof DEFAULT_AUTH_SETTINGS;

function toSettings(row: AuthSettingRow | undefined): AuthSettings {
  if (!row) return { ...DEFAULT_AUTH_SETTINGS };
  const { merchantId: _m, updatedAt: _u, ...rest } = row;
  return rest;
}

export const isAgent = (m: Pick<MemberRow, 'type'>) => isAgentType(m.type);
export const isTrial = (m: Pick<MemberRow, 'type'>) => isTrialType(m.type);
export const isNonMember = (m: Pick<MemberRow, 'type'>) => m.type === NON_MEMBER_TYPE;

/** Trial sessions are refused on calls that need a real account (SPEC 6: 'need a real account'). */
export function requireRealAccount(actor: Pick<MemberActor, 'type'>): void {
  if (isTrialType(actor.type)) throw new AppError('need_real_account');
}

export function toAdminMember(m: MemberRow): TAdminMember {
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    type: m.type,
    status: m.status,
    mobile: m.mobile,
    email: m.email,
    vipLabel: m.vipLabel,
    parentId: m.parentId,
    referralCode: m.referralCode,
    createdAt: m.createdAt.toISOString(),
    lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
  };
}

function toEvent(r: AuthEventRow): TAuthEvent {
  return {
    id: r.id,
    kind: r.kind,
    result: r.result,
    ip: r.ip,
    device: r.deviceId,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    memberId: r.memberId,
    username: r.username,
    detail: r.detail ?? null,
  };
}

/**
 * Member accounts: creation (with the upline tree and a referral code), look-ups, passwords, the
 * per-merchant authentication settings and the login record. Other modules (registration, passwords,
 * two-factor, social login, agents) call this service; none of them touches the member tables.
 * Methods taking an executor join the caller's transaction.
 */
export function createMemberService({ db, clock }: { db: Executor; clock: Clock }) {
  async function getSettings(merchantId: number, ex: Executor = db): Promise<AuthSettings> {
    return toSettings(await memberRepo.findSettings(ex, merchantId));
  }

  /**
   * The dialing code a phone number is read in: the one sent with it, else the merchant's own (the
   * first of its country list), else Bangladesh's.
   */
  async function dialingCodeOf(merchantId: number, sent?: unknown): Promise<string> {
    return (
      normaliseDialingCode(sent) ??
      normaliseDialingCode(await memberRepo.firstDialingCode(db, merchantId)) ??
      DEFAULT_DIALING_CODE
    );
  }

  /**
   * The account name a login means. A username some account has is taken as typed, so nobody's phone
   * number can shadow an existing username; otherwise text that is a phone number of the country (any
   * common spelling: `01717527071`, `+880 1717-527071`, `8801717527071`) means its canonical national
   * number, the name mobile registration gives an account. Throttles and the login record then count
   * every spelling of a number as one name.
   */
  async function loginName(merchantId: number, typed: string, sentDialingCode?: unknown): Promise<string> {
    if (await memberRepo.findByUsernameKey(db, merchantId, usernameKey(typed))) return typed;
    return normalisePhone(await dialingCodeOf(merchantId, sentDialingCode), typed) ?? typed;
  }

  /**
   * True when a new account named `name` would take a login meant for another account's phone number:
   * `name` is a spelling of a number that some account is registered under (username) or owns (mobile),
   * or, for a new mobile account's canonical number, some account's username is another spelling of it.
   */
  async function phoneShadowed(merchantId: number, name: string, dialingCode: string): Promise<boolean> {
    const national = normalisePhone(dialingCode, name);
    if (national === null) return false;
    const cc = dialingCode.replace('+', '');
    const trunk = PHONE_RULES[dialingCode]?.trunkPrefix ?? '';
    const spellings = [national, `${trunk}${national}`, `${cc}${national}`, `+${cc}${national}`].filter(
      (s) => s !== name.trim(),
    );
    for (const s of new Set(spellings))
      if (await memberRepo.findByUsernameKey(db, merchantId, usernameKey(s))) return true;
    return (await memberRepo.findByMobile(db, merchantId, national)) !== undefined;
  }

  const service = {
    /**
     * Creates an account in the caller's transaction: hashes the password, checks the upline belongs to
     * the merchant, records the closure rows for every ancestor and picks an unused referral code.
     * A taken username or mobile number throws `conflict` (detail says which).
     */
    async createMember(tx: Executor, input: NewMemberInput): Promise<MemberRow> {
      const username = input.username.trim();
      const key = usernameKey(username);
      const parentId = input.parentId ?? null;
      if (parentId !== null) {
        const parent = await memberRepo.findById(tx, input.merchantId, parentId);
        if (!parent) throw new AppError('request_param_err', { detail: 'upline not in this merchant' });
      }
      const now = clock.now();
      // '!' is no PHC string: verify() rejects it, so no password ever matches
      const passwordHash =
        input.passwordHash ?? (input.password === null ? '!' : await hashPassword(input.password));
      const paymentPasswordHash = input.paymentPassword ? await hashPassword(input.paymentPassword) : null;
      for (let attempt = 0; attempt < 6; attempt++) {
        const created = await memberRepo.tryInsert(tx, {
          merchantId: input.merchantId,
          username,
          usernameKey: key,
          passwordHash,
          type: input.type ?? 0,
          status: input.status ?? 'active',
          nickname: input.nickname ?? null,
          payeeName: input.payeeName ?? null,
          email: input.email ?? null,
          mobile: input.mobile ?? null,
          countryDialingCode: input.countryDialingCode ?? null,
          referralCode: newReferralCode(),
          parentId,
          language: input.language ?? null,
          mustChangePassword: input.mustChangePassword ?? false,
          paymentPasswordHash,
          registeredIp: input.registeredIp ?? null,
          registerDevice: input.registerDevice ?? null,
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        if (created) {
          await memberRepo.insertTreeRows(tx, input.merchantId, created.id, parentId);
          return created;
        }
        // ON CONFLICT DO NOTHING keeps the transaction usable; find out which key was taken
        if (await memberRepo.findByUsernameKey(tx, input.merchantId, key)) {
          throw new AppError('conflict', { detail: 'username taken' });
        }
        if (input.mobile && (await memberRepo.findByMobile(tx, input.merchantId, input.mobile))) {
          throw new AppError('conflict', { detail: 'mobile taken' });
        }
        // else the random referral code collided: try another
      }
      throw new AppError('system_busy', { detail: 'no free referral code' });
    },

    findByUsername: (merchantId: number, username: string, ex: Executor = db) =>
      memberRepo.findByUsernameKey(ex, merchantId, usernameKey(username)),
    findByMobile: (merchantId: number, mobile: string, ex: Executor = db) =>
      memberRepo.findByMobile(ex, merchantId, mobile.trim()),
    dialingCodeOf,
    loginName,
    phoneShadowed,
    findByReferralCode: (merchantId: number, code: string, ex: Executor = db) =>
      memberRepo.findByReferralCode(ex, merchantId, code.trim()),
    findById: (merchantId: number, id: number, ex: Executor = db) => memberRepo.findById(ex, merchantId, id),
    /** Throws `not_found`. */
    async getById(merchantId: number, id: number, ex: Executor = db): Promise<MemberRow> {
      const m = await memberRepo.findById(ex, merchantId, id);
      if (!m) throw new AppError('not_found');
      return m;
    },
    /** Row lock for read-check-write sequences inside the caller's transaction. */
    lockById: (tx: Executor, merchantId: number, id: number) => memberRepo.lockById(tx, merchantId, id),
    /** Members of the merchant by username (any case); names nobody has are absent from the answer. */
    findByUsernames: (merchantId: number, usernames: string[], ex: Executor = db) =>
      memberRepo.findByUsernameKeys(ex, merchantId, [...new Set(usernames.map(usernameKey))]),
    isUsernameTaken: async (merchantId: number, username: string, ex: Executor = db) =>
      (await memberRepo.findByUsernameKey(ex, merchantId, usernameKey(username))) !== undefined,

    verifyPassword: (m: Pick<MemberRow, 'passwordHash'>, password: string) =>
      verifyPassword(m.passwordHash, password),
    async verifyPaymentPassword(m: Pick<MemberRow, 'paymentPasswordHash'>, password: string) {
      return m.paymentPasswordHash ? verifyPassword(m.paymentPasswordHash, password) : false;
    },
    /**
     * New login password. `mustChange` marks a password the member did not choose (set by an operator or
     * agent): the next login forces a change. Revoking sessions is the caller's choice (session service).
     */
    async setPassword(
      tx: Executor,
      m: { merchantId: number; id: number },
      newPassword: string,
      opts: { mustChange?: boolean } = {},
    ): Promise<void> {
      const now = clock.now();
      await memberRepo.update(tx, m.merchantId, m.id, {
        passwordHash: await hashPassword(newPassword),
        passwordChangedAt: now,
        mustChangePassword: opts.mustChange ?? false,
        updatedAt: now,
      });
    },
    async setPaymentPassword(
      tx: Executor,
      m: { merchantId: number; id: number },
      newPassword: string,
    ): Promise<void> {
      await memberRepo.update(tx, m.merchantId, m.id, {
        paymentPasswordHash: await hashPassword(newPassword),
        updatedAt: clock.now(),
      });
    },
    /** Any other column (profile fields, TOTP secret, status); `updated_at` is set here. */
    async update(
      tx: Executor,
      m: { merchantId: number; id: number },
      set: Partial<Omit<MemberRow, 'id' | 'merchantId' | 'username' | 'usernameKey' | 'createdAt'>>,
    ): Promise<void> {
      await memberRepo.update(tx, m.merchantId, m.id, { ...set, updatedAt: clock.now() });
    },

    isAgent,
    isTrial,
    isNonMember,
    requireRealAccount,

    /** The agent's downline (all depths unless maxDepth), nearest first; scoped by the closure table. */
    async listDownline(
      merchantId: number,
      agentId: number,
      opts: { maxDepth?: number; limit?: number; offset?: number } = {},
      ex: Executor = db,
    ) {
      return memberRepo.listDownline(ex, merchantId, agentId, {
        maxDepth: opts.maxDepth,
        limit: Math.min(opts.limit ?? 100, 1000),
        offset: opts.offset ?? 0,
      });
    },
    isInDownline: (merchantId: number, ancestorId: number, descendantId: number, ex: Executor = db) =>
      memberRepo.isInDownline(ex, merchantId, ancestorId, descendantId),
    listUplineIds: (merchantId: number, memberId: number, ex: Executor = db) =>
      memberRepo.listUplineIds(ex, merchantId, memberId),

    getSettings,
    async updateSettings(tx: Executor, merchantId: number, patch: Partial<TAuthSettings>) {
      const current = await getSettings(merchantId, tx);
      const next: AuthSettings = {
        ...current,
        ...patch,
        trialBalanceMinor:
          patch.trialBalanceMinor !== undefined ? BigInt(patch.trialBalanceMinor) : current.trialBalanceMinor,
      };
      await memberRepo.upsertSettings(tx, { merchantId, ...next, updatedAt: clock.now() });
      return { before: current, after: next };
    },

    /** Appends to the login record in the caller's transaction (or on its own). */
    async recordEvent(e: AuthEventInput, ex: Executor = db): Promise<number> {
      const row: NewAuthEventRow = {
        merchantId: e.merchantId,
        memberId: e.memberId ?? null,
        username: e.username?.trim().slice(0, 64) ?? null,
        usernameKey: e.username ? usernameKey(e.username).slice(0, 64) : null,
        kind: e.kind,
        result: e.result,
        ip: e.ip ?? null,
        deviceId: e.deviceId?.slice(0, 128) ?? null,
        userAgent: e.userAgent?.slice(0, 512) ?? null,
        detail: e.detail ?? null,
        createdAt: clock.now(),
      };
      return memberRepo.insertEvent(ex, row);
    },

    /** The login record of a known member, with who-is-asking taken from the request. */
    recordMemberEvent(
      m: { id: number; merchantId: number; username: string },
      kind: string,
      result: string,
      meta: { ip: string; deviceId?: string | null; userAgent?: string | null },
      detail?: Record<string, unknown>,
      ex: Executor = db,
    ): Promise<number> {
      return service.recordEvent(
        {
          merchantId: m.merchantId,
          memberId: m.id,
          username: m.username,
          kind,
          result,
          ip: meta.ip,
          deviceId: meta.deviceId,
          userAgent: meta.userAgent,
          detail: detail ?? null,
        },
        ex,
      );
    },

    async info(actor: MemberActor): Promise<TMemberInfo> {
      const m = await service.getById(actor.merchantId, actor.memberId);
      return {
        id: m.id,
        account: m.username,
        nickname: m.nickname ?? m.username,
        type: m.type,
        clubLabel: { labelName: m.vipLabel },
        regDate: m.createdAt.getTime(),
        // stored as the canonical national number; shown as the member would type it (trunk 0 included)
        mobile: m.mobile ? maskMobile(nationalDisplay(m.countryDialingCode, m.mobile)) : '',
        firstTimeLogin: isFirstTime(m),
        language: m.language,
        mustChangePassword: m.mustChangePassword && !isTrial(m),
      };
    },

    async icon(actor: MemberActor) {
      const m = await service.getById(actor.merchantId, actor.memberId);
      return { avatar: m.avatar ?? '0', avatarType: 'STATIC' as const };
    },

    async setLanguage(actor: MemberActor, language: string) {
      await memberRepo.update(db, actor.merchantId, actor.memberId, { language, updatedAt: clock.now() });
      return { language };
    },

    /** The member's own record; real accounts only (a trial account has no member centre). */
    async loginHistory(actor: MemberActor, query: { pageNo?: number; pageSize?: number }) {
      requireRealAccount(actor);
      const q = ZLoginHistoryQuery.parse(query);
      const f = { merchantId: actor.merchantId, memberId: actor.memberId };
      const [rows, total] = await Promise.all([
        memberRepo.listEvents(db, f, q.pageSize, (q.pageNo - 1) * q.pageSize),
        memberRepo.countEvents(db, f),
      ]);
      return page(
        rows.map((r) => {
          const { memberId: _m, username: _u, detail: _d, ...own } = toEvent(r);
          return own;
        }),
        q,
        total,
      );
    },

    /** Operator view of the merchant's members. */
    async adminList(actor: OperatorActor, query: TAdminMemberQuery) {
      assertCan(actor, 'read');
      const q = ZAdminMemberQuery.parse(query);
      const f = {
        merchantId: actor.merchantId,
        usernamePart: q.username,
        type: q.type,
        status: q.status,
        parentId: q.parentId,
      };
      const [rows, total] = await Promise.all([
        memberRepo.list(db, f, q.pageSize, (q.pageNo - 1) * q.pageSize),
        memberRepo.count(db, f),
      ]);
      return page(rows.map(toAdminMember), q, total);
    },

    /** Operator view of the merchant's login record. */
    async listEvents(actor: OperatorActor, query: TAuthEventQuery) {
      assertCan(actor, 'read');
      const q = ZAuthEventQuery.parse(query);
      const f = {
        merchantId: actor.merchantId,
        memberId: q.memberId,
        usernameKey: q.username ? usernameKey(q.username) : undefined,
        kind: q.kind,
        from: parseQueryDate(q.from),
        to: parseQueryDate(q.to),
      };
      const [rows, total] = await Promise.all([
        memberRepo.listEvents(db, f, q.pageSize, (q.pageNo - 1) * q.pageSize),
        memberRepo.countEvents(db, f),
      ]);
      return page(rows.map(toEvent), q, total);
    },
  };
  return service;
}
export type MemberService = ReturnType<typeof createMemberService>;

/** First-time until the second login: the first session still sees popups of execution F. */
function isFirstTime(m: MemberRow): boolean {
  return m.firstLoginAt === null || m.lastLoginAt?.getTime() === m.firstLoginAt.getTime();
}

function page<T>(list: T[], q: { pageNo: number; pageSize: number }, totalCount: number) {
  return {
    list,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / q.pageSize),
  };
}
