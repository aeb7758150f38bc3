import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { testClock } from '../../test/clock.js';
import {
  approvedDeposit,
  expectLedgerInvariants,
  loginToken,
  merchantIdOf,
  newMember,
  operatorToken,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { gameOfKind, gsCall, playGame, requestId } from '../../test/games.js';
import { rows } from '../../platform/sql.js';
import { diceDecision, slotDecision, tableDecision, type Decision } from '../../games/index.js';
import { DEMO_OPERATOR } from '../demo-operator.js';
import type {
  HistoryGame,
  HistoryPlan,
  PlannedBank,
  PlannedFreeSpins,
  PlannedRound,
  PlannedSeed,
  PlannedSession,
} from './plan.js';
import { writeHistory } from './write.js';

/**
 * The demo's history is written in bulk (write.ts) but must look exactly like what the real paths
 * write. One member plays through the game server and the seamless wallet (a dice win and a dice
 * loss, a baccarat bet, a paid slot spin and a free spin), deposits by bank transfer approved by an
 * operator and withdraws (approved, then received automatically); a second member gets the same
 * story from writeHistory. Every row of both, with ids, times, tokens and seeds replaced by what
 * they refer to, must be the same.
 */

const clock = testClock();
let t: TestApp;
let merchantId: number;
let channelId: number;
let operator: { id: number; name: string };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  merchantId = await merchantIdOf(db());
  const [c] = await rows<{ id: number }>(
    db(),
    sql`select id from deposit_channel where merchant_id = ${merchantId} and kind = 'bank' order by id limit 1`,
  );
  channelId = Number(c!.id);
  const [o] = await rows<{ id: number; username: string }>(
    db(),
    sql`select id, username from operator where merchant_id = ${merchantId} and username = ${DEMO_OPERATOR.username}`,
  );
  operator = { id: Number(o!.id), name: o!.username };
});
afterAll(() => t.close());

type Kind = 'dice' | 'baccarat' | 'slot';
/** One bet of the story: its game, and whether it won (the seeded side finds a nonce that does the same). */
interface Bet {
  kind: Kind;
  won: boolean;
  /** free spins the bet awarded */
  awarded: number;
  free?: boolean;
}
const betOf = (kind: Kind, v: { win: string; freeSpins?: { awarded: number } }, free?: boolean): Bet => ({
  kind,
  won: v.win !== '0.00',
  awarded: v.freeSpins?.awarded ?? 0,
  ...(free ? { free } : {}),
});
const DICE = { bet: '10.00', target: '49.50', over: true };
const BACCARAT = { banker: '20.00' };
const SLOT = { bet: '10.00' };

/** The real story: every bet through the game server over HTTP, money through the real flows. */
async function playReal(games: Record<Kind, HistoryGame>): Promise<{ memberId: number; bets: Bet[] }> {
  const m = await newMember(db(), merchantId, { paymentPassword: '135790' });
  const headers = {
    merchant: DEMO.merchant,
    authorization: await loginToken(t.app, db(), m.username, TEST_PASSWORD),
  };
  const op = await operatorToken(t.app);
  await approvedDeposit(t.app, { member: headers, operatorToken: op, channelId, amount: '1000.00' });
  const bets: Bet[] = [];
  const dice = await playGame(t.app, headers, games.dice.nodeId);
  // a win and a loss (each about one roll in two)
  const seen = new Set<boolean>();
  for (let i = 0; i < 40 && seen.size < 2; i++) {
    const r = (
      await gsCall(t.app, dice.headers, 'POST', '/gs/api/dice/roll', { ...DICE, requestId: requestId() })
    ).json();
    expect(r.success, JSON.stringify(r)).toBe(true);
    bets.push(betOf('dice', r.value));
    seen.add(bets[bets.length - 1]!.won);
  }
  const table = await playGame(t.app, headers, games.baccarat.nodeId);
  const b = (
    await gsCall(t.app, table.headers, 'POST', '/gs/api/table/bet', {
      bets: BACCARAT,
      requestId: requestId(),
    })
  ).json();
  expect(b.success, JSON.stringify(b)).toBe(true);
  bets.push(betOf('baccarat', b.value));
  const slot = await playGame(t.app, headers, games.slot.nodeId);
  const paid = (
    await gsCall(t.app, slot.headers, 'POST', '/gs/api/slot/spin', { ...SLOT, requestId: requestId() })
  ).json();
  expect(paid.success, JSON.stringify(paid)).toBe(true);
  bets.push(betOf('slot', paid.value));
  // one free spin awarded by that spin (what a scatter trigger writes), played next
  await db().execute(
    sql`insert into gs_free_spins (merchant_id, owner, mode, vendor_code, game_code, remaining, bet, wallet_round_id)
        values (${merchantId}, ${`m:${m.id}`}, 'real', ${games.slot.vendor}, ${games.slot.gameCode}, 1, 1000,
                ${paid.value.roundId})
        on conflict (merchant_id, owner, mode, vendor_code, game_code) do update set remaining = 1, bet = 1000,
          wallet_round_id = excluded.wallet_round_id`,
  );
  const free = (
    await gsCall(t.app, slot.headers, 'POST', '/gs/api/slot/spin', { ...SLOT, requestId: requestId() })
  ).json();
  expect(free.value.freeSpins.isFree).toBe(true);
  bets.push(betOf('slot', free.value, true));

  // cash out: a bank account, the request, the operator's payout, received automatically later
  const bank = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/bankCard',
    headers,
    payload: {
      bankName: 'bKash',
      accountName: m.username,
      accountNumber: `01${randomBytes(4).readUInt32BE() % 1e9}`.padEnd(11, '7'),
    },
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const w = await t.app.inject({
    method: 'POST',
    url: '/wps/v2/transaction/withdraw',
    headers,
    payload: { amount: '100.00', bankAccountId: bank.json().value.id, paymentPassword: '135790' },
  });
  expect(w.statusCode, w.body).toBe(200);
  const approve = await t.app.inject({
    method: 'POST',
    url: `/admin/api/withdrawals/${w.json().value.id}/approve`,
    headers: { authorization: op },
    payload: {},
  });
  expect(approve.statusCode, approve.body).toBe(200);
  clock.advance(31 * 60_000);
  await t.app.scheduler.runNow('withdraw.autoReceive');
  return { memberId: m.id, bets };
}

const decisionOf = (
  g: HistoryGame,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  free: boolean,
): Decision =>
  g.kind === 'dice'
    ? diceDecision(4950, true)(seeds, { stake: 1000n })
    : g.kind === 'baccarat'
      ? tableDecision('baccarat', { banker: 2000n })(seeds)
      : slotDecision(g.gameCode)(seeds, { stake: 1000n, free });

/** The same story as a plan for writeHistory: seeds found whose rounds win and lose as the real ones did. */
function planSame(memberId: number, games: Record<Kind, HistoryGame>, bets: Bet[]): HistoryPlan {
  const start = new Date(clock.now().getTime() - 3 * 3_600_000);
  const at = (minutes: number, ms = 0) => new Date(start.getTime() + minutes * 60_000 + ms);
  const session = (g: HistoryGame, minute: number): PlannedSession => ({
    memberId,
    game: g,
    launchedAt: at(minute),
    openedAt: at(minute, 700),
    vendorToken: randomBytes(24).toString('base64url'),
    sessionToken: randomBytes(24).toString('base64url'),
    // the launch's language: the merchant's default when the site asks for none
    language: 'bn',
  });
  const sessions = {
    dice: session(games.dice, 10),
    baccarat: session(games.baccarat, 20),
    slot: session(games.slot, 30),
  };
  // one seed pair per vendor: the nonces run over every bet of that vendor, in order
  const seeds = new Map<string, PlannedSeed>();
  const byVendor = new Map<string, Bet[]>();
  for (const b of bets)
    byVendor.set(games[b.kind].vendor, [...(byVendor.get(games[b.kind].vendor) ?? []), b]);
  for (const [vendor, list] of byVendor) {
    for (let i = 0; ; i++) {
      const serverSeed = createHash('sha256').update(`shape${i}`).digest('hex');
      const clientSeed = 'c0ffee00c0ffee00';
      const same = (b: Bet, nonce: number) => {
        const d = decisionOf(games[b.kind], { serverSeed, clientSeed, nonce }, !!b.free);
        return d.win > 0n === b.won && (d.freeSpinsAwarded ?? 0) === b.awarded;
      };
      if (list.every(same)) {
        seeds.set(vendor, {
          memberId,
          vendor,
          serverSeed,
          clientSeed,
          createdAt: sessions[list[0]!.kind].openedAt,
          nonce: 0,
        });
        break;
      }
    }
  }
  const rounds: PlannedRound[] = [];
  let paidSlot: PlannedRound | undefined;
  const freeSpins: PlannedFreeSpins[] = [];
  bets.forEach((b, i) => {
    const g = games[b.kind];
    const seed = seeds.get(g.vendor)!;
    const d = decisionOf(
      g,
      { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce },
      !!b.free,
    );
    const recordedAt = at(40 + i);
    const id = `gs${randomBytes(12).toString('hex')}`;
    const walletRoundId = b.free ? paidSlot!.id : id;
    const r: PlannedRound = {
      id,
      session: sessions[b.kind],
      seed,
      nonce: seed.nonce++,
      requestId: randomBytes(12).toString('hex'),
      params: d.params,
      outcome: { ...d.outcome, ...(d.freeSpinsAwarded ? { freeSpinsAwarded: d.freeSpinsAwarded } : {}) },
      stake: b.free ? 0n : b.kind === 'baccarat' ? 2000n : 1000n,
      win: d.win,
      walletRoundId,
      freeSpin: !!b.free,
      recordedAt,
      debitAt: b.free ? null : new Date(recordedAt.getTime() + 10),
      creditAt: new Date(recordedAt.getTime() + 30),
      settledAt: new Date(recordedAt.getTime() + 40),
    };
    if (b.kind === 'slot' && !b.free) paidSlot = r;
    // the award played as the one free spin (and what that spin awarded in turn)
    if (b.free) freeSpins.push({ memberId, game: g, remaining: b.awarded, bet: 1000n, walletRoundId });
    rounds.push(r);
  });
  const bank: PlannedBank = {
    memberId,
    bankName: 'bKash',
    accountName: 'x',
    accountNumber: '01712345678',
    createdAt: at(90),
  };
  return {
    from: start,
    to: clock.now(),
    sessions: Object.values(sessions),
    seeds: [...seeds.values()],
    rounds,
    banks: [bank],
    deposits: [
      {
        memberId,
        orderNo: `D${at(0).toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`,
        reference: 'TRX-0a1b2c',
        amount: 100_000n,
        createdAt: at(0),
        approvedAt: at(3),
      },
    ],
    withdrawals: [
      { memberId, amount: 10_000n, bank, requestedAt: at(91), paidAt: at(100), receivedAt: at(131) },
    ],
    freeSpins,
    lastSeen: new Map(),
  };
}

/** Gives each distinct value of a kind a name in order of appearance: the same story reads the same. */
function namer() {
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  return (kind: string, value: unknown) => {
    if (value === null || value === undefined) return null;
    const k = `${kind}:${String(value)}`;
    if (!names.has(k)) {
      const n = (counts.get(kind) ?? 0) + 1;
      counts.set(kind, n);
      names.set(k, `${kind}${n}`);
    }
    return names.get(k)!;
  };
}

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
const keys = (o: Record<string, unknown>) => Object.keys(o).sort();

/** Every row the member's story wrote, with what varies by nature (ids, times, tokens, seeds) named. */
async function story(memberId: number) {
  const n = namer();
  const q = <T>(query: ReturnType<typeof sql>) => rows<T & Record<string, unknown>>(db(), query);
  const rounds = await q<{
    id: string;
    wallet_round_id: string;
    win: string;
    created_at: Date;
    updated_at: Date;
  }>(sql`select * from gs_round where member_id = ${memberId} order by created_at, id`);
  for (const r of rounds) n('round', r.id);
  const swap = (text: string | null) =>
    text === null
      ? null
      : rounds
          .reduce((s, r) => s.replaceAll(r.id, n('round', r.id)!), text)
          .replace(/D\d{8}[0-9A-F]{12}/, 'ORDER');
  const sessions = await q<Record<string, unknown>>(
    sql`select * from gs_session where member_id = ${memberId} order by id`,
  );
  const vendorSessions = await q<Record<string, unknown>>(
    sql`select * from vendor_session where member_id = ${memberId} order by id`,
  );
  const seeds = await q<Record<string, unknown>>(
    sql`select * from gs_seed where owner = ${`m:${memberId}`} order by id`,
  );
  const txns = await q<Record<string, unknown>>(
    sql`select * from vendor_txn where member_id = ${memberId} order by id`,
  );
  const entries = await q<{ id: string; type: string }>(
    sql`select * from ledger_entry where member_id = ${memberId} order by id`,
  );
  const lines = await q<{
    entry_id: string;
    member_id: number | null;
    code: string;
    amount: string;
    balance_after: string;
  }>(
    sql`select l.entry_id, a.member_id, a.code, l.amount, l.balance_after from ledger_line l
        join ledger_account a on a.id = l.account_id
        where l.entry_id in (select id from ledger_entry where member_id = ${memberId}) order by l.entry_id, a.member_id nulls last`,
  );
  const deposits = await q<Record<string, unknown>>(
    sql`select * from deposit_order where member_id = ${memberId} order by id`,
  );
  const withdrawals = await q<Record<string, unknown>>(
    sql`select * from withdrawal where member_id = ${memberId} order by id`,
  );
  const holds = await q<Record<string, unknown>>(
    sql`select h.* from ledger_hold h join ledger_account a on a.id = h.account_id where a.member_id = ${memberId} order by h.id`,
  );
  const banks = await q<Record<string, unknown>>(
    sql`select * from member_bank_account where member_id = ${memberId} order by id`,
  );
  const free = await q<Record<string, unknown>>(
    sql`select * from gs_free_spins where owner = ${`m:${memberId}`}`,
  );
  const recent = await q<Record<string, unknown>>(
    sql`select * from member_recent_game where member_id = ${memberId} order by node_id`,
  );
  // a win's amount differs between the two stories (other seeds): named by its round
  const money = (v: unknown, entryType?: string) => {
    const x = BigInt(String(v));
    return entryType === 'win' || entryType === 'credit'
      ? x > 0n
        ? 'WIN'
        : x < 0n
          ? '-WIN'
          : '0'
      : x.toString();
  };
  // each member MAIN line carries the balance after it: the running sum, in entry order
  let main = 0n;
  const mainChainOk = lines.every((l) => {
    if (l.member_id === null) return true;
    main += BigInt(l.amount);
    return main === BigInt(l.balance_after);
  });
  return {
    mainChainOk,
    sessions: sessions.map((s) => ({
      ...s,
      id: n('session', s.id),
      token_hash: (s.token_hash as Buffer).length,
      member_id: 'M',
      vendor_token: typeof s.vendor_token,
      // expiry from the app's clock, creation from the database's: the same within a second
      ttl: Math.round((ms(s.expires_at as Date)! - ms(s.created_at as Date)!) / 1000),
      expires_at: undefined,
      created_at: undefined,
      // the launch's vendor session is the one whose token this game session carries
      vendor_session: n(
        'vendorSession',
        vendorSessions.find(
          (v) =>
            Buffer.compare(
              v.token_hash as Buffer,
              createHash('sha256').update(String(s.vendor_token)).digest(),
            ) === 0,
        )?.id,
      ),
    })),
    vendorSessions: vendorSessions.map((v) => ({
      ...v,
      id: n('vendorSession', v.id),
      token_hash: (v.token_hash as Buffer).length,
      member_id: 'M',
      ttl: Math.round((ms(v.expires_at as Date)! - ms(v.created_at as Date)!) / 1000),
      expires_at: undefined,
      created_at: undefined,
    })),
    seeds: seeds.map((s) => ({
      ...s,
      id: n('seed', s.id),
      owner: 'M',
      server_seed: /^[0-9a-f]{64}$/.test(String(s.server_seed)),
      server_seed_hash:
        s.server_seed_hash === createHash('sha256').update(String(s.server_seed)).digest('hex'),
      client_seed: /^[0-9a-f]{16}$/.test(String(s.client_seed)),
      created_at: undefined,
    })),
    rounds: rounds.map((r) => ({
      ...r,
      id: n('round', r.id),
      session_id: n('session', r.session_id),
      member_id: 'M',
      seed_id: n('seed', r.seed_id),
      outcome: keys(r.outcome as Record<string, unknown>),
      win: money(r.win, 'win'),
      wallet_round_id: n('round', r.wallet_round_id),
      request_id: /^[0-9a-f]{24}$|^r[0-9a-f]{16}$/.test(String(r.request_id)),
      settled_after_recorded: ms(r.updated_at)! > ms(r.created_at)!,
      created_at: undefined,
      updated_at: undefined,
    })),
    txns: txns.map((x, i) => ({
      ...x,
      id: undefined,
      txn_id: swap(x.txn_id as string),
      member_id: 'M',
      round_id: n('round', x.round_id),
      ref_txn_id: swap(x.ref_txn_id as string | null),
      // a credit's round's first bet, by what it is (ids differ between the two writers)
      first_bet_id:
        x.first_bet_id === null
          ? null
          : swap(txns.find((b) => String(b.id) === String(x.first_bet_id))?.txn_id as string),
      amount: money(x.amount, x.op as string),
      entry_id: n('entry', x.entry_id),
      // the available balance after it: its entry's MAIN line, or unchanged since the previous call
      balance_after:
        x.entry_id === null
          ? String(x.balance_after) === String(txns[i - 1]?.balance_after)
          : String(x.balance_after) ===
            String(
              lines.find((l) => String(l.entry_id) === String(x.entry_id) && l.member_id !== null)
                ?.balance_after,
            ),
      created_at: undefined,
    })),
    entries: entries.map((e) => ({
      ...e,
      id: n('entry', e.id),
      idem_key: swap(e.idem_key as string)!.replace(/(withdraw_payout:)\d+/, '$1W'),
      member_id: 'M',
      ref_id: swap(e.ref_id as string)!.replace(/^\d+$/, 'W'),
      memo:
        e.memo === null
          ? null
          : JSON.parse(
              swap(JSON.stringify(e.memo))!.replaceAll(`"channelId":${channelId}`, '"channelId":"C"'),
            ),
      created_at: undefined,
      lines: lines
        .filter((l) => String(l.entry_id) === String(e.id))
        .map((l) => ({
          account: l.member_id === null ? `house:${l.code}` : 'main',
          amount: money(l.amount, e.type),
        })),
    })),
    deposits: deposits.map((d) => ({
      ...d,
      id: undefined,
      member_id: 'M',
      order_no: /^D\d{8}[0-9A-F]{12}$/.test(String(d.order_no)),
      reference: typeof d.reference,
      entry_id: n('entry', d.entry_id),
      reviewed: ms(d.finished_at as Date)! > ms(d.created_at as Date)!,
      created_at: undefined,
      finished_at: undefined,
    })),
    withdrawals: withdrawals.map((w) => ({
      ...w,
      id: undefined,
      member_id: 'M',
      bank_account_id: n('bank', w.bank_account_id),
      account_name: typeof w.account_name,
      account_number: /^[0-9]{6,20}$/.test(String(w.account_number)),
      // requested, then paid out (decided), then received; the last change is the receipt
      times:
        ms(w.created_at as Date)! <= ms(w.paid_at as Date)! &&
        ms(w.decided_at as Date) === ms(w.paid_at as Date) &&
        ms(w.paid_at as Date)! < ms(w.confirmed_at as Date)! &&
        ms(w.updated_at as Date) === ms(w.confirmed_at as Date),
      created_at: undefined,
      updated_at: undefined,
      decided_at: undefined,
      paid_at: undefined,
      confirmed_at: undefined,
    })),
    holds: holds.map((h) => ({
      ...h,
      id: undefined,
      account_id: undefined,
      idem_key: String(h.idem_key).replace(/\d+$/, 'W'),
      entry_id: n('entry', h.entry_id),
      closed_after_created: ms(h.closed_at as Date)! > ms(h.created_at as Date)!,
      created_at: undefined,
      closed_at: undefined,
    })),
    banks: banks.map((b) => ({
      ...b,
      id: n('bank', b.id),
      member_id: 'M',
      account_name: typeof b.account_name,
      account_number: /^[0-9]{6,20}$/.test(String(b.account_number)),
      created_at: undefined,
    })),
    freeSpins: free.map((f) => ({ ...f, owner: 'M', wallet_round_id: n('round', f.wallet_round_id) })),
    recent: recent.map((r) => ({ ...r, member_id: 'M', played_at: undefined })),
  };
}

describe('the demo history writer', () => {
  it('writes a story row for row as the game server, the seamless wallet, deposits and withdrawals do', async () => {
    const games = {
      dice: (await gameOfKind(db(), 'dice')) as HistoryGame,
      baccarat: (await gameOfKind(db(), 'baccarat')) as HistoryGame,
      slot: (await gameOfKind(db(), 'slot')) as HistoryGame,
    };
    games.dice.kind = 'dice';
    games.baccarat.kind = 'baccarat';
    games.slot.kind = 'slot';
    const real = await playReal(games);
    const seeded = await newMember(db(), merchantId);
    await db().transaction((tx) =>
      writeHistory(
        tx,
        { merchantId, operator, bankChannelId: channelId },
        planSame(seeded.id, games, real.bets),
      ),
    );
    const a = await story(real.memberId);
    const b = await story(seeded.id);
    // the story is all there: 2+ dice rounds, a baccarat bet, a paid and a free slot spin, money in and out
    expect(a.rounds.length).toBeGreaterThanOrEqual(5);
    expect(a.entries.map((e) => e.type)).toEqual(expect.arrayContaining(['deposit', 'bet', 'withdraw']));
    expect(a.mainChainOk && b.mainChainOk).toBe(true);
    expect(b).toEqual(a);
    await expectLedgerInvariants(db());
  });
});
