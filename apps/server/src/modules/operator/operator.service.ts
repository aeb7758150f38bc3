import { randomBytes } from 'node:crypto';
import type { TOperator, TOperatorLoginRequest, TOperatorRole } from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { Clock } from '../../platform/module.js';
import type { MerchantService } from '../../platform/merchant.js';
import type { AuditService } from '../audit/index.js';
import { operatorRepo } from './operator.repo.js';
import type { Throttle, ThrottleRule } from '../../platform/throttle.js';
import {
  hashToken,
  IP_FAILURE_LIMIT,
  IP_FAILURE_WINDOW_MS,
  isLocked,
  lockAfter,
  MAX_FAILED_ATTEMPTS,
  isSessionLive,
  newSessionTimes,
  newSessionToken,
  slideSession,
} from './operator.rules.js';

export interface LoginMeta {
  ip: string;
  userAgent?: string;
}

/** Operator logins come per merchant code, so the IP limit spans merchants: merchant 0 (the platform). */
const PLATFORM = 0;
const IP_FAILURES: ThrottleRule = {
  scope: 'operator_login_ip',
  limit: IP_FAILURE_LIMIT,
  windowMs: IP_FAILURE_WINDOW_MS,
};

/**
 * Operator accounts and sessions. Login answers the same way, after the same argon2 work, whether or not
 * the username exists (a dummy hash is verified when it does not), so timing does not reveal accounts.
 */
export function createOperatorService({
  db,
  clock,
  merchants,
  audit,
  throttle,
}: {
  db: Db;
  clock: Clock;
  merchants: MerchantService;
  audit: AuditService;
  throttle: Throttle;
}) {
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(18).toString('base64')));

  return {
    async createOperator(
      input: {
        merchantId: number;
        username: string;
        password: string;
        role: TOperatorRole;
        active?: boolean;
      },
      ex: Executor = db,
    ) {
      return operatorRepo.insert(ex, {
        merchantId: input.merchantId,
        username: input.username,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        active: input.active ?? true,
      });
    },

    async login(input: TOperatorLoginRequest, meta: LoginMeta) {
      // Every attempt is counted before the password is looked at, per IP (across merchants) and per
      // account, each in one atomic step: parallel guesses cannot outrun the limits, and a locked
      // account is refused unchecked. What was no wrong password gives its count back.
      if (!(await throttle.consume(PLATFORM, IP_FAILURES, meta.ip)).allowed) {
        throw new AppError('TOO_MANY_REQUESTS');
      }
      const merchant = await merchants.findByCode(input.merchantCode);
      const op =
        merchant && merchant.active
          ? await operatorRepo.findByUsername(db, merchant.id, input.username)
          : undefined;
      const attempt = op
        ? await operatorRepo.claimLoginAttempt(db, op.id, clock.now(), MAX_FAILED_ATTEMPTS)
        : 0;
      if (attempt === undefined) {
        await throttle.refund(PLATFORM, IP_FAILURES, meta.ip);
        throw new AppError('TOO_MANY_REQUESTS');
      }
      const ok = await verifyPassword(op?.passwordHash ?? (await getDummyHash()), input.password);
      const now = clock.now();
      if (op && ok) await throttle.refund(PLATFORM, IP_FAILURES, meta.ip);
      if (op && !ok) {
        const lockedUntil = lockAfter(attempt, now);
        if (lockedUntil) {
          await operatorRepo.setLockState(db, op.id, { failedAttempts: attempt, lockedUntil }, now);
          throw new AppError('TOO_MANY_REQUESTS');
        }
      }
      if (op && ok && !op.active) await operatorRepo.releaseLoginAttempt(db, op.id, now);
      if (!op || !ok || !op.active) throw new AppError('operator.login.failed');
      const token = newSessionToken();
      const times = newSessionTimes(now);
      const sessionId = await db.transaction(async (tx) => {
        // re-checked under the row lock: a lock set by a concurrent failure wins over this success
        const row = await operatorRepo.lockById(tx, op.id);
        if (!row || isLocked(row, now)) throw new AppError('TOO_MANY_REQUESTS');
        await operatorRepo.recordLogin(tx, op.id, now);
        const id = await operatorRepo.insertSession(tx, {
          operatorId: op.id,
          merchantId: op.merchantId,
          tokenHash: hashToken(token),
          ...times,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
        });
        const actor = toActor(op, id);
        await audit.record(
          tx,
          { actor, ip: meta.ip },
          { action: 'session.login', entityType: 'operator_session', entityId: id },
        );
        return id;
      });
      return {
        token,
        expiresAt: times.expiresAt.toISOString(),
        operator: describe(toActor(op, sessionId), merchant!.code),
      };
    },

    /** The auth resolver for `auth: 'operator'` endpoints: a live session of an active operator, or nothing. */
    async resolve(token: string): Promise<OperatorActor | undefined> {
      const s = await operatorRepo.findSessionByTokenHash(db, hashToken(token));
      const now = clock.now();
      if (!s || !s.active || !s.merchantActive || !isSessionLive(s, now)) return undefined;
      const slid = slideSession(s, now);
      if (slid) await operatorRepo.touchSession(db, s.sessionId, slid);
      return {
        kind: 'operator',
        operatorId: s.operatorId,
        merchantId: s.merchantId,
        name: s.username,
        role: s.role,
        sessionId: s.sessionId,
      };
    },

    async logout(actor: OperatorActor, ip: string) {
      await db.transaction(async (tx) => {
        if (await operatorRepo.revokeSession(tx, actor.sessionId, clock.now())) {
          await audit.record(
            tx,
            { actor, ip },
            { action: 'session.logout', entityType: 'operator_session', entityId: actor.sessionId },
          );
        }
      });
      return { loggedOut: true as const };
    },

    describe,
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;

function toActor(op: { id: number; merchantId: number; username: string; role: string }, sessionId: number) {
  return {
    kind: 'operator' as const,
    operatorId: op.id,
    merchantId: op.merchantId,
    name: op.username,
    role: op.role,
    sessionId,
  };
}

function describe(actor: OperatorActor, merchantCode: string): TOperator {
  return {
    id: actor.operatorId,
    username: actor.name,
    role: actor.role as TOperatorRole,
    merchantCode,
  };
}
