import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, type TestDatabase } from './test/harness.js';
import {
  addChannel,
  addVendor,
  createMerchant,
  createOperator,
  expectLedgerInvariants,
  fund,
  newMember,
  OPERATOR_PASSWORD,
  openVendorSession,
  setAuthSettings,
  TEST_PASSWORD,
} from './test/factories.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './test/round-robin-proxy.js';
import { rows } from './platform/sql.js';
import { signBody } from './platform/vendor-signature.js';
import { leaseLockKey, PROBE_JOB } from './jobs/scheduler.js';
import { CRASH_LOOP_LEASE } from './games/index.js';

/**
 * Issue 14's proof that instances make one platform: two API processes on one PostgreSQL database
 * and the local Redis, behind a round-robin proxy this test starts. A push reaches a socket held by
 * the other instance, a lockout counts failures made on both, an operator change made on one is served
 * by the other within a second, a queued job runs exactly once, and when one instance is killed under
 * load the other carries on with nothing acknowledged lost. PostgreSQL only (vitest.config.ts runs
 * `*.pg.int.test.ts` files when DATABASE_URL is set): the embedded PGlite belongs to one process.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = randomBytes(4).toString('hex');

let db: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let proxy: RoundRobinProxy;
let merchant: { id: number; code: string };
let ownerToken: string;
let channelId: number;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ content: 'migrated' });
  merchant = await createMerchant(db.db);
  await setAuthSettings(db.db, merchant.id, {
    sliderRequired: false,
    captchaAfterFailures: 100,
    lockoutFailures: 3,
    ipLockoutFailures: 100,
  });
  await createOperator(db.db, merchant.id, 'owner1', 'owner');
  channelId = (await addChannel(db.db, merchant.id)).id;
  const env = {
    REDIS_URL,
    REDIS_KEY_PREFIX: `bp-test-${run}`,
    EVENT_CHANNEL: `bp-test-${run}:events`,
    JOB_POLL_SECONDS: '0.5',
    DB_POOL_MAX: '6',
  };
  // each instance names its connections, so the test sees which one holds the crash loop's lease
  const named = (n: string) => {
    const u = new URL(db.url!);
    u.searchParams.set('application_name', n);
    return u.toString();
  };
  const started = await Promise.all(
    ['bp-one', 'bp-two'].map((n) => startServerProcess({ database: { url: named(n) }, env })),
  );
  // A is the one leading the crash loop (the lease is taken at start), so killing A proves a takeover
  // the lease is taken once the job engine has started (its queues created): longer on a busy machine
  const leader = await within(20_000, async () => (await leaseHolders(CRASH_LOOP_LEASE)).length === 1).then(
    async () => (await leaseHolders(CRASH_LOOP_LEASE))[0]!.app,
    (err: unknown) => {
      throw new Error(`no lease holder: ${String(err)}\n${started.map((s) => s.log()).join('\n')}`);
    },
  );
  [a, b] = leader === 'bp-one' ? [started[0]!, started[1]!] : [started[1]!, started[0]!];
  proxy = await startRoundRobinProxy([a, b]);
  ownerToken = (
    await call(a.base, 'POST', '/admin/api/session/login', {
      body: { merchantCode: merchant.code, username: 'owner1', password: OPERATOR_PASSWORD },
    })
  ).value.token as string;
});

// a failure shows what both instances said: a dead instance explains itself only in its own log
afterEach(({ task }) => {
  if (task.result?.state === 'fail') {
    for (const [n, s] of [['A', a] as const, ['B', b] as const]) {
      console.error(
        `--- instance ${n} (exit ${String(s?.proc.exitCode ?? s?.proc.signalCode)}):\n${s?.log()}`,
      );
    }
  }
});

afterAll(async () => {
  for (const s of sockets) s.terminate();
  await proxy?.close();
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  await db?.close();
});

interface Answer {
  status: number;
  success: boolean;
  value: Record<string, unknown>;
  errorCode?: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: {
      merchant: merchant.code,
      ...(opts.token ? { authorization: opts.token } : {}),
      ...(opts.body !== undefined || opts.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json: { success?: boolean; value?: Record<string, unknown>; errorCode?: string } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    /* a proxy's 502 */
  }
  return { status: res.status, success: !!json.success, value: json.value ?? {}, errorCode: json.errorCode };
}

const login = (base: string, username: string, password: string) =>
  call(base, 'POST', '/wps/session/login', { body: { username, password, type: 'username' } });

async function memberToken(base: string, username: string) {
  const r = await login(base, username, TEST_PASSWORD);
  expect(r.status, JSON.stringify(r)).toBe(200);
  return r.value.token as string;
}

/** A socket on `base` signed in with `token`; resolves with a waiter for the next frame of a type. */
async function socketOn(base: string, token: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/wps/ws?merchant=${merchant.code}`);
  sockets.push(ws);
  const frames: { type: string }[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (d: Buffer) => {
    frames.push(JSON.parse(d.toString()) as { type: string });
    for (const w of waiters) w();
  });
  const next = (type: string, timeoutMs = 5000) =>
    new Promise<{ type: string }>((resolve, reject) => {
      const check = () => {
        const i = frames.findIndex((f) => f.type === type);
        if (i < 0) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(frames.splice(i, 1)[0]!);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${type} frame; got ${JSON.stringify(frames)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  await new Promise<void>((r, j) => {
    ws.once('open', () => r());
    ws.once('error', j);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await next('ready');
  return { next };
}

/** Polls `fn` until it answers true; answers how long that took (ms). */
async function within(ms: number, fn: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await fn()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function submitDeposit(base: string, token: string) {
  return call(base, 'POST', '/wps/relay/MCSFE_submitDeposit', {
    token,
    body: { channelId, amount: '500', reference: `TRX-${randomBytes(3).toString('hex')}` },
  });
}
const approve = (base: string, orderNo: string) =>
  call(base, 'POST', `/admin/api/deposits/${orderNo}/approve`, { token: ownerToken, body: { remark: 'ok' } });

/** The instances (application names) holding a lease's advisory lock (pg_locks splits the key in two). */
async function leaseHolders(name: string): Promise<{ pid: number; app: string }[]> {
  const key = leaseLockKey(name);
  const hi = Number(BigInt.asUintN(32, key >> 32n));
  const lo = Number(BigInt.asUintN(32, key));
  return rows<{ pid: number; app: string }>(
    db.db,
    sql`select l.pid, a.application_name as app from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.objsubid = 1
          and l.classid::bigint = ${hi} and l.objid::bigint = ${lo}
          -- advisory locks are per database: another test's server on the same cluster holds its own
          and l.database = (select oid from pg_database where datname = current_database())`,
  );
}

describe('two instances behind a round-robin proxy', () => {
  it("pushes a deposit approved through A to the member's socket on B", async () => {
    const m = await newMember(db.db, merchant.id);
    const token = await memberToken(a.base, m.username);
    const socket = await socketOn(b.base, token);
    const order = await submitDeposit(a.base, token);
    expect(order.status, JSON.stringify(order)).toBe(200);
    const pushed = socket.next('wallet.changed');
    const ok = await approve(a.base, order.value.orderNo as string);
    expect(ok.status, JSON.stringify(ok)).toBe(200);
    await pushed;
  });

  it('counts login failures made on both instances towards one lockout', async () => {
    const m = await newMember(db.db, merchant.id);
    // the limit is 3 (the third attempt is refused): alternating, a count per instance would have
    // seen two on A by then, and let the third through
    const codes: number[] = [];
    for (const base of [a.base, b.base, a.base])
      codes.push((await login(base, m.username, 'Wrong#123')).status);
    expect(codes).toEqual([401, 401, 429]);
    // locked on both, the right password included
    expect((await login(b.base, m.username, TEST_PASSWORD)).status).toBe(429);
    expect((await login(a.base, m.username, TEST_PASSWORD)).status).toBe(429);
  });

  it('serves an operator change made on A from B within a second, and back', async () => {
    const status = async (base: string) =>
      (await call(base, 'GET', '/wps/system/status')).value.maintenance as boolean;
    expect(await status(b.base)).toBe(false); // B has the merchant cached now
    const on = await call(a.base, 'PUT', '/admin/api/maintenance', {
      token: ownerToken,
      body: { enabled: true },
    });
    expect(on.status, JSON.stringify(on)).toBe(200);
    expect(await within(1000, async () => (await status(b.base)) === true)).toBeLessThan(1000);
    const off = await call(b.base, 'PUT', '/admin/api/maintenance', {
      token: ownerToken,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(await within(1000, async () => (await status(a.base)) === false)).toBeLessThan(1000);
  });

  it('runs each queued job exactly once across the instances', async () => {
    const jobs = await call(proxy.base, 'GET', '/admin/api/jobs', { token: ownerToken });
    expect(jobs.status, JSON.stringify(jobs)).toBe(200);
    expect(jobs.value).toMatchObject({ engine: 'pg-boss', started: true });
    const listed = jobs.value.jobs as { name: string; cron: string | null }[];
    expect(listed.find((j) => j.name === 'gs.recovery')?.cron).toBe('* * * * *');
    const runsOf = async () =>
      Number(
        (await rows<{ runs: bigint }>(db.db, sql`select runs from job_state where name = ${PROBE_JOB}`))[0]
          ?.runs ?? 0,
      );
    const before = await runsOf();
    // queued through both instances at once; both instances' workers poll for them
    const sent = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(proxy.base, 'POST', `/admin/api/jobs/${PROBE_JOB}/run`, { token: ownerToken }),
      ),
    );
    const ids = sent.map((s) => s.value.jobId as string);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    await within(10_000, async () => {
      const [r] = await rows<{ n: number }>(
        db.db,
        sql`select count(*)::int as n from pgboss.job where id::text in ${sql.raw(`('${ids.join("','")}')`)}
              and state = 'completed'`,
      );
      return Number(r!.n) === ids.length;
    });
    expect((await runsOf()) - before).toBe(ids.length);
    // the periodic jobs are scheduled once, however many instances keep the schedule
    const sched = await rows<{ name: string }>(db.db, sql`select name from pgboss.schedule order by name`);
    expect(sched.map((s) => s.name)).toEqual(
      [
        'agentContract.settle',
        'deposit.reconcile',
        'gs.recovery',
        'promotion.betVolume',
        'promotion.sweep',
        'rebate.daily',
        'rebate.rollUp',
        'referral.turnover',
        'teamFigure.rollUp',
        'vip.benefits',
        'vip.evaluate',
        'withdraw.autoReceive',
      ].sort(),
    );
  });

  it('carries on when A is killed under load: nothing acknowledged is lost, the ledger balances', async () => {
    const agent = await newMember(db.db, merchant.id, { type: 1 });
    const players = await Promise.all(
      Array.from({ length: 4 }, () =>
        newMember(db.db, merchant.id, { parentId: agent.id, paymentPassword: 'Pay#12345' }),
      ),
    );
    for (const p of players) await fund(db.db, merchant.id, p.id, 100_000_00n);
    const setTransfers = await call(a.base, 'PUT', '/admin/api/transfer-settings', {
      token: ownerToken,
      body: { uplineEnabled: true, minAmount: '1', maxAmount: '1000', dailyMaxAmount: '1000000' },
    });
    expect(setTransfers.status, JSON.stringify(setTransfers)).toBe(200);
    const secret = await addVendor(db.db, merchant.id, 'MIV');
    const tokens = await Promise.all(players.map((p) => memberToken(proxy.base, p.username)));
    const vendorTokens = await Promise.all(
      players.map(async (p) => (await openVendorSession(db.db, merchant.id, p.id, 'MIV')).token),
    );
    const leaderBefore = await leaseHolders(CRASH_LOOP_LEASE);
    expect(leaderBefore, `${JSON.stringify(leaderBefore)}\n${a.log()}\n${b.log()}`).toHaveLength(1);

    /** ledger keys of every acknowledged (2xx) money movement */
    const acked: string[] = [];
    let answers = 0;
    let stop = false;
    let killedAt = 0;
    let ackedAfterKill = 0;
    const ack = (key: string) => {
      acked.push(key);
      if (killedAt) ackedAfterKill++;
    };
    const worker = async (i: number) => {
      const p = players[i]!;
      for (let n = 0; !stop; n++) {
        const kind = (i + n) % 3;
        if (kind === 0) {
          const order = await submitDeposit(proxy.base, tokens[i]!);
          if (order.status === 200) {
            const orderNo = order.value.orderNo as string;
            if ((await approve(proxy.base, orderNo)).status === 200) ack(`deposit:${orderNo}`);
          }
        } else if (kind === 1) {
          const txnId = `t${run}-${i}-${n}`;
          const raw = JSON.stringify({
            playerId: String(p.id),
            currency: 'BDT',
            token: vendorTokens[i],
            txnId,
            roundId: `r-${txnId}`,
            amount: '1.00',
          });
          const r = await call(proxy.base, 'POST', '/vendor/MIV/wallet/debit', {
            raw,
            headers: { 'x-signature': signBody(secret, raw) },
          });
          if (r.status === 200 && r.success) ack(`vendor:MIV:${txnId}:debit`);
        } else {
          const requestId = `q${run}x${i}x${n}`;
          const r = await call(proxy.base, 'POST', '/wps/relay/MCSFE_transferUpline', {
            token: tokens[i],
            body: { amount: '1.00', paymentPassword: 'Pay#12345', requestId },
          });
          if (r.status === 200 && r.success) ack(`member_transfer:${p.id}:${requestId}`);
        }
        answers++;
      }
    };
    const load = players.map((_, i) => worker(i).catch((err: unknown) => err));
    await within(8000, async () => acked.length >= 20);
    await a.stop('SIGKILL');
    killedAt = Date.now();
    // B carries on: acknowledgements keep coming after the kill
    await within(8000, async () => ackedAfterKill >= 20);
    stop = true;
    const failures = (await Promise.all(load)).filter((e) => e !== undefined);
    expect(failures).toEqual([]);
    expect(answers).toBeGreaterThan(acked.length / 2);

    const found = await rows<{ idem_key: string }>(
      db.db,
      sql`select idem_key from ledger_entry where merchant_id = ${merchant.id}`,
    );
    const keys = new Set(found.map((f) => f.idem_key));
    expect(acked.filter((k) => !keys.has(k))).toEqual([]);
    await expectLedgerInvariants(db.db);
    // the crash game's loop has a leader again: B took the lease A held
    await within(5000, async () => {
      const now = await leaseHolders(CRASH_LOOP_LEASE);
      return now.length === 1 && now[0]!.app !== leaderBefore[0]!.app;
    });
  });
});
