import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  fund,
  merchantIdOf,
  newAgent,
  newMember,
  openVendorSession,
  postMoney,
  vendorCallback,
} from '../../test/factories.js';
import { rows } from '../../platform/sql.js';
import { activeMembers, figuresFinal, rollUp, rollUpNow, teamFigures } from './index.js';
import { createLedgerService, type AccountRef } from '../ledger/index.js';

/**
 * The roll-up against an independent reading of the journal: random bets, wins and rollbacks
 * (several bets per round, lost rounds credited 0, rollbacks before and after a zero win, rounds
 * never settled, rounds settled days after their bet), rolled up at random moments and in parallel.
 */
const VENDOR = 'TFROLL';
const HOUR = 3_600_000;

// a small seeded PRNG: the same sequence every run
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Cell {
  validBet: bigint;
  win: bigint;
  betCount: number;
}

let t: TestApp;
let merchantId: number;
let top: { id: number };
let sub: { id: number };
let players: { id: number; token: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  merchantId = await merchantIdOf(db);
  await addVendor(db, merchantId, VENDOR);
  top = await newAgent(db, merchantId);
  sub = await newAgent(db, merchantId, { parentId: top.id });
  const m1 = await newMember(db, merchantId, { parentId: top.id });
  const m2 = await newMember(db, merchantId, { parentId: sub.id });
  const m3 = await newMember(db, merchantId, { parentId: sub.id });
  players = [];
  for (const m of [sub, m1, m2, m3]) {
    await fund(db, merchantId, m.id, 100_000_000n);
    players.push({ id: m.id, token: (await openVendorSession(db, merchantId, m.id, VENDOR)).token });
  }
});
afterAll(() => t?.close());

const call = async (op: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) =>
  vendorCallback(t.app, t.database.db, { merchantId, vendor: VENDOR, op, body });
const id = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;
const money = (minor: number) => (minor / 100).toFixed(2);

/** The definition, computed here from the journal rows on its own: per member and local hour. */
async function reference(memberIds: number[]) {
  const list = await rows<{
    id: string;
    op: string;
    member_id: number;
    round_id: string;
    amount: string;
    created_at: Date | string;
  }>(
    t.database.db,
    sql`select id::text, op, member_id, round_id, amount::text, created_at from vendor_txn
        where vendor_code = ${VENDOR} and status = 'ok'
          and member_id in (${sql.join(
            memberIds.map((m) => sql`${m}`),
            sql`, `,
          )})
        order by id`,
  );
  const rounds = new Map<
    string,
    { member: number; at?: number; stake: bigint; win: bigint; settled: boolean }
  >();
  for (const r of list) {
    const key = `${r.member_id}|${r.round_id}`;
    const x = rounds.get(key) ?? { member: r.member_id, stake: 0n, win: 0n, settled: false };
    rounds.set(key, x);
    const amount = BigInt(r.amount);
    if (r.op === 'debit') {
      x.stake += amount;
      x.at = Math.min(x.at ?? Infinity, new Date(r.created_at).getTime());
    } else if (r.op === 'rollback') x.stake -= amount;
    else {
      x.win += amount;
      x.settled = true;
    }
  }
  const cells = new Map<string, Cell>();
  for (const x of rounds.values()) {
    if (!x.settled || x.at === undefined) continue;
    // Asia/Dhaka has a whole-hour offset: its hours start on UTC hours
    const key = `${x.member}|${new Date(Math.floor(x.at / HOUR) * HOUR).toISOString()}`;
    const c = cells.get(key) ?? { validBet: 0n, win: 0n, betCount: 0 };
    c.validBet += x.stake;
    c.win += x.win;
    c.betCount += x.stake > 0n ? 1 : 0;
    cells.set(key, c);
  }
  for (const [k, c] of cells) if (c.validBet === 0n && c.win === 0n && c.betCount === 0) cells.delete(k);
  return cells;
}

async function stored(memberIds: number[]) {
  const list = await rows<{
    member_id: number;
    hour: Date | string;
    valid_bet: string;
    win: string;
    bet_count: number;
  }>(
    t.database.db,
    sql`select member_id, hour, valid_bet::text, win::text, bet_count from figure_member_hour
        where member_id in (${sql.join(
          memberIds.map((m) => sql`${m}`),
          sql`, `,
        )})
          and (valid_bet <> 0 or win <> 0 or bet_count <> 0)`,
  );
  return new Map(
    list.map((r) => [
      `${r.member_id}|${new Date(r.hour).toISOString()}`,
      { validBet: BigInt(r.valid_bet), win: BigInt(r.win), betCount: r.bet_count },
    ]),
  );
}

async function teamTotal(agentId: number) {
  const { total } = await teamFigures(t.database.db, {
    merchantId,
    agentId,
    from: new Date(Date.now() - 30 * 86_400_000),
    to: new Date(Date.now() + 86_400_000),
  });
  return total;
}

async function expectExact() {
  const ids = players.map((p) => p.id);
  const ref = await reference(ids);
  expect(await stored(ids)).toEqual(ref);
  const sum = (keep: (member: number) => boolean) => {
    const s = { validBet: 0n, win: 0n };
    for (const [k, c] of ref) {
      if (!keep(Number(k.split('|')[0]))) continue;
      s.validBet += c.validBet;
      s.win += c.win;
    }
    return s;
  };
  // top's team: everyone below it; sub's team: its two members
  const topRef = sum(() => true);
  const topFig = await teamTotal(top.id);
  expect({ validBet: topFig.validBet, win: topFig.win }).toEqual(topRef);
  expect(topFig.ggr).toBe(topRef.validBet - topRef.win);
  const subRef = sum((m) => m !== sub.id && m !== players[1]!.id);
  const subFig = await teamTotal(sub.id);
  expect({ validBet: subFig.validBet, win: subFig.win }).toEqual(subRef);
}

describe('team figures roll-up', () => {
  it(
    'equals a direct reading of the journal after random bets, wins, rollbacks and late settlements',
    { timeout: 120_000 },
    async () => {
      const rnd = prng(15);
      const open: { player: (typeof players)[number]; round: string; bets: string[]; zeroWin: boolean }[] =
        [];
      for (let i = 0; i < 160; i++) {
        const x = rnd();
        const player = players[Math.floor(rnd() * players.length)]!;
        if (x < 0.4 || open.length === 0) {
          const round = id('r');
          const bet = id('d');
          const res = await call('debit', {
            playerId: String(player.id),
            token: player.token,
            txnId: bet,
            roundId: round,
            amount: money(1 + Math.floor(rnd() * 50_000)),
            gameCode: 'g1',
          });
          expect(res.statusCode).toBe(200);
          if (rnd() < 0.25) {
            // placed days ago: its settlement below arrives late and must land in that old hour
            await t.database.db.execute(
              sql`update vendor_txn set created_at = created_at - interval '2 days 3 hours'
                where vendor_code = ${VENDOR} and txn_id = ${bet}`,
            );
          }
          open.push({ player, round, bets: [bet], zeroWin: false });
        } else {
          const k = Math.floor(rnd() * open.length);
          const o = open[k]!;
          const y = rnd();
          if (y < 0.2) {
            // a second bet in the same round
            const bet = id('d');
            await call('debit', {
              playerId: String(o.player.id),
              token: o.player.token,
              txnId: bet,
              roundId: o.round,
              amount: money(1 + Math.floor(rnd() * 20_000)),
            });
            if (rnd() < 0.3) {
              // stamped before every earlier bet of the round: the round moves to this bet's hour
              await t.database.db.execute(
                sql`update vendor_txn set created_at = created_at - interval '3 days 5 hours'
                  where vendor_code = ${VENDOR} and txn_id = ${bet}`,
              );
            }
            o.bets.push(bet);
          } else if (y < 0.65) {
            const zero = rnd() < 0.4;
            await call('credit', {
              playerId: String(o.player.id),
              txnId: id('c'),
              roundId: o.round,
              amount: zero ? '0' : money(Math.floor(rnd() * 90_000)),
            });
            if (zero) o.zeroWin = true;
            else open.splice(k, 1);
          } else if (y < 0.85) {
            // a rollback (refused when the round has a win: that is the wallet's rule, not ours)
            await call('rollback', {
              playerId: String(o.player.id),
              txnId: id('b'),
              refTxnId: o.bets[Math.floor(rnd() * o.bets.length)]!,
            });
          } else {
            open.splice(k, 1); // left open forever: never settled
          }
        }
        if (rnd() < 0.08) await rollUp(t.database.db);
      }
      await rollUpNow(t.database.db);
      await expectExact();
      // a re-run changes nothing
      await rollUp(t.database.db);
      await expectExact();
    },
  );

  it('counts nothing twice when roll-ups run in parallel', async () => {
    const p = players[2]!;
    for (let i = 0; i < 12; i++) {
      const round = id('r');
      await call('debit', {
        playerId: String(p.id),
        token: p.token,
        txnId: id('d'),
        roundId: round,
        amount: '10.00',
      });
      await call('credit', { playerId: String(p.id), txnId: id('c'), roundId: round, amount: '4.00' });
      if (i % 4 === 0) {
        await Promise.all([rollUp(t.database.db), rollUp(t.database.db), rollUpNow(t.database.db)]);
      }
    }
    await Promise.all([rollUp(t.database.db), rollUp(t.database.db), rollUp(t.database.db)]);
    await rollUpNow(t.database.db);
    await expectExact();
  });

  it('calls a period final once the database’s clock has passed its end, or at once for a moved app clock', async () => {
    const db = t.database.db;
    const soon = new Date(Date.now() + 30_000);
    // the app's clock at the database's: the period has not ended for the database yet
    expect(await figuresFinal(db, soon, { now: new Date(), timeoutMs: 200 })).toBe(false);
    // a test's or an e2e server's clock a day ahead: what the database has now is final
    expect(await figuresFinal(db, soon, { now: new Date(Date.now() + 86_400_000), timeoutMs: 0 })).toBe(true);
    expect(await figuresFinal(db, new Date(Date.now() - 1_000), { timeoutMs: 0 })).toBe(true);
  });

  it('counts deposits, first deposits, withdrawals, registrations and active members', async () => {
    const db = t.database.db;
    const agent = await newAgent(db, merchantId);
    const a = await newMember(db, merchantId, { parentId: agent.id });
    const b = await newMember(db, merchantId, { parentId: agent.id });
    await postMoney(db, merchantId, a.id, 'deposit', 50_000n);
    await postMoney(db, merchantId, a.id, 'deposit', 20_000n);
    await postMoney(db, merchantId, b.id, 'deposit', 5_000n);
    await postMoney(db, merchantId, a.id, 'withdraw', 10_000n);
    const tok = (await openVendorSession(db, merchantId, a.id, VENDOR)).token;
    const round = id('r');
    await call('debit', {
      playerId: String(a.id),
      token: tok,
      txnId: id('d'),
      roundId: round,
      amount: '30.00',
    });
    await call('credit', { playerId: String(a.id), txnId: id('c'), roundId: round, amount: '0' });
    await rollUpNow(db);
    const from = new Date(Date.now() - 86_400_000);
    const to = new Date(Date.now() + 86_400_000);
    const { total } = await teamFigures(db, { merchantId, agentId: agent.id, from, to });
    expect(total).toMatchObject({
      deposit: 75_000n,
      depositCount: 3,
      firstDeposits: 2,
      withdrawal: 10_000n,
      withdrawalCount: 1,
      registrations: 2,
      validBet: 3_000n,
      win: 0n,
      ggr: 3_000n,
      betCount: 1,
      bonus: 0n,
      rebate: 0n,
      netResult: 3_000n,
    });
    // default thresholds: no deposit needed, 1.00 of valid bets: only a is active
    expect(await activeMembers(db, { merchantId, agentId: agent.id, from, to })).toBe(1);
    await db.execute(
      sql`insert into figure_setting (merchant_id, active_min_deposit, active_min_valid_bet)
          values (${merchantId}, 100000, 0)
          on conflict (merchant_id) do update set active_min_deposit = 100000, active_min_valid_bet = 0`,
    );
    expect(await activeMembers(db, { merchantId, agentId: agent.id, from, to })).toBe(0);
    await db.execute(sql`delete from figure_setting where merchant_id = ${merchantId}`);
  });

  it('counts bonuses (grants less forfeits; a conversion nets nothing) and rebates, and takes both off the net result', async () => {
    const db = t.database.db;
    const agent = await newAgent(db, merchantId);
    const a = await newMember(db, merchantId, { parentId: agent.id });
    const ledger = createLedgerService({ db });
    const post = (type: string, lines: { account: AccountRef; amount: bigint }[]) =>
      ledger.transaction((tx) => ledger.post(tx, { merchantId, key: id('tf'), type, memberId: a.id, lines }));
    const bonusAcc: AccountRef = { memberId: a.id, code: 'bonus' };
    const main: AccountRef = { memberId: a.id, code: 'main' };
    const house: AccountRef = { house: 'bonus', spread: a.id };
    await post('bonus', [
      { account: house, amount: -50_00n },
      { account: bonusAcc, amount: 50_00n },
    ]);
    await post('bonus', [
      { account: bonusAcc, amount: -10_00n },
      { account: house, amount: 10_00n },
    ]);
    await post('bonus', [
      { account: bonusAcc, amount: -15_00n },
      { account: main, amount: 15_00n },
    ]);
    await post('bonus_vip_upgrade', [
      { account: house, amount: -3_00n },
      { account: main, amount: 3_00n },
    ]);
    await post('rebate_manual', [
      { account: { house: 'rebate' }, amount: -7_00n },
      { account: main, amount: 7_00n },
    ]);
    await rollUpNow(db);
    const from = new Date(Date.now() - 86_400_000);
    const to = new Date(Date.now() + 86_400_000);
    const { total } = await teamFigures(db, { merchantId, agentId: agent.id, from, to });
    expect(total).toMatchObject({ bonus: 43_00n, rebate: 7_00n, ggr: 0n, netResult: -50_00n, deposit: 0n });
  });
});
