import { randomBytes } from 'node:crypto';
import type { TOperator, TOperatorLoginRequest, TOperatorRole } from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { Clock } from '../../platform/module.js';
import type { MerchantService } from '../merchant/merchant.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { operatorRepo } from './operator.repo.js';
import {
  afterFailure,
  createFailureLimiter,
  hashToken,
  IP_FAILURE_LIMIT,
  IP_FAILURE_WINDOW_MS,
  isLocked,
  isSessionLive,
  newSessionTimes,
  newSessionToken,
  slideSession,
} from './operator.rules.js';

export interface LoginMeta {
  ip: string;
  userAgent?: string;
}

/**
 * Operator accounts and sessions. Login answers the same way, after the same argon2 work, whether or not
 * the username exists (a dummy hash is verified when it does not), so timing does not reveal accounts.
 */
export function createOperatorService({
  db,
  clock,
  merchants,
  audit,
}: {
  db: Db;
  clock: Clock;
  merchants: MerchantService;
  audit: AuditService;
}) {
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(18).toString('base64')));
  const ipFailures = createFailureLimiter(IP_FAILURE_LIMIT, IP_FAILURE_WINDOW_MS);

  async function countFailure(operatorId: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await operatorRepo.lockById(tx, operatorId);
      if (!row) return false;
      const next = afterFailure(row, now);
      await operatorRepo.setLockState(tx, operatorId, next, now);
      return next.lockedNow;
    });
  }

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
      const started = clock.now();
      if (ipFailures.blocked(meta.ip, started.getTime())) throw new AppError('TOO_MANY_REQUESTS');
      const merchant = await merchants.findByCode(input.merchantCode);
      const op =
        merchant && merchant.active
          ? await operatorRepo.findByUsername(db, merchant.id, input.username)
          : undefined;
      // A locked account is refused before the password is looked at: guessing on stops counting.
      if (op && isLocked(op, started)) throw new AppError('TOO_MANY_REQUESTS');
      const ok = await verifyPassword(op?.passwordHash ?? (await getDummyHash()), input.password);
      const now = clock.now();
      if (!op || !ok || !op.active) {
        ipFailures.fail(meta.ip, now.getTime());
        if (op && !ok && (await countFailure(op.id, now))) throw new AppError('TOO_MANY_REQUESTS');
        throw new AppError('operator.login.failed');
      }
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
