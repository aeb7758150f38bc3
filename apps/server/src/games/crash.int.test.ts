import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashElapsedMsFor, crashLinkValid, crashMultiplierX100At, crashPointX100 } from '@bp/games';
import { createTestApp, type TestApp } from '../test/harness.js';
import { rows } from '../platform/sql.js';
import { memberSession, expectLedgerInvariants, fund, mainBalance, merchantIdOf } from '../test/factories.js';
import { gameOfKind, gsCall, minorOf, playGame, requestId, vendorTxns } from '../test/games.js';
import { CRASH_STALE_MS } from './crash.service.js';
import { testClock } from '../test/clock.js';

const PAUSE_MS = 3000;
const clock = testClock({ frozen: true });
let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  merchantId = await merchantIdOf(t.database.db);
});
afterAll(() => t.close());

async function player() {
  const m = await memberSession(t.app, t.database.db, merchantId);
  await fund(t.database.db, merchantId, m.id, 100_000n);
  const { headers, view } = await playGame(
    t.app,
    m.headers,
    (await gameOfKind(t.database.db, 'crash')).nodeId,
  );
  return { ...m, gs: headers, view };
}
const state = async (h: Record<string, string>) => {
  const res = await gsCall(t.app, h, 'GET', '/gs/api/crash/state');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const pointOf = async (roundId: string) =>
  (
    await rows<{ point_x100: number; starts_at: Date }>(
      t.database.db,
      sql`select point_x100, starts_at from gs_crash_round where id = ${roundId}`,
    )
  )[0]!;
const bet = (h: Record<string, string>, amount: string, autoCashout?: string) =>
  gsCall(t.app, h, 'POST', '/gs/api/crash/bet', {
    bet: amount,
    requestId: requestId(),
    ...(autoCashout ? { autoCashout } : {}),
  });

/** Polls until a betting phase whose (hidden) point is at least `min`; crashed rounds in between pass by. */
async function bettingRoundWith(h: Record<string, string>, min: number) {
  for (let i = 0; i < 60; i++) {
    const s = await state(h);
    const p = await pointOf(s.roundId);
    if (s.phase === 'betting' && p.point_x100 >= min && s.startsAt - s.now > 1000)
      return { s, point: p.point_x100 };
    // to the crash, then past the pause (well within the stale limit)
    const crashAt = s.startsAt + crashElapsedMsFor(p.point_x100);
    clock.advance(Math.max(0, crashAt - s.now) + PAUSE_MS + 10);
  }
  throw new Error('no round with a high enough point');
}

describe('crash: shared rounds on a hash chain', () => {
  it('takes bets in the betting phase, cashes out at the clock multiplier, auto cash-out, closes losers', async () => {
    const [a, b, c, late] = [await player(), await player(), await player(), await player()];
    expect(a.view).toMatchObject({ kind: 'crash', mode: 'real' });
    expect(a.view.config.chainCommitment).toMatch(/^[0-9a-f]{64}$/);
    const { s, point } = await bettingRoundWith(a.gs, 200);
    expect(s.players).toEqual([]);
    for (const [p, auto] of [
      [a, undefined],
      [b, '1.50'],
      [c, undefined],
    ] as const) {
      const res = await bet(p.gs, '10.00', auto);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.myBet).toMatchObject({ bet: '10.00', cashedOutAt: null });
    }
    // one bet per round
    expect((await bet(a.gs, '10.00')).json().errorCode).toBe('game_bet_invalid');
    expect((await state(a.gs)).players).toHaveLength(3);
    const [aRound] = await rows<{ id: string }>(
      t.database.db,
      sql`select id from gs_round where member_id = ${a.id} and crash_round_id = ${s.roundId}`,
    );
    const hidden = (await gsCall(t.app, a.gs, 'GET', `/gs/api/fair/rounds/${aRound!.id}`)).json().value;
    expect(hidden.params.hash).toBeUndefined();
    const recordOf = async (p: { headers: Record<string, string> }, id: string) => {
      const [w] = await rows<{ wallet_round_id: string; vendor_code: string }>(
        t.database.db,
        sql`select wallet_round_id, vendor_code from gs_round where id = ${id}`,
      );
      const res = await t.app.inject({
        url: `/wps/relay/ODSFE2_getBettingRecordDetail?vendor=${w!.vendor_code}&roundId=${w!.wallet_round_id}`,
        headers: p.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.round.outcome as Record<string, unknown>;
    };
    // the betting record never tells the point of a round that is still open
    expect((await recordOf(a, aRound!.id)).crashPointX100).toBeUndefined();
    for (const p of [a, b, c]) expect(await mainBalance(t.database.db, p.id)).toBe(99_000n);

    // running: a cashes out at about 1.30x; betting is closed
    clock.advance(s.startsAt - s.now + crashElapsedMsFor(130) + 5);
    expect((await bet(late.gs, '10.00')).json().errorCode).toBe('game_round_closed');
    const out = await gsCall(t.app, a.gs, 'POST', '/gs/api/crash/cashout', {});
    expect(out.statusCode, out.body).toBe(200);
    const mine = out.json().value.myBet;
    const at = minorOf(mine.cashedOutAt);
    expect(at).toBeGreaterThanOrEqual(130n);
    expect(at).toBeLessThan(BigInt(point));
    expect(minorOf(mine.win)).toBe((1000n * at) / 100n);
    expect(await mainBalance(t.database.db, a.id)).toBe(99_000n + minorOf(mine.win));
    expect((await gsCall(t.app, a.gs, 'POST', '/gs/api/crash/cashout', {})).json().errorCode).toBe(
      'game_bet_invalid',
    );

    // past b's target: the loop cashes b out at exactly 1.50x
    clock.advance(crashElapsedMsFor(151) - crashElapsedMsFor(130));
    const running = await state(c.gs);
    expect(running.phase).toBe('running');
    expect(minorOf(running.multiplier)).toBe(BigInt(crashMultiplierX100At(running.now - running.startsAt)));
    expect(await mainBalance(t.database.db, b.id)).toBe(99_000n + 1500n);

    // the crash: c lost, closed with a credit of 0; the point is the hash's
    clock.advance(crashElapsedMsFor(point) - crashElapsedMsFor(151) + 5);
    const over = await state(c.gs);
    expect(over.phase).toBe('crashed');
    expect(minorOf(over.crashPoint)).toBe(BigInt(point));
    expect(crashPointX100(over.hash)).toBe(point);
    expect(over.myBet).toMatchObject({ cashedOutAt: null, win: '0.00' });
    // the verification data of c's bet: the round's hash, the hash it leads to, the point
    const [cRound] = await rows<{ id: string }>(
      t.database.db,
      sql`select id from gs_round where member_id = ${c.id} and crash_round_id = ${s.roundId}`,
    );
    const fair = (await gsCall(t.app, c.gs, 'GET', `/gs/api/fair/rounds/${cRound!.id}`)).json().value;
    expect(fair).toMatchObject({
      kind: 'crash',
      params: { hash: over.hash },
      outcome: { crashPoint: over.crashPoint },
    });
    expect(crashLinkValid(fair.params.previousHash, fair.params.hash)).toBe(true);
    // once it crashed, the betting record shows the point (a's bet too, which cashed out before it)
    expect(await recordOf(a, aRound!.id)).toMatchObject({ crashPointX100: point, hash: over.hash });
    expect(await mainBalance(t.database.db, c.id)).toBe(99_000n);
    const cTxns = await vendorTxns(t.database.db, c.id);
    expect(cTxns.map((x) => [x.op, x.amount])).toEqual([
      ['debit', 1000n],
      ['credit', 0n],
    ]);
    expect((await gsCall(t.app, c.gs, 'POST', '/gs/api/crash/cashout', {})).json().errorCode).toBe(
      'game_round_closed',
    );
    const open = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from gs_round where crash_round_id = ${s.roundId} and status <> 'settled'`,
    );
    expect(open[0]!.n).toBe(0);
    await expectLedgerInvariants(t.database.db);
  });

  it('every played round links to the previous one and the first to the published commitment', async () => {
    const p = await player();
    for (let i = 0; i < 3; i++) {
      const s = await state(p.gs);
      const crashAt = s.startsAt + crashElapsedMsFor((await pointOf(s.roundId)).point_x100);
      clock.advance(Math.max(0, crashAt - s.now) + PAUSE_MS + 10);
      const after = await state(p.gs);
      expect(after.history[0]).toMatchObject({ roundId: s.roundId });
    }
    const played = await rows<{
      hash: string;
      point_x100: number;
      link_index: number;
      commitment: string;
      length: number;
    }>(
      t.database.db,
      sql`select r.hash, r.point_x100, r.link_index, c.commitment, c.length
          from gs_crash_round r join gs_crash_chain c on c.id = r.chain_id order by r.link_index desc`,
    );
    expect(played.length).toBeGreaterThan(1);
    const sha = (h: string) => createHash('sha256').update(h).digest('hex');
    expect(played[0]!.link_index).toBe(played[0]!.length - 1);
    expect(sha(played[0]!.hash)).toBe(played[0]!.commitment);
    for (let i = 1; i < played.length; i++) {
      expect(crashLinkValid(played[i - 1]!.hash, played[i]!.hash)).toBe(true);
      expect(played[i]!.link_index).toBe(played[i - 1]!.link_index - 1);
    }
    for (const r of played) expect(crashPointX100(r.hash)).toBe(r.point_x100);
  });

  it('a round whose loop died is voided and its bets refunded', async () => {
    const p = await player();
    const { s, point } = await bettingRoundWith(p.gs, 100);
    expect((await bet(p.gs, '25.00')).statusCode).toBe(200);
    expect(await mainBalance(t.database.db, p.id)).toBe(97_500n);
    // nobody looks at the table until well after its crash was due
    clock.advance(s.startsAt - s.now + crashElapsedMsFor(point) + CRASH_STALE_MS + 1000);
    await t.app.scheduler.runNow('gs.recovery');
    const [r] = await rows<{ status: string }>(
      t.database.db,
      sql`select status from gs_crash_round where id = ${s.roundId}`,
    );
    expect(r!.status).toBe('void');
    expect(await mainBalance(t.database.db, p.id)).toBe(100_000n);
    const txns = await vendorTxns(t.database.db, p.id);
    expect(txns.map((x) => x.op)).toEqual(['debit', 'rollback']);
    await expectLedgerInvariants(t.database.db);
  });
});
