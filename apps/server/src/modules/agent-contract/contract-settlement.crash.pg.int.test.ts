import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ZVendorCreditRequest, ZVendorDebitRequest, type TContractTerms } from '@bp/contract';
import { createEventBus } from '../../platform/events.js';
import { systemClock } from '../../platform/module.js';
import { rows } from '../../platform/sql.js';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { addVendor, createMerchant, fund, newAgent, newMember } from '../../test/factories.js';
import {
  loadContracts,
  loadPayouts,
  loadReferenceRows,
  payoutPostings,
  refPeriodAt,
  referenceSettlement,
  type RefPayout,
} from '../../test/settlement-reference.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { DEMO_OPERATOR } from '../../seed/demo-operator.js';
import { checkLedgerInvariants } from '../ledger/index.js';
import { createMerchantService } from '../merchant/index.js';
import { vendorWalletServiceFor } from '../vendor-wallet/index.js';
import { seedContract, SETTLE_JOB } from './index.js';

/**
 * The settlement job is killed (SIGKILL) in the middle of a run, once its first payouts are written,
 * and the server started again runs it to the end: every contract is settled once (one payout row,
 * one ledger entry for what it paid), the payouts and balances are those of one uninterrupted run
 * (the independent reference of test/settlement-reference.ts), the ledger invariants hold.
 *
 * The real server runs as a child process on the test database, with the e2e clock control so that
 * the test can close the day its members played (the job settles the last closed day of the
 * server's clock). A few hundred daily salary and dividend contracts in a five-level tree; the test
 * makes the run wait at its fourth payout (a kill timed by polling alone came too late on a fast
 * run), kills the server there and lets go.
 *
 * PostgreSQL only: on PGlite the child owns the data directory, so only the server's API could
 * watch the run, and a PGlite server answers no request while a run goes on (the embedded database
 * runs on the server's one thread): the first payouts would be seen only once all are written.
 */
const VENDOR = 'CCRASH';
const HOLD_KEY = 7_261_115;
const AGENTS = Number(process.env.SETTLE_CRASH_AGENTS ?? 160);
const DAY_OFFSET_MS = 6 * 3_600_000; // Asia/Dhaka, the merchants' default zone

let child: ServerProcess | undefined;
let setup: TestDatabase | undefined;
let holder: pg.Client | undefined;
afterAll(async () => {
  await child?.stop('SIGKILL');
  await holder?.end();
  await setup?.close();
});

/** A small deterministic generator: the same tree, terms and play every run. */
function generator(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}

async function call(base: string, method: 'GET' | 'POST', path: string, token?: string, body?: object) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await res.json()) as { success: boolean; value: Record<string, unknown> };
  if (res.status !== 200 || !json.success)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.value;
}

const login = (base: string, merchantCode: string, username: string, password: string) =>
  call(base, 'POST', '/admin/api/session/login', undefined, { merchantCode, username, password }).then(
    (v) => v.token as string,
  );

const canon = (p: RefPayout) => ({
  contractId: p.contractId,
  kind: p.kind,
  periodStart: p.periodStart.toISOString(),
  payerId: p.payerId,
  payeeId: p.payeeId,
  validBet: String(p.validBet),
  netLoss: String(p.netLoss),
  activeMembers: p.activeMembers,
  rateBp: p.rateBp,
  amount: String(p.amount),
  paid: String(p.paid),
  status: p.status,
});

describe('the settlement job killed mid-run', () => {
  it('completes after a restart: each contract paid once, totals exact', { timeout: 600_000 }, async () => {
    setup = await createTestDatabase({ content: 'seeded' });
    const db = setup.db;
    const m = await createMerchant(db);
    await addVendor(db, m.id, VENDOR);
    const merchant = (await createMerchantService({ db }).getById(m.id))!;
    const rnd = generator(20_261_115);

    // the tree: four top-level agents, the others under an agent at most three levels below one
    const agents: { id: number; depth: number; salary: number; dividend: number }[] = [];
    const accepted = new Date(Date.now() - 60_000);
    const contract = (uplineId: number | null, downlineId: number, terms: TContractTerms) =>
      db.transaction((tx) =>
        seedContract(tx, merchant, { uplineId, downlineId, status: 'active', at: accepted }, terms),
      );
    for (let i = 0; i < AGENTS; i++) {
      const open = agents.filter((a) => a.depth < 4);
      const up = i < 4 ? undefined : open[open.length - 1 - rnd(Math.min(open.length, 12))]!;
      const row = await newAgent(db, m.id, { parentId: up?.id ?? null, password: null });
      // rates no higher than the upline's: the upline keeps the difference
      const salary = up ? Math.max(1, up.salary - rnd(40)) : 150 + rnd(100);
      const dividend = up ? Math.max(1, up.dividend - rnd(800)) : 2_000 + rnd(2_000);
      const rate = (bp: number) => (bp / 100).toFixed(2);
      await contract(up?.id ?? null, row.id, {
        kind: 'dailySalary',
        tiers: [{ validBet: '0', activeMembers: 0, rate: rate(salary) }],
      });
      await contract(up?.id ?? null, row.id, {
        kind: 'dividend',
        period: 'daily',
        tiers: [{ validBet: '0', netLoss: '0', activeMembers: 0, rate: rate(dividend) }],
      });
      // some uplines have money of their own, most only what their contracts bring
      if (rnd(3) === 0) await fund(db, m.id, row.id, BigInt(100 + rnd(20_000)));
      agents.push({ id: row.id, depth: up ? up.depth + 1 : 0, salary, dividend });
    }

    // one player under each agent, one round each through the seamless wallet: lost, or won (big)
    const wallet = vendorWalletServiceFor({ db, events: createEventBus(), clock: systemClock });
    for (const a of agents) {
      const p = await newMember(db, m.id, { parentId: a.id, password: null });
      await fund(db, m.id, p.id, 1_000_000n);
      const { token } = await wallet.openSession(db, {
        merchantId: m.id,
        memberId: p.id,
        vendorCode: VENDOR,
      });
      const roundId = `r-${randomBytes(6).toString('hex')}`;
      const bet = 1_000 + rnd(50_000);
      const win = rnd(3) === 0 ? bet * (1 + rnd(3)) : 0;
      const player = { playerId: String(p.id), currency: 'BDT', roundId, gameCode: 'slot-1' };
      const minor = (v: number) => (v / 100).toFixed(2);
      await wallet.debit(
        merchant,
        VENDOR,
        ZVendorDebitRequest.parse({ ...player, token, txnId: `d-${roundId}`, amount: minor(bet) }),
      );
      await wallet.credit(
        merchant,
        VENDOR,
        ZVendorCreditRequest.parse({ ...player, txnId: `c-${roundId}`, amount: minor(win) }),
      );
    }
    const contracts = agents.length * 2;
    // The run settles daily salaries first, top-level agents first. A trigger the test adds makes
    // the fourth such payout wait on an advisory lock a separate session holds (outside any
    // transaction: the run waits for transactions older than the period's end), so the run stops
    // after three payouts whatever the machine's speed.
    const [fourth] = await rows<{ id: number }>(
      db,
      sql`select id from agent_contract where downline_id = ${agents[3]!.id} and kind = 'dailySalary'`,
    );
    await db.execute(
      sql.raw(`create function test_hold_payout() returns trigger language plpgsql as $$
        begin
          if new.contract_id = ${Number(fourth!.id)} then perform pg_advisory_xact_lock(${HOLD_KEY}); end if;
          return new;
        end $$;
        create trigger test_hold_payout before insert on contract_payout
          for each row execute function test_hold_payout();`),
    );
    holder = new pg.Client({ connectionString: setup.url });
    holder.on('error', () => {}); // the database is dropped with force at the end
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [HOLD_KEY]);
    // the day played closes at the next merchant midnight: the server's clock goes just past it
    const closeAt = new Date(refPeriodAt('daily', new Date(), DAY_OFFSET_MS).to.getTime() + 5 * 60_000);
    const before = await loadReferenceRows(db, m.id);

    // the first start takes a free port itself; the restart keeps it
    let port: number | undefined;
    const env = { E2E_CLOCK_CONTROL: 'true', JOB_POLL_SECONDS: '0.5' };
    const start = async () => {
      child = await startServerProcess({ database: setup!, port, env });
      port = child.port;
      const base = child.base;
      // signed in once the clock has moved: a session opened a day earlier by the server's clock
      // would have expired by the time it asks for the run
      let owner = '';
      const written = async () =>
        Number(
          (
            await rows<{ n: number }>(
              db,
              sql`select count(*)::int as n from contract_payout where merchant_id = ${m.id}`,
            )
          )[0]!.n,
        );
      const settle = async () => {
        await call(base, 'POST', '/__e2e/clock', undefined, { to: closeAt.toISOString() });
        owner = await login(base, 'demobdt', DEMO_OPERATOR.username, DEMO_OPERATOR.password);
        await call(base, 'POST', `/admin/api/jobs/${SETTLE_JOB}/run`, owner);
      };
      const job = async () => {
        const state = await call(base, 'GET', '/admin/api/jobs', owner);
        return (
          state.jobs as { name: string; lastSucceededAt: string | null; lastError: string | null }[]
        ).find((j) => j.name === SETTLE_JOB)!;
      };
      return { written, settle, job };
    };

    // first run: held at the fourth payout, killed there, then let go
    let server = await start();
    expect(await server.written()).toBe(0);
    // a server whose job engine is still starting runs the job inside the request, which then
    // answers only when the run ends: here never (held, then killed), so it is not awaited
    const firstRun = server.settle().catch((err: unknown) => err);
    const started = Date.now();
    await vi.waitFor(async () => expect(await server.written()).toBe(3), { timeout: 120_000, interval: 20 });
    await child!.stop('SIGKILL');
    await firstRun;
    const firstPayoutMs = Date.now() - started;
    await holder.end();
    holder = undefined;
    await db.execute(sql`drop trigger test_hold_payout on contract_payout`);

    // restarted: the run is cut short (some contracts settled, not all); it runs again to the end
    server = await start();
    const cut = await server.written();
    expect(cut).toBe(3);
    const again = Date.now();
    await server.settle();
    await vi.waitFor(
      async () => {
        const j = await server.job();
        expect(j.lastError).toBeNull();
        // a run of the moved clock (a scheduled one of the real clock settles none of these)
        expect(j.lastSucceededAt !== null && new Date(j.lastSucceededAt) >= closeAt).toBe(true);
      },
      { timeout: 120_000, interval: 100 },
    );
    const rerunMs = Date.now() - again;
    await child!.stop('SIGTERM');
    child = undefined;
    console.log(
      `settlement crash: ${contracts} contracts, first payout after ${firstPayoutMs} ms, killed with ${cut} written, run again in ${rerunMs} ms`,
    );

    const payouts = await loadPayouts(db, m.id);
    expect(payouts.length).toBe(contracts);
    expect(new Set(payouts.map((p) => p.contractId)).size).toBe(contracts);
    const expected = referenceSettlement(before, await loadContracts(db, m.id), [{ at: closeAt }]);
    expect(payouts.map(canon)).toEqual(expected.payouts.map(canon));
    const postings = await payoutPostings(db, m.id);
    for (const p of payouts) {
      const got = postings.get(p.id) ?? { entries: 0, toPayee: 0n, total: 0n };
      expect({ id: p.id, entries: got.entries, toPayee: got.toPayee, total: got.total }).toEqual({
        id: p.id,
        entries: p.paid > 0n ? 1 : 0,
        toPayee: p.paid,
        total: 0n,
      });
    }
    const balances = await rows<{ member_id: number; balance: string }>(
      db,
      sql`select member_id, balance::text from ledger_account
          where merchant_id = ${m.id} and member_id is not null and code = 'main'`,
    );
    const now = new Map(balances.map((b) => [Number(b.member_id), BigInt(b.balance)]));
    for (const [id, v] of expected.available) expect({ id, v: now.get(id) ?? 0n }).toEqual({ id, v });
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});
