import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import {
  expectLedgerInvariants,
  fund,
  loginToken,
  mainBalance,
  memberSession,
  merchantIdOf,
  operatorToken,
  registerWithCode,
  setModule,
} from '../../test/factories.js';
import { gameOfKind, gsCall, minorOf, playGame, requestId } from '../../test/games.js';
import { RECOVERY_JOB, slotDecision } from '../../games/index.js';

/**
 * FREE_SPINS rewards (issue 16): a claim grants spins of a built-in slot at the promotion's stake;
 * opening that game for real money plays them as real provably fair rounds the house pays for, each
 * win is bonus money with the promotion's wagering, parallel or repeated spin requests never play
 * more spins than granted, and spins left at the expiry are forfeited.
 */
let t: TestApp;
let merchantId: number;
let admin: string;
let slot: { nodeId: number; vendor: string; gameCode: string };
const db = () => t.database.db;

beforeAll(async () => {
  // the test decides when recovery runs (a spin cut short is its business at once)
  t = await createTestApp({ poolMax: 12, env: { GAME_RECOVERY_AGE_MS: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  slot = await gameOfKind(db(), 'slot');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const create = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'rng_promo',
      title: { EN: 'free spins' },
      trigger: 'CLAIM',
      rewardKind: 'FREE_SPINS',
      wageringMultiple: 5,
      ...body,
    },
  });

async function freeSpinsPromotion(count: number, extra: Record<string, unknown> = {}) {
  const res = await create({
    freeSpins: { count, stake: '2.00', vendor: slot.vendor, gameCode: slot.gameCode },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; freeSpins: { count: number; stake: string } };
}

interface ClaimView {
  id: string;
  promotionId: number;
  state: string;
  status: string;
  bonusAmount: string | null;
  requiredTurnover: string;
  freeSpins: {
    granted: number;
    remaining: number;
    used: number;
    forfeited: number;
    win: string;
    stake: string;
  } | null;
}

async function claimOf(m: { headers: Record<string, string> }, promotionId: number) {
  const res = await t.app.inject({ url: '/wps/relay/MCS2_getPromotionClaimList', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value as ClaimView[]).find((c) => c.promotionId === promotionId)!;
}

/** A member with ৳1,000 who claimed the promotion, and the slot opened for real money. */
async function claimedAndOpen(promotionId: number) {
  const m = await memberSession(t.app, db(), merchantId);
  await fund(db(), merchantId, m.id, 100_000n);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/promotions',
    headers: m.headers,
    payload: { promotionId },
  });
  expect(res.statusCode, res.body).toBe(200);
  // the claim's answer shows the spins granted
  expect(res.json().value.freeSpins).toMatchObject({ used: 0, forfeited: 0, win: '0.00' });
  const game = await playGame(t.app, m.headers, slot.nodeId);
  return { ...m, game };
}

const spin = (headers: Record<string, string>, id = requestId()) =>
  gsCall(t.app, headers, 'POST', '/gs/api/slot/spin', { bet: '1.00', requestId: id });

/**
 * The member's seed pair of the slot, rotated (a new client seed starts a new pair, as a player may
 * ask) until its next `bets` draws award no free spins. A scatter's spins reach the claim when its
 * round settles, which requests running beside it may or may not see: on such a pair a burst plays
 * exactly the spins granted. Answers the pair's row, its next nonce and the slot's decision for the
 * k-th bet from there (base game: a promotion's spin is one, and so is a paid one).
 */
async function pairWithoutScatter(headers: Record<string, string>, bets: number) {
  const decide = slotDecision(slot.gameCode);
  for (let i = 0; i < 20; i++) {
    const fair = (await gsCall(t.app, headers, 'GET', '/gs/api/fair')).json().value as {
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
    };
    // the server seed stays the server's until it is revealed: the test reads it where it is kept
    const [pair] = await rows<{ id: number; server_seed: string }>(
      db(),
      sql`select id::int, server_seed from gs_seed where server_seed_hash = ${fair.serverSeedHash} and revealed_at is null`,
    );
    const draw = (k: number, stake: bigint) =>
      decide(
        { serverSeed: pair!.server_seed, clientSeed: fair.clientSeed, nonce: fair.nonce + k },
        { stake, free: false },
      );
    if (Array.from({ length: bets }, (_, k) => draw(k, 100n)).every((d) => !d.freeSpinsAwarded)) {
      return { seedId: pair!.id, nonce: fair.nonce, draw };
    }
    const rotated = await gsCall(t.app, headers, 'POST', '/gs/api/fair/client-seed', {
      clientSeed: `no-scatter-${i}`,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
  }
  // about one pair in seven has a scatter in 20 draws: 20 of them in a row do not happen
  throw new Error(`no seed pair without a scatter in its next ${bets} draws`);
}

/**
 * PostgreSQL: two spin requests with one requestId, the second meeting the first as a retry does
 * while the first one's free spin is being paid. The test holds the member's seed pair, which every
 * bet locks first, until both requests wait for it (each has looked for its round and found none),
 * and holds the claim, which the first one's settlement locks after marking its round settled. With
 * the pair let go, the first request writes its round and its settlement waits for the claim; the
 * second one, next on the pair, answers that round. Then the claim is let go. (Before the round was
 * looked for under the pair's lock, the second one took another spin, locking its row, and waited on
 * the round's unique index for the first one's settlement, which then waited for that row: a
 * deadlock; one request answered 503 and a spin's win stayed unpaid until the recovery job.)
 */
async function retryDuringSettlement(
  headers: Record<string, string>,
  id: string,
  held: { claimId: string; seedId: number },
) {
  /**
   * This database's backends waiting for a lock: how many, how many wait for `holder` itself, and
   * how many for none of the test's connections (for another request of the app).
   */
  const waiting = async (holder: number, test: number[]) => {
    const [r] = await rows<{ n: number; holder: number; app: number }>(
      db(),
      sql`select count(*)::int as n,
            count(*) filter (where ${holder}::int = any(pg_blocking_pids(pid)))::int as holder,
            count(*) filter (where not (pg_blocking_pids(pid) && ${`{${test.join(',')}}`}::int[]))::int as app
          from pg_stat_activity where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0`,
    );
    return r!;
  };
  return t.database.withConnection((claim) =>
    t.database.withConnection(async (pair) => {
      const pidOf = async (q: typeof claim) => Number((await q('select pg_backend_pid() as pid'))[0]!.pid);
      const claimPid = await pidOf(claim);
      const pairPid = await pidOf(pair);
      try {
        await claim('begin');
        const c = await claim(`select id from promotion_claim where id = ${BigInt(held.claimId)} for update`);
        expect(c.length).toBe(1);
        await pair('begin');
        const seed = await pair(`select id from gs_seed where id = ${Number(held.seedId)} for update`);
        expect(seed.length).toBe(1);
        let answered = 0;
        const requests = [spin(headers, id), spin(headers, id)].map((r) =>
          r.then((a) => {
            answered++;
            return a;
          }),
        );
        // both wait for the pair: one for the test's hold, the other one behind it
        await vi.waitFor(
          async () => {
            const w = await waiting(pairPid, [claimPid, pairPid]);
            expect(w.n).toBe(2);
            expect(w.holder).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 10 },
        );
        await pair('commit');
        // the first one's settlement waits for the claim; the second request answered, or waits too
        await vi.waitFor(
          async () => {
            const w = await waiting(claimPid, [claimPid, pairPid]);
            expect(w.holder).toBe(1);
            expect(answered + w.app).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 10 },
        );
        await claim('commit');
        return await Promise.all(requests);
      } finally {
        // a failed step leaves nothing held (no-ops after the commits)
        await pair('rollback');
        await claim('rollback');
      }
    }),
  );
}

/** What the member holds: main and bonus money (a converted bonus moves from one to the other). */
async function memberMoney(memberId: number) {
  return (await mainBalance(db(), memberId)) + (await bonusBalance(memberId));
}

async function bonusBalance(memberId: number) {
  const [r] = await rows<{ b: string }>(
    db(),
    sql`select coalesce(sum(balance), 0)::text as b from ledger_account where member_id = ${memberId} and code = 'bonus'`,
  );
  return BigInt(r!.b);
}

async function promoRounds(memberId: number) {
  return rows<{
    stake: string;
    win: string;
    status: string;
    spin: number;
    free_spin: boolean;
    awarded: number;
    nonce: number;
  }>(
    db(),
    sql`select stake::text, win::text, status, (params->>'promotionSpin')::int as spin, free_spin, nonce,
          coalesce((outcome->>'freeSpinsAwarded')::int, 0) as awarded
        from gs_round where member_id = ${memberId} and params ? 'promotionClaimId' order by created_at`,
  );
}

describe('FREE_SPINS promotions', () => {
  it('an operator sets one on a built-in slot; a game that is not a slot, an unknown game or a trigger without a single reward is refused', async () => {
    const p = await freeSpinsPromotion(10);
    expect(p.freeSpins).toMatchObject({ count: 10, stake: '2.00' });

    const dice = await gameOfKind(db(), 'dice');
    const notSlot = await create({
      freeSpins: { count: 10, stake: '2.00', vendor: dice.vendor, gameCode: dice.gameCode },
    });
    expect(notSlot.statusCode).toBe(400);
    expect(notSlot.json().errorCode).toBe('promotion_free_spins_game');

    const unknown = await create({
      freeSpins: { count: 10, stake: '2.00', vendor: slot.vendor, gameCode: 'no-such-game' },
    });
    expect(unknown.json().errorCode).toBe('promotion_free_spins_game');

    const raffle = await create({
      trigger: 'DAILY_LOGIN',
      freeSpins: { count: 10, stake: '2.00', vendor: slot.vendor, gameCode: slot.gameCode },
    });
    expect(raffle.statusCode).toBe(422);
    expect(raffle.json().errorCode).toBe('request_param_err');
    const missing = await create({});
    expect(missing.json().errorCode).toBe('request_param_err');

    // an update to a table game is refused the same way
    const patched = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/promotions/${p.id}`,
      headers: { authorization: admin },
      payload: { freeSpins: { count: 5, stake: '1.00', vendor: dice.vendor, gameCode: dice.gameCode } },
    });
    expect(patched.json().errorCode).toBe('promotion_free_spins_game');
  });

  it('plays every granted spin at the promotion stake for free; the wins land in the bonus account with wagering', async () => {
    const p = await freeSpinsPromotion(10);
    const m = await claimedAndOpen(p.id);
    expect(m.game.view.config.freeSpinsLeft).toBe(10);
    const granted = await claimOf(m, p.id);
    expect(granted).toMatchObject({ state: 'ACTIVE', status: 'Process', bonusAmount: '0.00' });
    expect(granted.freeSpins).toMatchObject({
      granted: 10,
      remaining: 10,
      used: 0,
      win: '0.00',
      stake: '2.00',
    });

    const main = await mainBalance(db(), m.id);
    let wins = 0n;
    let played = 0;
    for (let left = 10; left > 0 && played < 200; played++) {
      const res = await spin(m.game.headers);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().value;
      expect(r.freeSpins.isFree).toBe(true);
      expect(r.bet).toBe('0.00');
      wins += minorOf(r.win);
      left = r.freeSpins.remaining;
    }
    // nothing of the member's money moved
    expect(await mainBalance(db(), m.id)).toBe(main);
    const rounds = await promoRounds(m.id);
    expect(rounds.length).toBe(played);
    expect(rounds.every((r) => r.status === 'settled' && r.free_spin && r.stake === '0')).toBe(true);
    expect(new Set(rounds.map((r) => r.spin)).size).toBe(played);

    const after = await claimOf(m, p.id);
    expect(after.freeSpins).toMatchObject({ remaining: 0, used: played, granted: played, forfeited: 0 });
    expect(minorOf(after.freeSpins!.win)).toBe(wins);
    if (wins > 0n) {
      expect(after).toMatchObject({ state: 'ACTIVE' });
      expect(minorOf(after.bonusAmount!)).toBe(wins);
      expect(minorOf(after.requiredTurnover)).toBe(wins * 5n);
      expect(await bonusBalance(m.id)).toBe(wins);
    } else {
      // nothing won: nothing to wager, the claim ends
      expect(after.state).toBe('CONVERTED');
    }
    // the next spin is a paid one
    const paid = (await spin(m.game.headers)).json().value;
    expect(paid.freeSpins.isFree).toBe(false);
    expect(paid.bet).toBe('1.00');
    await expectLedgerInvariants(db());
  });

  it('20 parallel spin requests (and their retries) never play more spins than granted', async () => {
    const p = await freeSpinsPromotion(5);
    const m = await claimedAndOpen(p.id);
    const pair = await pairWithoutScatter(m.game.headers, 20);
    const money = await memberMoney(m.id);
    const ids = Array.from({ length: 20 }, () => requestId());
    const sent = [...ids, ...ids.slice(0, 5)];
    const answers = await Promise.all(sent.map((id) => spin(m.game.headers, id)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);

    // a retried requestId answers the same round: 20 requests, 20 rounds
    const roundOf = new Map<string, string>();
    for (const [i, a] of answers.entries()) {
      const roundId = a.json().value.roundId as string;
      if (roundOf.has(sent[i]!)) expect(roundId).toBe(roundOf.get(sent[i]!));
      roundOf.set(sent[i]!, roundId);
    }
    expect(new Set(roundOf.values()).size).toBe(20);
    const all = await rows<{ status: string; free_spin: boolean; stake: string; win: string; nonce: number }>(
      db(),
      sql`select status, free_spin, stake::text, win::text, nonce from gs_round where member_id = ${m.id}`,
    );
    expect(all.length).toBe(20);
    expect(all.every((r) => r.status === 'settled')).toBe(true);
    // each bet drew its own nonce of the pair
    expect(all.map((r) => r.nonce - pair.nonce).sort((a, b) => a - b)).toEqual([...Array(20).keys()]);

    // the bets queue on the seed pair: the first five took the five spins granted, numbered 1 to 5
    // in that order and played at the promotion's stake (its wins are the pair's draws at ৳2.00);
    // the other fifteen were paid
    const free = (await promoRounds(m.id)).sort((a, b) => a.spin - b.spin);
    expect(free.map((r) => [r.spin, r.nonce - pair.nonce, r.free_spin, r.stake])).toEqual(
      [0, 1, 2, 3, 4].map((k) => [k + 1, k, true, '0']),
    );
    for (const r of free) expect(BigInt(r.win)).toBe(pair.draw(r.nonce - pair.nonce, 200n).win);
    const paid = all.filter((r) => r.nonce - pair.nonce >= 5);
    expect(paid.every((r) => !r.free_spin && r.stake === '100')).toBe(true);
    for (const r of paid) expect(BigInt(r.win)).toBe(pair.draw(r.nonce - pair.nonce, 100n).win);

    const c = await claimOf(m, p.id);
    expect(c.freeSpins).toMatchObject({ granted: 5, remaining: 0, used: 5, forfeited: 0 });
    const freeWin = free.reduce((sum, r) => sum + BigInt(r.win), 0n);
    const paidWin = paid.reduce((sum, r) => sum + BigInt(r.win), 0n);
    expect(minorOf(c.freeSpins!.win)).toBe(freeWin);
    // each win booked once: one bonus entry per winning spin; the member's money moved by the wins
    // and the fifteen stakes, nothing more
    const entries = await rows<{ key: string }>(
      db(),
      sql`select idem_key as key from ledger_entry where idem_key like ${`fs:win:${c.id}:%`}`,
    );
    expect(entries.map((e) => e.key).sort()).toEqual(
      free
        .filter((r) => r.win !== '0')
        .map((r) => `fs:win:${c.id}:${r.spin}`)
        .sort(),
    );
    expect(await memberMoney(m.id)).toBe(money - 15n * 100n + paidWin + freeWin);
    await expectLedgerInvariants(db());
  });

  it("a retry meeting its first request while spins are left answers that round (the first one's settlement is not stuck behind it)", async () => {
    const p = await freeSpinsPromotion(3);
    const m = await claimedAndOpen(p.id);
    const pair = await pairWithoutScatter(m.game.headers, 1);
    const claimId = (await claimOf(m, p.id)).id;
    const id = requestId();
    const answers =
      t.database.kind === 'postgres'
        ? await retryDuringSettlement(m.game.headers, id, { claimId, seedId: pair.seedId })
        : // PGlite is one connection: there the two requests run one after the other anyway
          await Promise.all([spin(m.game.headers, id), spin(m.game.headers, id)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers[1]!.json().value.roundId).toBe(answers[0]!.json().value.roundId);
    // one spin played (one round, one nonce) and paid once; the other two are left
    const [all] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from gs_round where member_id = ${m.id}`,
    );
    expect(all!.n).toBe(1);
    const rounds = await promoRounds(m.id);
    expect(rounds.map((r) => [r.spin, r.status, r.nonce - pair.nonce])).toEqual([[1, 'settled', 0]]);
    expect(BigInt(rounds[0]!.win)).toBe(pair.draw(0, 200n).win);
    const c = await claimOf(m, p.id);
    expect(c.freeSpins).toMatchObject({ granted: 3, remaining: 2, used: 1 });
    expect(minorOf(c.freeSpins!.win)).toBe(BigInt(rounds[0]!.win));
    const [entries] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entry where idem_key = ${`fs:win:${claimId}:1`}`,
    );
    expect(entries!.n).toBe(rounds[0]!.win === '0' ? 0 : 1);
    await expectLedgerInvariants(db());
  });

  it('spins left at the expiry are forfeited and shown as such; the game then plays paid spins', async () => {
    const p = await freeSpinsPromotion(10, { expiryDays: 3 });
    const m = await claimedAndOpen(p.id);
    for (let i = 0; i < 2; i++) expect((await spin(m.game.headers)).json().value.freeSpins.isFree).toBe(true);
    await db().execute(
      sql`update promotion_claim set expires_at = now() - interval '1 minute' where member_id = ${m.id}`,
    );
    const next = (await spin(m.game.headers)).json().value;
    expect(next.freeSpins.isFree).toBe(false);
    const c = await claimOf(m, p.id);
    expect(c.state).toBe('FORFEITED');
    expect(c.status).toBe('Close');
    const fs = c.freeSpins!;
    expect(fs.remaining).toBe(0);
    expect(fs.used).toBe(fs.granted - fs.forfeited);
    expect(fs.forfeited).toBeGreaterThanOrEqual(8);
    expect(await bonusBalance(m.id)).toBe(0n);
    await expectLedgerInvariants(db());
  });

  it('a spin cut short before its win was paid keeps the claim open; the recovery job pays it once', async () => {
    const p = await freeSpinsPromotion(1, { wageringMultiple: 0 });
    const m = await claimedAndOpen(p.id);
    // the settlement's transaction fails (a crash between the round's record and its payment)
    await db().execute(
      sql.raw(`create function fs_cut_short() returns trigger language plpgsql as $$
                 begin raise exception 'cut short'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger fs_cut_short before update of settled on promotion_free_spin
                 for each row execute function fs_cut_short()`),
    );
    const res = await spin(m.game.headers);
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    await db().execute(sql.raw(`drop trigger fs_cut_short on promotion_free_spin`));
    await db().execute(sql.raw(`drop function fs_cut_short()`));
    expect((await promoRounds(m.id)).map((r) => r.status)).toEqual(['debited']);
    // the spin is taken, its win not paid yet: the claim waits (nothing to wager does not convert it)
    const waiting = await claimOf(m, p.id);
    expect(waiting.state).toBe('ACTIVE');
    expect(waiting.freeSpins).toMatchObject({ remaining: 0, used: 1, win: '0.00' });

    await t.app.scheduler.runNow(RECOVERY_JOB);
    await t.app.scheduler.runNow(RECOVERY_JOB);
    const [round] = await promoRounds(m.id);
    expect(round!.status).toBe('settled');
    const done = await claimOf(m, p.id);
    // no wagering: the win converts to real money at once (unless the spin awarded more spins)
    expect(done.state).toBe(round!.awarded > 0 ? 'ACTIVE' : 'CONVERTED');
    expect(minorOf(done.freeSpins!.win)).toBe(BigInt(round!.win));
    expect(minorOf(done.bonusAmount!)).toBe(BigInt(round!.win));
    await expectLedgerInvariants(db());
  });

  it('the reward centre lists the free spins left to play (title, spins, stake, slot, expiry) and counts them in its badge', async () => {
    const p = await freeSpinsPromotion(3, { expiryDays: 7, title: { EN: 'Spin week', BN: 'স্পিন সপ্তাহ' } });
    const m = await claimedAndOpen(p.id);
    const other = await claimedAndOpen(p.id);
    const list = async (headers: Record<string, string>, lang = 'en') => {
      const res = await t.app.inject({
        url: '/wps/relay/MCSFE_getFreeSpinList',
        headers: { ...headers, language: lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as {
        claimId: string;
        title: string;
        gameName: string;
        vendor: string;
        gameCode: string;
        stake: string;
        granted: number;
        remaining: number;
        expiryDate: string | null;
      }[];
    };
    const badge = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/wps/relay/PROMOFE_getTicketGlobalConfig', headers })).json().value
        .freeSpinCount as number;
    const [game] = await rows<{ names: Record<string, string> }>(
      db(),
      sql`select names from game where vendor_code = ${slot.vendor} and game_code = ${slot.gameCode}`,
    );

    const [row, ...rest] = await list(m.headers);
    expect(rest).toEqual([]);
    const claim = await claimOf(m, p.id);
    expect(row).toMatchObject({
      claimId: claim.id,
      title: 'Spin week',
      vendor: slot.vendor,
      gameCode: slot.gameCode,
      gameName: game!.names.EN,
      stake: '2.00',
      granted: 3,
      remaining: 3,
    });
    const days = (Date.parse(row!.expiryDate!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect((await list(m.headers, 'bn'))[0]!.title).toBe('স্পিন সপ্তাহ');
    expect(await badge(m.headers)).toBe(1);
    // another member's spins are theirs
    expect((await list(other.headers)).map((r) => r.claimId)).not.toContain(claim.id);

    // a spin played is one less; all played, the row leaves the list and the badge
    expect((await spin(m.game.headers)).json().value.freeSpins.isFree).toBe(true);
    const after = (await list(m.headers))[0];
    const fs = (await claimOf(m, p.id)).freeSpins!;
    expect(after?.remaining ?? 0).toBe(fs.remaining);
    for (let i = 0; i < 200 && (await list(m.headers)).length > 0; i++) await spin(m.game.headers);
    expect(await list(m.headers)).toEqual([]);
    expect(await badge(m.headers)).toBe(0);

    // expired spins are not offered any more
    expect(await badge(other.headers)).toBe(1);
    await db().execute(
      sql`update promotion_claim set expires_at = now() - interval '1 minute' where member_id = ${other.id}`,
    );
    expect(await list(other.headers)).toEqual([]);
    expect(await badge(other.headers)).toBe(0);

    const anonymous = await t.app.inject({
      url: '/wps/relay/MCSFE_getFreeSpinList',
      headers: { merchant: DEMO.merchant },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("an operator's grant and a sign-up grant the spins too (once per member)", async () => {
    const granted = await freeSpinsPromotion(4);
    const m = await memberSession(t.app, db(), merchantId);
    const grant = () =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/promotions/${granted.id}/grant`,
        headers: { authorization: admin },
        payload: { memberId: m.id, remark: 'goodwill' },
      });
    const g = await grant();
    expect(g.statusCode, g.body).toBe(200);
    expect((await grant()).json().errorCode).toBe('promotion_already_joined');
    expect((await claimOf(m, granted.id)).freeSpins).toMatchObject({ granted: 4, remaining: 4 });

    const signUp = await freeSpinsPromotion(6, { trigger: 'SIGN_UP', category: 'new_player' });
    await setModule(t.app, admin, 'REGMOBVERF3', false);
    const username = `fs${randomBytes(5).toString('hex')}`;
    const reg = await registerWithCode(t.app, db(), 'DEMO2026', { username });
    expect(reg.statusCode, reg.body).toBe(200);
    const headers = {
      merchant: DEMO.merchant,
      authorization: await loginToken(t.app, db(), username, 'Secret#12'),
    };
    const c = await claimOf({ headers }, signUp.id);
    expect(c).toMatchObject({ state: 'ACTIVE', status: 'Process' });
    expect(c.freeSpins).toMatchObject({ granted: 6, remaining: 6, used: 0 });
    await expectLedgerInvariants(db());
  });

  it('a slot members cannot open is refused; spins granted on a slot switched off later cannot be launched', async () => {
    // another slot than the one the other tests play (restored at the end)
    const other = await gameOfKind(db(), 'slot', { not: [slot.nodeId] });
    const spins = { count: 3, stake: '1.00', vendor: other.vendor, gameCode: other.gameCode };
    const refused = async () => {
      const res = await create({ freeSpins: spins });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errorCode).toBe('promotion_free_spins_game');
      expect(res.json().value).toEqual({ vendor: other.vendor, gameCode: other.gameCode });
    };
    const accepted = async () => {
      const res = await create({ freeSpins: spins });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.id as number;
    };
    const id = await accepted();
    const m = await memberSession(t.app, db(), merchantId);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions',
      headers: m.headers,
      payload: { promotionId: id },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await claimOf(m, id)).freeSpins).toMatchObject({ granted: 3, remaining: 3 });

    // the operator switches the game off for the merchant
    const switchOff = (enabled: boolean | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/catalogue/games/${other.nodeId}`,
        headers: { authorization: admin },
        payload: { enabled },
      });
    expect((await switchOff(false)).statusCode).toBe(200);
    await refused();
    // an update keeping the promotion active on it is refused too; switching the promotion off is not
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/promotions/${id}`,
        headers: { authorization: admin },
        payload,
      });
    const renamed = await put({ title: { EN: 'renamed' } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errorCode).toBe('promotion_free_spins_game');
    const stopped = await put({ active: false });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().value.active).toBe(false);
    // ... and back on it is refused while the game stays off
    expect((await put({ active: true })).json().errorCode).toBe('promotion_free_spins_game');

    // the granted spins: the game's launch answers game_not_found (as for any game switched off),
    // and nothing was played
    const launch = await t.app.inject({
      url: `/wps/game/launchGame?nodeId=${other.nodeId}&launchMode=GLS&accountType=1`,
      headers: m.headers,
    });
    expect(launch.statusCode).toBe(404);
    expect(launch.json().errorCode).toBe('game_not_found');
    expect((await claimOf(m, id)).freeSpins).toMatchObject({ granted: 3, remaining: 3, used: 0 });
    expect((await switchOff(null)).statusCode).toBe(200);
    expect((await put({ active: true })).statusCode).toBe(200);

    // a game or vendor in maintenance or disabled in the catalogue, a vendor the merchant has not enabled
    const setGame = (status: string) =>
      db().execute(sql`update game set status = ${status} where node_id = ${other.nodeId}`);
    const setVendor = (status: string) =>
      db().execute(sql`update game_vendor set status = ${status} where code = ${other.vendor}`);
    const setMerchantVendor = (enabled: boolean) =>
      db().execute(
        sql`update merchant_vendor set enabled = ${enabled} where merchant_id = ${merchantId} and vendor_code = ${other.vendor}`,
      );
    try {
      for (const status of ['maintenance', 'disabled']) {
        await setGame(status);
        await refused();
        await setGame('active');
        await setVendor(status);
        await refused();
        await setVendor('active');
      }
      await setMerchantVendor(false);
      await refused();
    } finally {
      await setGame('active');
      await setVendor('active');
      await setMerchantVendor(true);
    }
    await accepted();
  });
});
