import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { rows } from '../platform/sql.js';
import { memberSession, expectLedgerInvariants, fund, mainBalance, merchantIdOf } from '../test/factories.js';
import { gameOfKind, gsCall, minorOf, playGame, requestId, vendorTxns } from '../test/games.js';
import { RECOVERY_JOB } from './register.js';

/**
 * The game server reaches the wallet through a proxy that can lose requests or answers, the two
 * ways a network fails: a call that never arrived, and one that was applied but whose answer was
 * lost. Whatever is lost, no round stays half-applied.
 */
type Fault = 'none' | 'drop-request' | 'drop-answer' | 'hold-request' | 'hold-answer';
const faults: Record<string, Fault> = { debit: 'none', credit: 'none', rollback: 'none' };

/**
 * A held call waits at the proxy (before reaching the wallet, or applied with its answer kept back)
 * until the test releases it: how a test puts two callers' steps in the order a race would.
 */
const holds = new Map<string, { reached: Promise<void>; arrive: () => void; release: () => void }>();
function holdOf(op: string) {
  let h = holds.get(op);
  if (!h) {
    let arrive!: () => void;
    const reached = new Promise<void>((r) => (arrive = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    h = { reached, arrive, release: () => release() };
    holds.set(op, h);
    (h as { released?: Promise<void> }).released = released;
  }
  return h as typeof h & { released: Promise<void> };
}
const held = (op: string) => holdOf(op).reached;
const release = (op: string) => holdOf(op).release();
async function waitHere(op: string) {
  const h = holdOf(op);
  h.arrive();
  await h.released;
}

let target = '';
const proxy = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    void (async () => {
      const op = /\/wallet\/(\w+)$/.exec(req.url ?? '')?.[1] ?? '';
      const fault = faults[op] ?? 'none';
      if (fault === 'drop-request') return req.socket.destroy();
      if (fault === 'hold-request') await waitHere(op);
      const up = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (ur) => {
        const body: Buffer[] = [];
        ur.on('data', (c: Buffer) => body.push(c));
        ur.on('end', () => {
          void (async () => {
            if (fault === 'drop-answer') return req.socket.destroy();
            if (fault === 'hold-answer') await waitHere(op);
            res.writeHead(ur.statusCode ?? 502, ur.headers);
            res.end(Buffer.concat(body));
          })();
        });
      });
      up.on('error', () => req.socket.destroy());
      up.end(Buffer.concat(chunks));
    })();
  });
});

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  t = await createTestApp({
    env: {
      GAME_WALLET_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      // the test decides when recovery runs; everything open is its business then
      GAME_RECOVERY_AGE_MS: '0',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  target = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  merchantId = await merchantIdOf(t.database.db);
});
afterAll(async () => {
  await t.close();
  proxy.closeAllConnections();
  await new Promise((r) => proxy.close(r));
});

async function table() {
  const m = await memberSession(t.app, t.database.db, merchantId);
  await fund(t.database.db, merchantId, m.id, 100_000n);
  const { headers } = await playGame(t.app, m.headers, (await gameOfKind(t.database.db, 'dice')).nodeId);
  return { m, headers };
}
const roll = (h: Record<string, string>) =>
  gsCall(t.app, h, 'POST', '/gs/api/dice/roll', {
    bet: '10.00',
    target: '50.00',
    over: true,
    requestId: requestId(),
  });
const statusOf = async (memberId: number) =>
  (
    await rows<{ status: string }>(
      t.database.db,
      sql`select status from gs_round where member_id = ${memberId}`,
    )
  ).map((r) => r.status);
const heal = () => {
  Object.keys(faults).forEach((k) => (faults[k] = 'none'));
  holds.clear();
};

describe('the wallet fails mid-round', () => {
  it('a debit applied but unanswered is rolled back at once: the stake comes back', async () => {
    const { m, headers } = await table();
    faults.debit = 'drop-answer';
    const res = await roll(headers);
    heal();
    expect(res.statusCode).toBe(503);
    expect(res.json().errorCode).toBe('game_wallet_unavailable');
    expect(await statusOf(m.id)).toEqual(['rolled_back']);
    expect(await mainBalance(t.database.db, m.id)).toBe(100_000n);
    const txns = await vendorTxns(t.database.db, m.id);
    expect(txns.map((x) => [x.op, x.status, x.rolled_back])).toEqual([
      ['debit', 'ok', true],
      ['rollback', 'ok', false],
    ]);
    await expectLedgerInvariants(t.database.db);
  });

  it('a debit that never arrived leaves a tombstone, so a late copy cannot take the stake', async () => {
    const { m, headers } = await table();
    faults.debit = 'drop-request';
    const res = await roll(headers);
    heal();
    expect(res.json().errorCode).toBe('game_wallet_unavailable');
    expect(await statusOf(m.id)).toEqual(['rolled_back']);
    const txns = await vendorTxns(t.database.db, m.id);
    expect(txns.map((x) => [x.op, x.status])).toEqual([['rollback', 'tombstone']]);
    expect(await mainBalance(t.database.db, m.id)).toBe(100_000n);
  });

  it('with the wallet gone entirely the round waits, and recovery rolls it back once it is back', async () => {
    const { m, headers } = await table();
    faults.debit = 'drop-answer';
    faults.rollback = 'drop-request';
    const res = await roll(headers);
    expect(res.json().errorCode).toBe('game_wallet_unavailable');
    expect(await statusOf(m.id)).toEqual(['pending']);
    expect(await mainBalance(t.database.db, m.id)).toBe(99_000n);
    heal();
    await t.app.scheduler.runNow(RECOVERY_JOB);
    expect(await statusOf(m.id)).toEqual(['rolled_back']);
    expect(await mainBalance(t.database.db, m.id)).toBe(100_000n);
    await expectLedgerInvariants(t.database.db);
  });

  it('recovery refunding a round the spin has just debited: the spin answers no result, the stake is back', async () => {
    const { m, headers } = await table();
    // the debit is applied and its answer held: the round is still pending when recovery lists it
    faults.debit = 'hold-answer';
    faults.rollback = 'hold-request';
    faults.credit = 'hold-request';
    const spin = roll(headers);
    await held('debit');
    const recovery = t.app.scheduler.runNow(RECOVERY_JOB);
    await held('rollback');
    // the spin marks its round debited and goes on to pay the win while the refund is on its way
    release('debit');
    await held('credit');
    release('rollback');
    await recovery;
    release('credit');
    const res = await spin;
    heal();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().errorCode).toBe('game_wallet_unavailable');
    expect(await statusOf(m.id)).toEqual(['rolled_back']);
    expect(await mainBalance(t.database.db, m.id)).toBe(100_000n);
    await t.app.scheduler.runNow(RECOVERY_JOB);
    expect(await mainBalance(t.database.db, m.id)).toBe(100_000n);
    await expectLedgerInvariants(t.database.db);
  });

  it('a win whose answer was lost is owed: the spin answers, recovery completes the round', async () => {
    const { m, headers } = await table();
    faults.credit = 'drop-request';
    const res = await roll(headers);
    heal();
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().value;
    expect(minorOf(r.balance)).toBe(100_000n - 1000n + minorOf(r.win));
    expect(await statusOf(m.id)).toEqual(['debited']);
    expect(await mainBalance(t.database.db, m.id)).toBe(99_000n);
    await t.app.scheduler.runNow(RECOVERY_JOB);
    expect(await statusOf(m.id)).toEqual(['settled']);
    expect(await mainBalance(t.database.db, m.id)).toBe(100_000n - 1000n + minorOf(r.win));
    // run again: nothing moves twice
    await t.app.scheduler.runNow(RECOVERY_JOB);
    expect(await mainBalance(t.database.db, m.id)).toBe(100_000n - 1000n + minorOf(r.win));
    await expectLedgerInvariants(t.database.db);
  });
});
