import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import {
  memberSession,
  settleWin,
  expectLedgerInvariants,
  fund,
  mainBalance,
  merchantIdOf,
} from '../../test/factories.js';
import { formatMerchantTime } from '../../platform/time.js';
import { gameOfKind, gsCall, minorOf, playGame, requestId } from '../../test/games.js';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  merchantId = await merchantIdOf(t.database.db);
});
afterAll(() => t.close());

const record = (headers: Record<string, string>, q = '') =>
  t.app.inject({ url: `/wps/relay/ODSFE2_getBettingRecord${q}`, headers });
const detail = (headers: Record<string, string>, vendor: string, roundId: string) =>
  t.app.inject({
    url: `/wps/relay/ODSFE2_getBettingRecordDetail?vendor=${vendor}&roundId=${roundId}`,
    headers,
  });
const dice = () => ({ bet: '5.00', target: '50.00', over: false, requestId: requestId() });

describe('betting record', () => {
  it('lists every vendor round of the caller with filters, presets, paging and a summary', async () => {
    const m = await memberSession(t.app, t.database.db, merchantId);
    await fund(t.database.db, merchantId, m.id, 500_000n);
    const d = await gameOfKind(t.database.db, 'dice');
    const game = await playGame(t.app, m.headers, d.nodeId);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await gsCall(t.app, game.headers, 'POST', '/gs/api/dice/roll', dice())).json().value.roundId);
    }
    // a round of another vendor, played outside the built-in server
    const live = await gameOfKind(t.database.db, 'baccarat', { not: [d.nodeId] });
    const otherVendor = live.vendor !== d.vendor ? live : await gameOfKind(t.database.db, 'dragonTiger');
    expect(otherVendor.vendor).not.toBe(d.vendor);
    await settleWin(t.app, t.database.db, {
      merchantId,
      memberId: m.id,
      vendor: otherVendor.vendor,
      gameCode: otherVendor.gameCode,
      bet: '7.00',
      win: '20.00',
    });
    // free-trial rounds never reach the record
    const trial = await playGame(t.app, m.headers, d.nodeId, 0);
    await gsCall(t.app, trial.headers, 'POST', '/gs/api/dice/roll', dice());

    expect((await record({ merchant: DEMO.merchant })).statusCode).toBe(401);
    const all = (await record(m.headers)).json().value;
    expect(all.totalCount).toBe(4);
    expect(all.list).toHaveLength(4);
    expect(all.list[0]).toMatchObject({
      vendor: otherVendor.vendor,
      betAmount: '7.00',
      winAmount: '20.00',
      profit: '13.00',
      status: 'settled',
    });
    const today = formatMerchantTime(new Date(), 'Asia/Dhaka').slice(0, 10);
    expect(all.to).toBe(today);
    const sumBet = all.list.reduce((a: bigint, r: { betAmount: string }) => a + minorOf(r.betAmount), 0n);
    const sumWin = all.list.reduce((a: bigint, r: { winAmount: string }) => a + minorOf(r.winAmount), 0n);
    expect(all.summary).toMatchObject({ rounds: 4 });
    expect(minorOf(all.summary.betAmount)).toBe(sumBet);
    expect(minorOf(all.summary.winAmount)).toBe(sumWin);
    expect(minorOf(all.summary.profit)).toBe(sumWin - sumBet);
    // what the record says the player won or lost is what the ledger moved
    expect(await mainBalance(t.database.db, m.id)).toBe(500_000n + sumWin - sumBet);
    for (const id of ids) expect(all.list.map((r: { roundId: string }) => r.roundId)).toContain(id);

    const byVendor = (await record(m.headers, `?vendor=${d.vendor}`)).json().value;
    expect(byVendor.totalCount).toBe(3);
    expect(byVendor.list.every((r: { vendor: string }) => r.vendor === d.vendor)).toBe(true);
    const [types] = await rows<{ a: string; b: string }>(
      t.database.db,
      sql`select (select game_type from game where node_id = ${d.nodeId}) as a,
                 (select game_type from game where vendor_code = ${otherVendor.vendor} and game_code = ${otherVendor.gameCode}) as b`,
    );
    const byType = (await record(m.headers, `?gameType=${types!.b}`)).json().value;
    expect(byType.list.map((r: { gameType: string }) => r.gameType)).toEqual(
      types!.a === types!.b ? [types!.b, types!.a, types!.a, types!.a] : [types!.b],
    );
    expect((await record(m.headers, '?preset=yesterday')).json().value.totalCount).toBe(0);
    expect((await record(m.headers, '?preset=today')).json().value.totalCount).toBe(4);
    expect((await record(m.headers, `?from=${today}&to=${today}`)).json().value.totalCount).toBe(4);
    expect((await record(m.headers, '?from=2020-01-01&to=2020-01-31')).json().value.totalCount).toBe(0);
    expect((await record(m.headers, '?status=unsettled')).json().value.totalCount).toBe(0);
    expect((await record(m.headers, '?status=settled')).json().value.totalCount).toBe(4);

    const p2 = (await record(m.headers, '?pageSize=3&pageNo=2')).json().value;
    expect(p2).toMatchObject({ pageNo: 2, pageSize: 3, totalCount: 4, totalPages: 2 });
    expect(p2.list).toHaveLength(1);
    expect(p2.summary.rounds).toBe(4);
    expect((await record(m.headers, '?pageSize=3&pageNo=9')).json().value.list).toEqual([]);
    expect((await record(m.headers, '?pageSize=101')).statusCode).toBe(422);
    expect((await record(m.headers, '?pageNo=0')).statusCode).toBe(422);
  });

  it('details a round: its wallet movements and, for the built-in games, the fairness inputs', async () => {
    const m = await memberSession(t.app, t.database.db, merchantId);
    await fund(t.database.db, merchantId, m.id, 100_000n);
    const d = await gameOfKind(t.database.db, 'dice');
    const { headers, view } = await playGame(t.app, m.headers, d.nodeId);
    const r = (await gsCall(t.app, headers, 'POST', '/gs/api/dice/roll', dice())).json().value;
    const res = await detail(m.headers, d.vendor, r.roundId);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ roundId: r.roundId, betAmount: '5.00', winAmount: r.win, status: 'settled' });
    expect(v.transactions.map((x: { op: string }) => x.op)).toEqual(['debit', 'credit']);
    expect(v.transactions[0]).toMatchObject({ txnId: `${r.roundId}:bet`, amount: '5.00', status: 'ok' });
    expect(v.round).toMatchObject({
      kind: 'dice',
      mode: 'real',
      serverSeedHash: view.fairness.serverSeedHash,
      serverSeed: null,
      nonce: r.nonce,
      verifyUrl: `/gs/verify/?round=${r.roundId}`,
    });
    await gsCall(t.app, headers, 'POST', '/gs/api/fair/rotate', {});
    const revealed = (await detail(m.headers, d.vendor, r.roundId)).json().value;
    expect(revealed.round.serverSeed).toMatch(/^[0-9a-f]{64}$/);

    const other = await memberSession(t.app, t.database.db, merchantId);
    const foreign = await detail(other.headers, d.vendor, r.roundId);
    expect(foreign.statusCode).toBe(404);
    expect((await detail({ merchant: DEMO.merchant }, d.vendor, r.roundId)).statusCode).toBe(401);
  });
});

describe('end to end: deposit, launch a slot, spin', () => {
  it('balance, betting record, ledger and winner board agree', async () => {
    const m = await memberSession(t.app, t.database.db, merchantId);
    await fund(t.database.db, merchantId, m.id, 200_000n); // the deposit
    const slot = await gameOfKind(t.database.db, 'slot');
    const launch = await t.app.inject({
      url: `/wps/game/launchGame?nodeId=${slot.nodeId}&launchMode=GLS&accountType=1`,
      headers: m.headers,
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const token = new URL(launch.json().value.content.game_url, 'http://x').searchParams.get('t')!;
    const open = await t.app.inject({
      method: 'POST',
      url: '/gs/api/session',
      headers: { merchant: DEMO.merchant },
      payload: { launchToken: token },
    });
    const gs = { merchant: DEMO.merchant, 'x-game-session': open.json().value.sessionToken as string };
    expect(open.json().value.balance).toBe('2000.00');
    let last: { balance: string; win: string } | undefined;
    let bestWin = 0n;
    for (let i = 0; i < 40; i++) {
      const res = await gsCall(t.app, gs, 'POST', '/gs/api/slot/spin', {
        bet: '20.00',
        requestId: requestId(),
      });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json().value;
      if (minorOf(last!.win) > bestWin) bestWin = minorOf(last!.win);
    }
    const ledger = await mainBalance(t.database.db, m.id);
    expect(minorOf(last!.balance)).toBe(ledger);
    expect(minorOf((await gsCall(t.app, gs, 'GET', '/gs/api/balance')).json().value.balance)).toBe(ledger);
    const site = (await t.app.inject({ url: '/wps/v2/wallets/balance', headers: m.headers })).json().value;
    expect(minorOf(site.sumBalance)).toBe(ledger);

    const rec = (await record(m.headers, '?pageSize=100')).json().value;
    expect(200_000n - minorOf(rec.summary.betAmount) + minorOf(rec.summary.winAmount)).toBe(ledger);
    expect(minorOf(rec.summary.profit)).toBe(ledger - 200_000n);
    await expectLedgerInvariants(t.database.db);

    const board = (
      await t.app.inject({ url: '/wps/relay/GCSGAME_getRankList?limitNum=100', headers: m.headers })
    ).json().value.list as { vo: { winAmount: string; nodeId: number; gameCode: string } }[];
    const credits = await rows<{ amount: bigint }>(
      t.database.db,
      sql`select amount from vendor_txn where member_id = ${m.id} and op = 'credit' and amount > 0`,
    );
    expect(BigInt(credits.length > 0 ? Math.max(...credits.map((c) => Number(c.amount))) : 0)).toBe(bestWin);
    // 40 spins without a single win: about 1 in 100,000 at these configurations' hit rates
    expect(bestWin).toBeGreaterThan(0n);
    // the board is the merchant's biggest wins on its games as the journal has them (the demo team's
    // history among them); this member's best win is on it whenever it ranks
    const top = await rows<{ amount: bigint }>(
      t.database.db,
      sql`select t.amount from vendor_txn t join member m on m.id = t.member_id
          join game g on g.vendor_code = t.vendor_code and g.game_code = t.game_code and g.status <> 'disabled'
          where t.merchant_id = ${merchantId} and t.op = 'credit' and t.status = 'ok' and t.amount > 0
            and m.type <> 4
          order by t.amount desc, t.id desc limit 100`,
    );
    expect(board.map((r) => minorOf(r.vo.winAmount))).toEqual(top.map((r) => BigInt(r.amount)));
    if (top.length < 100 || bestWin >= BigInt(top[top.length - 1]!.amount))
      expect(board.some((r) => r.vo.nodeId === slot.nodeId && minorOf(r.vo.winAmount) === bestWin)).toBe(
        true,
      );
  });
});
