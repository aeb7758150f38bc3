import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildApp } from '../app.js';
import { authEvent, operator } from '../db/schema/index.js';
import {
  createMerchant,
  createOperator,
  createTestMember,
  fund,
  mainBalance,
  newMember,
  setAuthSettings,
  TEST_PASSWORD,
  loginToken,
} from '../test/factories.js';

/**
 * Every throttle under a burst: N = 3 x limit attempts fired at once through HTTP. Counting an attempt
 * and deciding on it is one atomic step before the secret is checked, so no more secrets are checked
 * than the limit allows, and a right secret sent in the burst past the limit is refused. The same
 * bursts run against two app instances sharing one database, and one Redis when REDIS_URL is given.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';
const PAY = '246810';
let t: TestApp;
let peer: FastifyInstance;
const db = () => t.database.db;

/** Alternates between the two instances, so a count kept in one process would not hold. */
const instance = (i: number) => (i % 2 === 0 ? t.app : peer);

async function brand() {
  const code = `thr${randomBytes(4).toString('hex')}`;
  const id = (await createMerchant(db(), { code: code, modules: false })).id;
  // no slider and no captcha: the burst meets the throttles alone
  await setAuthSettings(db(), id, { sliderRequired: false, captchaAfterFailures: 1000 });
  return { id, code };
}

const loginAt = (i: number, merchant: string, username: string, password: string, ip: string) =>
  instance(i).inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { merchant },
    remoteAddress: ip,
    payload: { username, password, type: 'username' },
  });

const events = (merchantId: number, kind: string, result: string) =>
  db()
    .select({ n: sql<number>`count(*)::int` })
    .from(authEvent)
    .where(and(eq(authEvent.merchantId, merchantId), eq(authEvent.kind, kind), eq(authEvent.result, result)))
    .then((r) => Number(r[0]!.n));

/**
 * The burst: `limit * 3 - 1` wrong secrets fired at once, and the right one sent into it as soon as the
 * first refusal shows the limit used up (an awaited answer, not a timer), while the rest are still in
 * flight. Results in firing order, the right one last.
 */
async function burst<T extends { statusCode: number }>(
  limit: number,
  attempt: (i: number, right: boolean) => Promise<T>,
): Promise<T[]> {
  let limitReached!: () => void;
  const refused = new Promise<void>((resolve) => (limitReached = resolve));
  const wrong = Array.from({ length: limit * 3 - 1 }, (_, i) =>
    attempt(i, false).then((r) => {
      if (r.statusCode === 429) limitReached();
      return r;
    }),
  );
  await Promise.race([refused, Promise.all(wrong)]);
  const right = attempt(limit * 3 - 1, true);
  return Promise.all([...wrong, right]);
}

const ipOf = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

function throttleSuite(store: 'database' | 'redis') {
  describe(`throttles under a parallel burst (${store})`, () => {
    let redis: Redis | undefined;
    const prefix = `bp-test-${randomBytes(6).toString('hex')}`;

    beforeAll(async () => {
      t = await createTestApp({
        env: store === 'redis' ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {},
      });
      peer = await buildApp({ config: t.config, database: t.database });
      await peer.ready();
      if (store === 'redis') redis = new Redis(REDIS_URL);
    });
    afterAll(async () => {
      await peer?.close();
      await t?.close();
      if (redis) {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
    });

    it('member login per account: five wrong passwords checked at most, the right one refused', async () => {
      const b = await brand();
      await createTestMember(db(), b.id, { username: 'burst1', password: 'Secret#123' });
      const res = await burst(5, (i, right) =>
        loginAt(i, b.code, 'burst1', right ? 'Secret#123' : 'wrong-pass', ipOf()),
      );
      const codes = res.map((r) => r.statusCode);
      expect(await events(b.id, 'login_failed', 'bad_credentials')).toBe(5);
      expect(codes.filter((c) => c === 401)).toHaveLength(4);
      expect(codes.filter((c) => c === 429)).toHaveLength(11);
      expect(res.at(-1)!.json().errorCode).toBe('TOO_MANY_REQUESTS');
      expect(await events(b.id, 'lockout', 'locked')).toBe(1);
      if (redis) expect(await redis.keys(`${prefix}:*login_account*`)).not.toHaveLength(0);
    });

    it('member login per IP: no more failures checked than the IP limit, across usernames', async () => {
      const b = await brand();
      await setAuthSettings(db(), b.id, { ipLockoutFailures: 5 });
      await createTestMember(db(), b.id, { username: 'ipvictim', password: 'Secret#123' });
      const ip = ipOf();
      const res = await burst(5, (i, right) =>
        right
          ? loginAt(i, b.code, 'ipvictim', 'Secret#123', ip)
          : loginAt(i, b.code, `spray${i}`, 'wrong-pass', ip),
      );
      expect(await events(b.id, 'login_failed', 'bad_credentials')).toBe(5);
      expect(res.at(-1)!.statusCode).toBe(429);
      expect(res.filter((r) => r.statusCode === 429)).toHaveLength(11);
    });

    it('operator login: the account locks after five wrong passwords, the right one refused', async () => {
      const b = await brand();
      const op = await createOperator(db(), b.id, 'burstop', 'admin', 'Secret#12345');
      const res = await burst(5, (i, right) =>
        instance(i).inject({
          method: 'POST',
          url: '/admin/api/session/login',
          remoteAddress: ipOf(),
          payload: { merchantCode: b.code, username: 'burstop', password: right ? 'Secret#12345' : 'nope' },
        }),
      );
      const [row] = await db().select().from(operator).where(eq(operator.id, op.id));
      // one count per checked password: no more than the five the lock allows
      expect(row!.failedAttempts).toBe(5);
      expect(row!.lockedUntil).not.toBeNull();
      expect(res.filter((r) => r.statusCode === 401)).toHaveLength(4);
      expect(res.at(-1)!.statusCode).toBe(429);
    });

    it('payment password on a transfer: five wrong PINs checked at most, the right one refused', async () => {
      const merchantId = await createMerchant(db(), {
        code: `thp${randomBytes(4).toString('hex')}`,
        modules: false,
      }).then(async ({ id }) => {
        await setAuthSettings(db(), id, { sliderRequired: false });
        return id;
      });
      const rows = (await db().execute(
        sql`select code from merchant where id = ${merchantId}`,
      )) as unknown as {
        rows: { code: string }[];
      };
      const code = rows.rows[0]!.code;
      const agent = await newMember(db(), merchantId, { type: 1, paymentPassword: PAY });
      const child = await newMember(db(), merchantId, { parentId: agent.id, paymentPassword: PAY });
      await fund(db(), merchantId, child.id, 10_000n);
      const token = await loginToken(t.app, db(), child.username, TEST_PASSWORD, { merchant: code });
      const res = await burst(5, (i, right) =>
        instance(i).inject({
          method: 'POST',
          url: '/wps/relay/MCSFE_transferUpline',
          headers: { merchant: code, authorization: token },
          payload: { amount: '5', paymentPassword: right ? PAY : '111111' },
        }),
      );
      expect(await events(merchantId, 'payment_password', 'failed')).toBe(5);
      expect(res.filter((r) => r.json().errorCode === 'payment_password_incorrect')).toHaveLength(5);
      expect(res.at(-1)!.statusCode).toBe(429);
      expect(await mainBalance(db(), child.id)).toBe(10_000n);
    });
  });
}

throttleSuite('database');
throttleSuite('redis');
