import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AUTH_THROTTLE_WAIT_MS } from '@bp/contract';
import type { Database } from '../db/client.js';
import { AppError } from './errors.js';
import { defineService, serviceOf, type Clock, type ModuleContext } from './module.js';

export interface ThrottleRule {
  scope: string;
  limit: number;
  /** fixed window from the first counted attempt; SPEC §9's authentication wait (5 minutes) unless given */
  windowMs?: number;
}

export interface ThrottleStore {
  kind: 'postgres' | 'redis' | 'memory';
  database?: Database;
  redis?: Redis;
  /** keeps runs that share one Redis apart */
  keyPrefix?: string;
}

/** The table of migration 0021; the limiter is told it exists. */
const TABLE = 'throttle_counter';
const MAX_KEY = 240;

/**
 * The storage the library's Postgres store talks to, over our database (pg pool or PGlite). The library
 * stamps expiries with Date.now(); they are moved onto the app's clock here (and back on the way out),
 * so an injected clock drives the windows as it drives everything else. int8 expiries come back as
 * bigint from our drivers and are handed over as numbers.
 */
function postgresAdapter(database: Database, clock: Clock) {
  return {
    async query(q: { name?: string; text: string; values?: unknown[] }) {
      const shift = clock.now().getTime() - Date.now();
      const values = [...(q.values ?? [])];
      const move = (i: number) => {
        if (typeof values[i] === 'number') values[i] = (values[i] as number) + shift;
      };
      const name = q.name ?? '';
      if (name.endsWith('rlflx-upsert') || name.endsWith('rlflx-upsert-force')) [2, 3].forEach(move);
      else if (name.endsWith('rlflx-get')) move(1);
      else if (name.endsWith('rlflx-clear-expired')) move(0);
      const rows = await database.prepared<{ points: number; expire: bigint | number | null }>(
        name || q.text,
        q.text,
        values,
      );
      const out = rows.map((r) => ({
        ...r,
        expire: r.expire === null || r.expire === undefined ? null : Number(r.expire) - shift,
      }));
      return { rows: out, rowCount: out.length };
    },
  };
}

const isVerdict = (e: unknown): e is RateLimiterRes => e instanceof RateLimiterRes;

/**
 * Every attempt limit of the platform (logins, payment and old passwords, codes, captchas) on
 * rate-limiter-flexible: one atomic counter per merchant, rule and subject (an INSERT ... ON CONFLICT
 * DO UPDATE ... RETURNING in PostgreSQL/PGlite, or INCR with expiry in Redis, so every instance shares
 * the count). Counting an attempt and deciding whether it may go ahead is that one step, taken before
 * the secret is looked at; a success gives its point back or clears the counter.
 */
export function createThrottle({ store, clock }: { store: ThrottleStore; clock: Clock }) {
  const limiters = new Map<string, RateLimiterAbstract>();
  const adapter = store.database ? postgresAdapter(store.database, clock) : undefined;

  function limiter(rule: ThrottleRule): RateLimiterAbstract {
    const windowMs = rule.windowMs ?? AUTH_THROTTLE_WAIT_MS;
    const id = `${rule.limit}/${windowMs}`;
    let l = limiters.get(id);
    if (!l) {
      const opts = { points: rule.limit, duration: windowMs / 1000, keyPrefix: store.keyPrefix ?? 'thr' };
      l =
        store.kind === 'redis'
          ? new RateLimiterRedis({ ...opts, storeClient: store.redis })
          : store.kind === 'postgres'
            ? new RateLimiterPostgres({
                ...opts,
                storeClient: adapter,
                storeType: 'client',
                tableName: TABLE,
                tableCreated: true,
                clearExpiredByTimeout: false,
              })
            : new RateLimiterMemory(opts);
      limiters.set(id, l);
    }
    return l;
  }

  const keyOf = (merchantId: number, rule: ThrottleRule, key: string) =>
    `${merchantId}:${rule.scope}:${key}`.slice(0, MAX_KEY);

  async function housekeeping(l: RateLimiterAbstract) {
    // counters that ran out an hour ago go now and then; a live one is never touched
    if (store.kind !== 'postgres' || Math.random() >= 0.01) return;
    await (l as unknown as { clearExpired(before: number): Promise<void> }).clearExpired(
      Date.now() - 3_600_000,
    );
  }

  /** Counts one attempt; `allowed` is false past the limit (the attempt must not go ahead). */
  async function consume(merchantId: number, rule: ThrottleRule, key: string) {
    const l = limiter(rule);
    try {
      const res = await l.consume(keyOf(merchantId, rule, key));
      await housekeeping(l);
      return { allowed: true, count: res.consumedPoints };
    } catch (e) {
      if (isVerdict(e)) return { allowed: false, count: e.consumedPoints };
      throw e;
    }
  }

  /** Gives one attempt back: it turned out not to be a failure. */
  async function refund(merchantId: number, rule: ThrottleRule, key: string) {
    await limiter(rule).reward(keyOf(merchantId, rule, key), 1);
  }

  /** Attempts counted in the current window (a hint for the client, never the decision). */
  async function peek(merchantId: number, rule: ThrottleRule, key: string) {
    const res = await limiter(rule).get(keyOf(merchantId, rule, key));
    return Math.max(0, res?.consumedPoints ?? 0);
  }

  return {
    consume,
    refund,
    peek,
    /** Counts this request and refuses it with TOO_MANY_REQUESTS past the limit. */
    async hit(merchantId: number, rule: ThrottleRule, key: string) {
      if (!(await consume(merchantId, rule, key)).allowed) throw new AppError('TOO_MANY_REQUESTS');
    },
    /** Clears the counter (a success that resets the failures). */
    async reset(merchantId: number, rule: ThrottleRule, key: string) {
      await limiter(rule).delete(keyOf(merchantId, rule, key));
    },
    /** Refuses every attempt under the rule for `ms`; afterwards the count starts afresh. */
    async lock(merchantId: number, rule: ThrottleRule, key: string, ms: number) {
      await limiter(rule).block(keyOf(merchantId, rule, key), ms / 1000);
    },
    /**
     * An early TOO_MANY_REQUESTS when the limit is already used up, before other checks run. Only a
     * courtesy: the decision is `consume`/`checkSecret`.
     */
    async assertOpen(merchantId: number, rule: ThrottleRule, key: string) {
      if ((await peek(merchantId, rule, key)) >= rule.limit) throw new AppError('TOO_MANY_REQUESTS');
    },
    /**
     * Checks a secret under a failure limit: the attempt is counted first (refused with
     * TOO_MANY_REQUESTS past the limit, the secret unchecked), and given back unless `verify` says
     * false, so only wrong secrets use up the limit.
     */
    async checkSecret(
      merchantId: number,
      rule: ThrottleRule,
      key: string,
      verify: () => Promise<boolean>,
    ): Promise<boolean> {
      if (!(await consume(merchantId, rule, key)).allowed) throw new AppError('TOO_MANY_REQUESTS');
      let ok = true;
      try {
        ok = await verify();
        return ok;
      } finally {
        if (ok) await refund(merchantId, rule, key);
      }
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

type ThrottleCtx = Pick<ModuleContext, 'app' | 'config' | 'database' | 'clock' | 'events'>;

/**
 * The app's throttle: Redis when REDIS_URL is set (shared by every instance), else the database.
 * One per app; the Redis connection closes with the app.
 */
export const throttleService = defineService('throttle', (ctx: ThrottleCtx): Throttle => {
  let store: ThrottleStore = { kind: 'postgres', database: ctx.database };
  if (ctx.config.redisUrl) {
    const redis = new Redis(ctx.config.redisUrl, { lazyConnect: false });
    ctx.app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    store = { kind: 'redis', redis, keyPrefix: ctx.config.redisKeyPrefix };
  }
  return createThrottle({ store, clock: ctx.clock });
});
export const throttleFor = (ctx: ThrottleCtx) => serviceOf(throttleService, ctx);
