import { randomBytes } from 'node:crypto';
import {
  CRASH_GROWTH,
  crashElapsedMsFor,
  crashHashChain,
  crashMultiplierX100At,
  crashPointX100,
} from '@bp/games';
import { fromMinor, toMinor, type TAmount, type TCrashState } from '@bp/contract';
import type { Db } from '../db/client.js';
import { AppError } from '../platform/errors.js';
import type { Clock } from '../platform/module.js';
import type { MerchantContext } from '../platform/merchant.js';
import { maskUsername } from '../platform/names.js';
import { crashRepo, type ChainRow, type CrashRoundRow, type Table } from './crash.repo.js';
import { gameServerRepo, type RoundRow, type SessionRow } from './game-server.repo.js';
import { stakeOf } from './game-play.js';
import type { RoundService } from './round.service.js';

/** The crash loop's leadership (the job engine's lease): only the holder's timers drive tables. */
export interface CrashLeader {
  held(): boolean;
  /** true once instances compete for it (the engine started): the leader then drives every open table */
  shared(): boolean;
}
/** how often the leader looks for tables with an open round that no local watcher drives */
const LEADER_SCAN_MS = 1000;

export interface CrashOptions {
  /** betting phase before the multiplier starts */
  bettingMs?: number;
  /** pause after a crash before the next betting phase */
  pauseMs?: number;
  /** how often a table's loop looks at its round */
  tickMs?: number;
  /** rounds per hash chain */
  chainLength?: number;
}

/** A round whose crash nobody recorded this long after it was due: its loop died; it is voided. */
export const CRASH_STALE_MS = 10_000;
const BALANCE_CACHE_MS = 2000;
/** a table nobody asked about for this long stops its loop (between rounds, or with no bet open) */
const IDLE_MS = 60_000;
const MIN_AUTO_X100 = 101;

const key = (t: Table) => `${t.merchantId}:${t.vendor}:${t.gameCode}`;
const at = (v: Date | string | number) => new Date(v).getTime();
const crashAtOf = (r: CrashRoundRow) => at(r.starts_at) + crashElapsedMsFor(r.point_x100);
const x100 = (v: number) => fromMinor(v, 2);

/**
 * Crash: one shared round at a time per (merchant, vendor, game). The points come from a hash chain
 * generated once per game and played from its end (each round's hash leads, by SHA-256, to the
 * previous round's hash and finally to the published commitment). Bets are debited in the betting
 * phase, cash-outs credited at the multiplier of the server clock, the losers closed with a credit of
 * 0 when the round crashes.
 *
 * The timer loop runs on one instance, the leader (`leader`, a lease of the job engine): its timers
 * drive the tables its players watch, and every second it looks for tables with a round still open
 * that no local timer drives (players on other instances) and drives them too; when the leader dies
 * another instance takes the lease within seconds. Any instance still advances a table on its
 * players' requests, and that stays safe: the next round is taken by a guarded UPDATE of the chain,
 * the crash by a guarded UPDATE of the round, each bet is closed by one guarded claim; so two
 * instances never settle anything twice (the app clock decides the phase, which keeps tests in
 * control of time).
 */
export function createCrashService({
  db,
  clock,
  rounds,
  sessionOf,
  merchants,
  log,
  leader = { held: () => true, shared: () => false },
  options = {},
}: {
  db: Db;
  clock: Clock;
  rounds: RoundService;
  sessionOf: (id: number) => Promise<SessionRow | undefined>;
  merchants: { getById(id: number): Promise<MerchantContext | undefined> };
  log: { error(obj: object, msg: string): void };
  leader?: CrashLeader;
  options?: CrashOptions;
}) {
  const bettingMs = options.bettingMs ?? 7000;
  const pauseMs = options.pauseMs ?? 3000;
  const tickMs = options.tickMs ?? 250;
  const chainLength = options.chainLength ?? 10_000;
  const timers = new Map<string, NodeJS.Timeout>();
  /** when a table was last asked about: an unwatched table's loop stops once no bet is open */
  const seen = new Map<string, number>();
  /** per table: the pass running now, and the one queued after it (shared by every caller meanwhile) */
  const running = new Map<string, Promise<unknown>>();
  const queued = new Map<string, Promise<CrashRoundRow>>();
  let stopped = false;
  // players poll the state about four times a second: their wallet balance is asked at most every 2 s
  const balances = new Map<number, { at: number; v: bigint }>();
  async function balanceFor(s: SessionRow, m: MerchantContext, fresh?: bigint) {
    const hit = balances.get(s.id);
    let v = fresh;
    if (v === undefined && hit && Date.now() - hit.at < BALANCE_CACHE_MS) v = hit.v;
    v ??= await rounds.balanceOf(s, m);
    if (balances.size > 10_000) balances.clear();
    balances.set(s.id, { at: Date.now(), v });
    return v;
  }

  async function chainOf(t: Table): Promise<ChainRow> {
    let chain = await crashRepo.activeChain(db, t);
    if (!chain) {
      const terminalSeed = randomBytes(32).toString('hex');
      // one link beyond the playable ones: the commitment, published before any round is played
      const hashes = crashHashChain(terminalSeed, chainLength + 1);
      await crashRepo.insertChain(db, t, {
        terminalSeed,
        length: chainLength,
        commitment: hashes[chainLength]!,
      });
      chain = (await crashRepo.activeChain(db, t))!;
    }
    return chain;
  }

  async function nextRound(t: Table, now: number): Promise<void> {
    const chain = await chainOf(t);
    const link = chain.length - 1 - chain.played;
    // recomputed from the secret seed rather than kept: 10,000 links are ~640 kB per table, hashing a
    // link takes milliseconds once per round
    const hash = crashHashChain(chain.terminal_seed, link + 1)[link]!;
    await db.transaction(async (tx) => {
      if (!(await crashRepo.takeLink(tx, chain.id, chain.played))) return; // another instance took it
      await crashRepo.insertRound(tx, {
        id: `cr${randomBytes(10).toString('hex')}`,
        chain_id: chain.id,
        merchant_id: t.merchantId,
        vendor_code: t.vendor,
        game_code: t.gameCode,
        link_index: link,
        hash,
        point_x100: crashPointX100(hash),
        starts_at: new Date(now + bettingMs),
        status: 'betting',
      });
    });
  }

  /** Closes one bet of a round: cashed out, auto cash-out below the point, lost, or void. */
  async function closeBet(
    bet: RoundRow,
    round: CrashRoundRow,
    how: { cashoutX100?: number; void?: boolean },
  ) {
    const s = await sessionOf(bet.session_id);
    const m = s && (await merchants.getById(s.merchant_id));
    if (!s || !m) return undefined;
    let r: RoundRow | undefined = bet;
    if (!bet.outcome.closed) {
      const auto = Number(bet.params.autoCashoutX100 ?? 0);
      const won = how.void
        ? 0
        : (how.cashoutX100 ?? (auto >= MIN_AUTO_X100 && auto < round.point_x100 ? auto : 0));
      const win = won ? (BigInt(bet.stake) * BigInt(won)) / 100n : 0n;
      r = await crashRepo.claim(db, bet.id, win, how.void ? { void: true } : { cashedOutX100: won || null });
      // claimed elsewhere meanwhile: finish what that claim decided (money moves by txn id, once)
      r ??= await gameServerRepo.roundById(db, bet.id);
    }
    if (!r || r.status !== 'debited' || !r.outcome.closed) return undefined;
    balances.delete(s.id);
    if (r.outcome.void) {
      await rounds.voidCrashBet(s, m, r);
      return undefined;
    }
    return rounds.finishCrashBet(s, m, r);
  }

  /** Moves a table on to where the clock says it is. Serialised per table within this process. */
  async function advance(t: Table): Promise<CrashRoundRow> {
    const k = key(t);
    const waiting = queued.get(k);
    if (waiting) return waiting;
    // a pass that started before the caller's moment may have missed it: queue a fresh one after it
    const before = running.get(k) ?? Promise.resolve();
    const p: Promise<CrashRoundRow> = before
      .catch(() => undefined)
      .then(() => {
        queued.delete(k);
        running.set(k, p);
        return pass();
      });
    queued.set(k, p);
    void p
      .catch(() => undefined)
      .finally(() => {
        if (running.get(k) === p) running.delete(k);
      });
    return p;

    async function pass(): Promise<CrashRoundRow> {
      for (let i = 0; i < 3; i++) {
        const now = clock.now().getTime();
        const cur = await crashRepo.latest(db, t);
        if (!cur) {
          await nextRound(t, now);
          continue;
        }
        const crashAt = crashAtOf(cur);
        if (cur.status === 'betting' || cur.status === 'running') {
          if (now >= crashAt) {
            const stale = now - crashAt > CRASH_STALE_MS;
            if (await crashRepo.finish(db, cur.id, stale ? 'void' : 'crashed', new Date(crashAt))) {
              for (const bet of await crashRepo.bets(db, cur.id)) {
                if (bet.status === 'debited') await closeBet(bet, cur, { void: stale });
              }
            }
            continue;
          }
          if (now >= at(cur.starts_at)) {
            const m = crashMultiplierX100At(now - at(cur.starts_at));
            for (const bet of await crashRepo.bets(db, cur.id)) {
              const auto = Number(bet.params.autoCashoutX100 ?? 0);
              if (bet.status === 'debited' && !bet.outcome.closed && auto >= MIN_AUTO_X100 && auto <= m) {
                await closeBet(bet, cur, { cashoutX100: auto });
              }
            }
          }
          return cur;
        }
        // crashed or void: the pause, then the next round
        if (now >= at(cur.crashed_at ?? crashAt) + pauseMs) {
          await nextRound(t, now);
          continue;
        }
        return cur;
      }
      return (await crashRepo.latest(db, t))!;
    }
  }

  function watch(t: Table) {
    const k = key(t);
    seen.set(k, Date.now());
    if (stopped || timers.has(k)) return;
    const timer = setInterval(() => {
      if (!leader.held()) return;
      void tick(t, k).catch((err: unknown) => log.error({ err, table: k }, 'crash loop failed'));
    }, tickMs);
    timer.unref();
    timers.set(k, timer);
  }

  async function tick(t: Table, k: string) {
    const cur = await advance(t);
    if (Date.now() - (seen.get(k) ?? 0) < IDLE_MS) return;
    const between = cur.status === 'crashed' || cur.status === 'void';
    if (between || (await crashRepo.bets(db, cur.id)).length === 0) {
      clearInterval(timers.get(k));
      timers.delete(k);
      seen.delete(k);
    }
  }

  // the leader drives open rounds of tables whose players are on other instances
  let scanning = false;
  const scanner = setInterval(() => {
    if (stopped || scanning || !leader.shared() || !leader.held()) return;
    scanning = true;
    void (async () => {
      for (const r of await crashRepo.openTables(db)) {
        const t: Table = { merchantId: r.merchant_id, vendor: r.vendor_code, gameCode: r.game_code };
        if (!timers.has(key(t))) await advance(t);
      }
    })()
      .catch((err: unknown) => log.error({ err }, 'crash leader scan failed'))
      .finally(() => (scanning = false));
  }, LEADER_SCAN_MS);
  scanner.unref();

  const tableOf = (s: SessionRow): Table => ({
    merchantId: s.merchant_id,
    vendor: s.vendor_code,
    gameCode: s.game_code,
  });

  async function state(s: SessionRow, m: MerchantContext, balance?: bigint): Promise<TCrashState> {
    const t = tableOf(s);
    watch(t);
    const cur = await advance(t);
    const chain = await chainOf(t);
    const now = clock.now().getTime();
    const crashAt = crashAtOf(cur);
    const over = cur.status === 'crashed' || cur.status === 'void' || now >= crashAt;
    const phase = over ? 'crashed' : now < at(cur.starts_at) ? 'betting' : 'running';
    const bets = await crashRepo.bets(db, cur.id);
    const mine = bets.find((b) => b.session_id === s.id);
    const money = (v: bigint | string) => fromMinor(BigInt(v), m.currencyDecimals);
    const cashed = (b: RoundRow) => {
      const c = Number(b.outcome.cashedOutX100 ?? 0);
      return c ? x100(c) : null;
    };
    const history = await crashRepo.history(db, t, 20);
    return {
      roundId: cur.id,
      phase,
      startsAt: at(cur.starts_at),
      now,
      growth: CRASH_GROWTH,
      multiplier: x100(
        phase === 'running'
          ? crashMultiplierX100At(now - at(cur.starts_at))
          : phase === 'crashed'
            ? cur.point_x100
            : 100,
      ),
      crashPoint: over ? x100(cur.point_x100) : null,
      hash: over ? cur.hash : null,
      chainCommitment: chain.commitment,
      myBet: mine
        ? {
            bet: money(mine.stake),
            autoCashout: mine.params.autoCashoutX100 ? x100(Number(mine.params.autoCashoutX100)) : null,
            cashedOutAt: cashed(mine),
            win: money(mine.win),
          }
        : null,
      players: bets.map((b) => ({
        name: b.username ? maskUsername(b.username) : 'guest',
        bet: money(b.stake),
        cashedOutAt: cashed(b),
      })),
      history: history.map((h) => ({ roundId: h.id, crashPoint: x100(h.point_x100), hash: h.hash })),
      balance: money(await balanceFor(s, m, balance)),
    };
  }

  return {
    state,
    advance,

    /** Joins the round in its betting phase (one bet per session and round). */
    async bet(
      s: SessionRow,
      m: MerchantContext,
      body: { bet: TAmount; autoCashout?: string | number; requestId: string },
    ): Promise<TCrashState> {
      if (s.kind !== 'crash') throw new AppError('game_bet_invalid', { detail: 'not a crash game' });
      const stake = stakeOf(body.bet, m.currencyDecimals);
      let auto: number | null = null;
      if (body.autoCashout !== undefined && body.autoCashout !== '') {
        try {
          auto = Number(toMinor(String(body.autoCashout), 2));
        } catch {
          throw new AppError('game_bet_invalid', { detail: 'autoCashout' });
        }
        if (auto < MIN_AUTO_X100 || auto > 1_000_000)
          throw new AppError('game_bet_invalid', { detail: 'autoCashout' });
      }
      const t = tableOf(s);
      watch(t);
      const replay = await gameServerRepo.roundByRequest(db, s.id, body.requestId);
      const cur = await advance(t);
      if (!replay) {
        if (cur.status !== 'betting' || clock.now().getTime() >= at(cur.starts_at))
          throw new AppError('game_round_closed');
        if ((await crashRepo.bets(db, cur.id)).some((b) => b.session_id === s.id)) {
          throw new AppError('game_bet_invalid', { detail: 'one bet per round' });
        }
      }
      const p = await rounds.place(s, m, {
        requestId: body.requestId,
        stake,
        crashRoundId: replay?.crash_round_id ?? cur.id,
        decide: () => ({
          params: { crashRoundId: cur.id, autoCashoutX100: auto },
          outcome: { autoCashoutX100: auto, cashedOutX100: null },
          win: 0n,
        }),
      });
      // the debit was slow and the round is already over: close the bet like the others
      const round = await crashRepo.byId(db, p.round.crash_round_id!);
      if (round && (round.status === 'crashed' || round.status === 'void') && p.round.status === 'debited') {
        await closeBet(p.round, round, { void: round.status === 'void' });
        return state(s, m);
      }
      return state(s, m, p.balance);
    },

    /** Cashes out at the multiplier of the server clock, while the round runs. */
    async cashout(s: SessionRow, m: MerchantContext): Promise<TCrashState> {
      if (s.kind !== 'crash') throw new AppError('game_bet_invalid', { detail: 'not a crash game' });
      const cur = await advance(tableOf(s));
      const now = clock.now().getTime();
      if (cur.status !== 'betting' || now < at(cur.starts_at) || now >= crashAtOf(cur)) {
        throw new AppError('game_round_closed');
      }
      const mine = (await crashRepo.bets(db, cur.id)).find((b) => b.session_id === s.id);
      if (!mine || mine.status !== 'debited' || mine.outcome.closed)
        throw new AppError('game_bet_invalid', { detail: 'no open bet' });
      const mult = crashMultiplierX100At(now - at(cur.starts_at));
      if (mult >= cur.point_x100) throw new AppError('game_round_closed');
      const balance = await closeBet(mine, cur, { cashoutX100: mult });
      return state(s, m, balance);
    },

    /** Recovery: rounds whose loop died are voided (bets refunded), bets left open are closed. */
    async recover() {
      const now = clock.now().getTime();
      for (const r of await crashRepo.unfinished(db, new Date(now - CRASH_STALE_MS))) {
        if (now - crashAtOf(r) > CRASH_STALE_MS) {
          await advance({ merchantId: r.merchant_id, vendor: r.vendor_code, gameCode: r.game_code });
        }
      }
      for (const bet of await crashRepo.orphans(db)) {
        const round = await crashRepo.byId(db, bet.crash_round_id!);
        if (round) await closeBet(bet, round, { void: round.status === 'void' });
      }
    },

    stop() {
      stopped = true;
      clearInterval(scanner);
      for (const t of timers.values()) clearInterval(t);
      timers.clear();
    },
  };
}
export type CrashService = ReturnType<typeof createCrashService>;
