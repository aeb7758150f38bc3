import { and, count, eq, gte, lt } from 'drizzle-orm';
import { AUTH_THROTTLE_WAIT_MS } from '@bp/contract';
import type { Db, Executor } from '../../db/client.js';
import { securityThrottle } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';

export interface ThrottleRule {
  scope: string;
  limit: number;
  /** sliding window; SPEC §9's authentication wait (5 minutes) unless given */
  windowMs?: number;
}

/** Rows older than this are deleted now and then; no rule looks further back. */
const KEEP_MS = 24 * 3600_000;

/**
 * Sliding-window counters in the database (security_throttle), so every instance sees the same counts.
 * `hit` counts a request and refuses it past the limit; `blocked` + `record` count failures only.
 */
export function createThrottle({ db, clock }: { db: Db; clock: Clock }) {
  async function countRecent(ex: Executor, merchantId: number, rule: ThrottleRule, key: string) {
    const since = new Date(clock.now().getTime() - (rule.windowMs ?? AUTH_THROTTLE_WAIT_MS));
    const [r] = await ex
      .select({ n: count() })
      .from(securityThrottle)
      .where(
        and(
          eq(securityThrottle.merchantId, merchantId),
          eq(securityThrottle.scope, rule.scope),
          eq(securityThrottle.key, key),
          gte(securityThrottle.createdAt, since),
        ),
      );
    return Number(r?.n ?? 0);
  }

  async function record(merchantId: number, rule: ThrottleRule, key: string, ex: Executor = db) {
    const now = clock.now();
    await ex
      .insert(securityThrottle)
      .values({ merchantId, scope: rule.scope, key: key.slice(0, 200), createdAt: now });
    // housekeeping on a small share of writes keeps the table to about a day of rows
    if (Math.random() < 0.01) {
      await ex
        .delete(securityThrottle)
        .where(lt(securityThrottle.createdAt, new Date(now.getTime() - KEEP_MS)));
    }
  }

  async function blocked(merchantId: number, rule: ThrottleRule, key: string, ex: Executor = db) {
    return (await countRecent(ex, merchantId, rule, key.slice(0, 200))) >= rule.limit;
  }

  return {
    blocked,
    record,
    /** Refuses with TOO_MANY_REQUESTS when the limit is reached, else counts this request. */
    async hit(merchantId: number, rule: ThrottleRule, key: string, ex: Executor = db) {
      if (await blocked(merchantId, rule, key, ex)) throw new AppError('TOO_MANY_REQUESTS');
      await record(merchantId, rule, key, ex);
    },
    /** Refuses with TOO_MANY_REQUESTS when the failures counted under the rule reached its limit. */
    async assertOpen(merchantId: number, rule: ThrottleRule, key: string, ex: Executor = db) {
      if (await blocked(merchantId, rule, key, ex)) throw new AppError('TOO_MANY_REQUESTS');
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
