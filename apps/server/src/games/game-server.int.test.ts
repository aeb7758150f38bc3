import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayRound } from '@bp/games';
import type { TGameKind } from '@bp/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { rows } from '../platform/sql.js';
import { memberSession, expectLedgerInvariants, fund, mainBalance, merchantIdOf } from '../test/factories.js';
import { gameOfKind, gsCall, minorOf, playGame, requestId, vendorTxns } from '../test/games.js';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  merchantId = await merchantIdOf(t.database.db);
});
afterAll(() => t.close());

const richMember = async (minor = 1_000_000n) => {
  const m = await memberSession(t.app, t.database.db, merchantId);
  await fund(t.database.db, merchantId, m.id, minor);
  return m;
};

/** One bet of each kind, as the UI sends it. */
const BETS: Record<Exclude<TGameKind, 'crash'>, { url: string; body: () => object }> = {
  slot: { url: '/gs/api/slot/spin', body: () => ({ bet: '10.00', requestId: requestId() }) },
  baccarat: {
    url: '/gs/api/table/bet',
    body: () => ({ bets: { banker: '20.00', tie: '5.00' }, requestId: requestId() }),
  },
  dragonTiger: {
    url: '/gs/api/table/bet',
    body: () => ({ bets: { dragon: '10.00', suitedTie: '1.00' }, requestId: requestId() }),
  },
  dice: {
    url: '/gs/api/dice/roll',
    body: () => ({ bet: '5.00', target: '49.50', over: true, requestId: requestId() }),
  },
};

describe('real-money play through the seamless wallet', () => {
  for (const kind of Object.keys(BETS) as (keyof typeof BETS)[]) {
    it(`${kind}: each round moves the balance by win - stake, journalled as debit + credit`, async () => {
      const m = await richMember();
      const game = await gameOfKind(t.database.db, kind);
      const { view, headers } = await playGame(t.app, m.headers, game.nodeId);
      expect(view).toMatchObject({ mode: 'real', kind, balance: '10000.00', currencySymbol: '৳' });
      let before = await mainBalance(t.database.db, m.id);
      const roundIds: string[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await gsCall(t.app, headers, 'POST', BETS[kind].url, BETS[kind].body());
        expect(res.statusCode, res.body).toBe(200);
        const r = res.json().value;
        const after = await mainBalance(t.database.db, m.id);
        expect(after - before).toBe(minorOf(r.win) - minorOf(r.bet));
        expect(minorOf(r.balance)).toBe(after);
        before = after;
        roundIds.push(r.roundId);
      }
      const txns = await vendorTxns(t.database.db, m.id);
      for (const id of roundIds) {
        const mine = txns.filter((x) => x.txn_id.startsWith(`${id}:`));
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.every((x) => x.status === 'ok' && x.vendor_code === game.vendor)).toBe(true);
      }
      const open = await rows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from gs_round where member_id = ${m.id} and status <> 'settled'`,
      );
      expect(open[0]!.n).toBe(0);
      await expectLedgerInvariants(t.database.db);
    });
  }

  it('slot free spins cost nothing and their wins go to the spin that awarded them', async () => {
    const m = await richMember();
    const game = await gameOfKind(t.database.db, 'slot');
    const { headers } = await playGame(t.app, m.headers, game.nodeId);
    const paid = (await gsCall(t.app, headers, 'POST', BETS.slot.url, BETS.slot.body())).json().value;
    // two free spins at ৳5 awarded by that spin (what a scatter trigger writes)
    await t.database.db.execute(
      sql`insert into gs_free_spins (merchant_id, owner, mode, vendor_code, game_code, remaining, bet, wallet_round_id)
          values (${merchantId}, ${`m:${m.id}`}, 'real', ${game.vendor}, ${game.gameCode}, 2, 500, ${paid.roundId})
          on conflict (merchant_id, owner, mode, vendor_code, game_code) do update set remaining = 2, bet = 500,
            wallet_round_id = excluded.wallet_round_id`,
    );
    // a game opened again shows them
    const reopened = await playGame(t.app, m.headers, game.nodeId);
    expect(reopened.view.config.freeSpinsLeft).toBe(2);
    for (const left of [1, 0]) {
      const before = await mainBalance(t.database.db, m.id);
      const r = (await gsCall(t.app, headers, 'POST', BETS.slot.url, BETS.slot.body())).json().value;
      expect(r.freeSpins).toMatchObject({ isFree: true, remaining: left + r.freeSpins.awarded });
      expect(r.bet).toBe('0.00');
      expect((await mainBalance(t.database.db, m.id)) - before).toBe(minorOf(r.win));
      const [w] = await rows<{ round_id: string }>(
        t.database.db,
        sql`select round_id from vendor_txn where txn_id = ${`${r.roundId}:win`}`,
      );
      expect(w!.round_id).toBe(paid.roundId);
      if (r.freeSpins.awarded) break;
    }
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses a stake the player cannot cover: no money moves, the round is failed', async () => {
    const m = await memberSession(t.app, t.database.db, merchantId);
    await fund(t.database.db, merchantId, m.id, 300n);
    const game = await gameOfKind(t.database.db, 'dice');
    const { headers } = await playGame(t.app, m.headers, game.nodeId);
    const res = await gsCall(t.app, headers, 'POST', BETS.dice.url, BETS.dice.body());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'game_insufficient_balance', value: { balance: '3.00' } });
    expect(await mainBalance(t.database.db, m.id)).toBe(300n);
    const txns = await vendorTxns(t.database.db, m.id);
    expect(txns.filter((x) => x.status === 'ok')).toEqual([]);
    const [r] = await rows<{ status: string }>(
      t.database.db,
      sql`select status from gs_round where member_id = ${m.id}`,
    );
    expect(r!.status).toBe('failed');
    await expectLedgerInvariants(t.database.db);
  });

  it('a repeated requestId answers the same round without a second bet', async () => {
    const m = await richMember();
    const game = await gameOfKind(t.database.db, 'slot');
    const { headers } = await playGame(t.app, m.headers, game.nodeId);
    const body = BETS.slot.body();
    const [a, b] = await Promise.all([
      gsCall(t.app, headers, 'POST', BETS.slot.url, body),
      gsCall(t.app, headers, 'POST', BETS.slot.url, body),
    ]);
    const c = await gsCall(t.app, headers, 'POST', BETS.slot.url, body);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().value.roundId).toBe(a.json().value.roundId);
    expect(c.json().value.roundId).toBe(a.json().value.roundId);
    const debits = (await vendorTxns(t.database.db, m.id)).filter((x) => x.op === 'debit');
    expect(debits).toHaveLength(1);
    expect(await mainBalance(t.database.db, m.id)).toBe(
      1_000_000n - minorOf(a.json().value.bet) + minorOf(a.json().value.win),
    );
  });

  it('refuses stakes out of range and bets the table does not have', async () => {
    const m = await richMember();
    const dice = await playGame(t.app, m.headers, (await gameOfKind(t.database.db, 'dice')).nodeId);
    const bad = await gsCall(t.app, dice.headers, 'POST', BETS.dice.url, {
      ...BETS.dice.body(),
      bet: '0.50',
    });
    expect(bad.json().errorCode).toBe('game_bet_invalid');
    const badTarget = await gsCall(t.app, dice.headers, 'POST', BETS.dice.url, {
      ...BETS.dice.body(),
      target: '99.99',
    });
    expect(badTarget.json().errorCode).toBe('game_bet_invalid');
    const wrongGame = await gsCall(t.app, dice.headers, 'POST', BETS.slot.url, BETS.slot.body());
    expect(wrongGame.json().errorCode).toBe('game_bet_invalid');
    const table = await playGame(t.app, m.headers, (await gameOfKind(t.database.db, 'baccarat')).nodeId);
    const side = await gsCall(t.app, table.headers, 'POST', BETS.baccarat.url, {
      bets: { dragon: '10.00' },
      requestId: requestId(),
    });
    expect(side.json().errorCode).toBe('game_bet_invalid');
    expect(await mainBalance(t.database.db, m.id)).toBe(1_000_000n);
  });
});

describe('free trial', () => {
  it('plays with play money and never touches the wallet', async () => {
    const m = await richMember(50_000n);
    for (const kind of Object.keys(BETS) as (keyof typeof BETS)[]) {
      const game = await gameOfKind(t.database.db, kind);
      const { view, headers } = await playGame(t.app, m.headers, game.nodeId, 0);
      expect(view).toMatchObject({ mode: 'trial', balance: '2000.00' });
      let play = 200_000n;
      for (let i = 0; i < 5; i++) {
        const r = (await gsCall(t.app, headers, 'POST', BETS[kind].url, BETS[kind].body())).json().value;
        play += minorOf(r.win) - minorOf(r.bet);
        expect(minorOf(r.balance)).toBe(play);
      }
    }
    expect(await mainBalance(t.database.db, m.id)).toBe(50_000n);
    expect(await vendorTxns(t.database.db, m.id)).toEqual([]);
  });
});

describe('provably fair', () => {
  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

  it('the revealed seed hashes to what was shown before play and recomputes every round', async () => {
    const m = await richMember();
    for (const kind of Object.keys(BETS) as (keyof typeof BETS)[]) {
      const { view, headers } = await playGame(
        t.app,
        m.headers,
        (await gameOfKind(t.database.db, kind)).nodeId,
      );
      const shown = view.fairness;
      const played: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = (await gsCall(t.app, headers, 'POST', BETS[kind].url, BETS[kind].body())).json().value;
        expect(r.nonce).toBe(shown.nonce + i);
        played.push(r.roundId);
      }
      expect((await gsCall(t.app, headers, 'GET', '/gs/api/fair')).json().value.nonce).toBe(shown.nonce + 3);
      const hidden = (await gsCall(t.app, headers, 'GET', `/gs/api/fair/rounds/${played[0]}`)).json().value;
      expect(hidden.serverSeed).toBeNull();
      expect(hidden.serverSeedHash).toBe(shown.serverSeedHash);

      const rot = (await gsCall(t.app, headers, 'POST', '/gs/api/fair/rotate', {})).json().value;
      expect(rot.previous.serverSeedHash).toBe(shown.serverSeedHash);
      expect(sha256(rot.previous.serverSeed)).toBe(shown.serverSeedHash);
      expect(rot.current.serverSeedHash).not.toBe(shown.serverSeedHash);
      expect(rot.current.nonce).toBe(0);
      for (const id of played) {
        const f = (await gsCall(t.app, headers, 'GET', `/gs/api/fair/rounds/${id}`)).json().value;
        expect(f.serverSeed).toBe(rot.previous.serverSeed);
        const again = replayRound(kind, f.params, {
          serverSeed: f.serverSeed,
          clientSeed: f.clientSeed,
          nonce: f.nonce,
        });
        expect(f.outcome).toMatchObject(JSON.parse(JSON.stringify(again)));
      }
    }
  });

  it('a new client seed starts a new pair and reveals the old server seed', async () => {
    const m = await richMember();
    const { view, headers } = await playGame(
      t.app,
      m.headers,
      (await gameOfKind(t.database.db, 'dice')).nodeId,
    );
    const r = (await gsCall(t.app, headers, 'POST', BETS.dice.url, BETS.dice.body())).json().value;
    const res = await gsCall(t.app, headers, 'POST', '/gs/api/fair/client-seed', {
      clientSeed: 'my-lucky-seed',
    });
    expect(res.json().value).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(res.json().value.serverSeedHash).not.toBe(view.fairness.serverSeedHash);
    const f = (await gsCall(t.app, headers, 'GET', `/gs/api/fair/rounds/${r.roundId}`)).json().value;
    expect(sha256(f.serverSeed)).toBe(view.fairness.serverSeedHash);
  });
});
