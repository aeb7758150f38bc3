import { randomBytes } from 'node:crypto';
import { fromMinor, toMinor } from '@bp/contract';
import type { Db, Tx } from '../db/client.js';
import { AppError, pgErrorCode } from '../platform/errors.js';
import type { Clock } from '../platform/module.js';
import type { MerchantContext } from '../platform/merchant.js';
import { gameServerRepo, type Mode, type RoundRow, type SessionRow } from './game-server.repo.js';
import { ownerOf, type GameSessionService } from './game-session.service.js';
import type { WalletAnswer, WalletClient } from './wallet.client.js';

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** What a game decided for one bet, before any money moved. */
export interface Decision {
  /** what the verification page needs besides the seeds (slot configuration, dice target, bets) */
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  win: bigint;
  /** slots: free spins this spin awarded */
  freeSpinsAwarded?: number;
}

export interface BetRequest {
  requestId: string;
  /** the stake of a paid bet (a free spin plays at the stake of the spin that awarded it) */
  stake: bigint;
  /** slots: play an awarded free spin instead, when there is one */
  useFreeSpins?: boolean;
  decide(seeds: Seeds, bet: { stake: bigint; free: boolean }): Decision;
  /** crash bets: not settled at once (the credit comes at cash-out or when the round crashes) */
  crashRoundId?: string;
}

export interface PlacedRound {
  round: RoundRow;
  balance: bigint;
  /** free spins left to play after this round */
  freeSpinsLeft: number;
}

/**
 * Free spins a promotion granted (the promotion module): taken one at a time in the round's own
 * transaction, their win paid as bonus money in the transaction that settles the round.
 */
export interface PromotionSpins {
  takeFreeSpin(
    tx: Tx,
    k: { merchantId: number; memberId: number; vendor: string; gameCode: string },
  ): Promise<{ claimId: string; n: number; stake: bigint } | undefined>;
  freeSpinsLeft(
    ex: Db,
    k: { merchantId: number; memberId: number; vendor: string; gameCode: string },
  ): Promise<number>;
  payFreeSpin(tx: Tx, claimId: string, n: number, win: bigint, awarded: number): Promise<void>;
}

/** A round played on a promotion's free spin: its claim and spin number (in the round's params). */
const promoSpinOf = (r: RoundRow) => {
  const claimId = r.params.promotionClaimId;
  return typeof claimId === 'string' ? { claimId, n: Number(r.params.promotionSpin) } : undefined;
};

export const newRoundId = () => `gs${randomBytes(12).toString('hex')}`;
export const betTxnId = (walletRoundId: string) => `${walletRoundId}:bet`;
export const winTxnId = (roundId: string) => `${roundId}:win`;
const rollbackTxnId = (roundId: string) => `${roundId}:rb`;

/** Open rounds older than this are the recovery job's (a live request finishes well within it). */
export const RECOVERY_AGE_MS = 30_000;

/**
 * One bet's life (crash safety): the outcome is computed from the seeds and written with the nonce
 * in one transaction BEFORE any money moves (status pending); then the stake is debited through the
 * seamless wallet (debited) and the win credited (settled). A refused debit marks the round failed;
 * a debit without an answer is rolled back (a tombstone if it never arrived). Whatever a crash leaves
 * open, `recover()` finishes: pending rounds are rolled back (never debited again), debited ones are
 * credited (the win is owed). Every wallet call carries a transaction id derived from the round, so
 * any repetition is a replay.
 */
export function createRoundService({
  db,
  clock,
  sessions,
  wallet,
  merchants,
  log,
  promotionSpins,
}: {
  db: Db;
  clock: Clock;
  sessions: GameSessionService;
  wallet: WalletClient;
  /** the promotion module's free spins (real money only); none in tests of the game server alone */
  promotionSpins?: () => PromotionSpins;
  merchants: { getById(id: number): Promise<MerchantContext | undefined> };
  log: { warn(obj: object, msg: string): void };
}) {
  const money = (m: Pick<MerchantContext, 'currencyDecimals'>, v: bigint) => fromMinor(v, m.currencyDecimals);
  const minor = (m: Pick<MerchantContext, 'currencyDecimals'>, v: string | undefined) =>
    v === undefined ? 0n : toMinor(v, m.currencyDecimals);

  async function secretOf(merchantId: number, vendor: string) {
    const v = await gameServerRepo.vendorSecret(db, merchantId, vendor);
    if (!v) throw new AppError('game_not_found', { detail: `no merchant_vendor ${vendor}` });
    return v.api_secret;
  }

  async function walletCall(
    op: 'balance' | 'debit' | 'credit' | 'rollback',
    merchant: MerchantContext,
    vendor: string,
    body: Record<string, unknown>,
  ): Promise<WalletAnswer> {
    const c = {
      merchantCode: merchant.code,
      vendorCode: vendor,
      secret: await secretOf(merchant.id, vendor),
      body: { currency: merchant.currency, ...body },
    };
    const answer = await wallet[op](c);
    if (answer.kind !== 'ok')
      log.warn({ op, vendor, answer, txnId: body.txnId }, 'game server: wallet call failed');
    return answer;
  }

  /** The balance the game shows: play money, or the wallet's answer. */
  async function balanceOf(s: SessionRow, merchant: MerchantContext): Promise<bigint> {
    if (s.mode === 'trial') {
      const fresh = await gameServerRepo.sessionById(db, s.id);
      return BigInt(fresh?.play_balance ?? 0);
    }
    const a = await walletCall('balance', merchant, s.vendor_code, {
      playerId: String(s.member_id),
      token: s.vendor_token,
    });
    if (a.kind === 'ok') return minor(merchant, a.balance);
    if (a.kind === 'refused' && a.code === 'vendor_token_invalid') throw new AppError('game_session_invalid');
    throw new AppError('game_wallet_unavailable');
  }

  const freeKey = (s: SessionRow) => ({
    merchantId: s.merchant_id,
    owner: ownerOf(s),
    mode: s.mode as Mode,
    vendor: s.vendor_code,
    gameCode: s.game_code,
  });

  /** Adds the free spins a settled round awarded (same transaction as the status change). */
  async function awardFreeSpins(tx: Tx, s: SessionRow, round: RoundRow) {
    const awarded = Number(round.outcome.freeSpinsAwarded ?? 0);
    if (!awarded) return;
    const k = freeKey(s);
    const cur = await gameServerRepo.freeSpins(tx, k, true);
    await gameServerRepo.setFreeSpins(tx, k, {
      remaining: (cur?.remaining ?? 0) + awarded,
      bet: round.free_spin ? BigInt(cur?.bet ?? round.stake) : BigInt(round.stake),
      walletRoundId: round.wallet_round_id,
    });
  }

  async function markSettled(s: SessionRow, round: RoundRow, from: RoundRow['status'][]) {
    await db.transaction(async (tx) => {
      if (await gameServerRepo.setStatus(tx, round.id, from, 'settled', clock.now())) {
        await awardFreeSpins(tx, s, round);
      }
    });
  }

  const promoKey = (s: SessionRow) => ({
    merchantId: s.merchant_id,
    memberId: s.member_id!,
    vendor: s.vendor_code,
    gameCode: s.game_code,
  });
  const promoOn = (s: SessionRow) =>
    s.mode === 'real' && s.member_id !== null && promotionSpins !== undefined;

  async function freeSpinsLeft(s: SessionRow) {
    const own = (await gameServerRepo.freeSpins(db, freeKey(s)))?.remaining ?? 0;
    return own + (promoOn(s) ? await promotionSpins!().freeSpinsLeft(db, promoKey(s)) : 0);
  }

  /**
   * Settles a promotion free spin's round: no wallet call (nothing was debited, the stake is the
   * house's); the status change and the win's payment are one transaction, so a retry, a parallel
   * request or the recovery job pays it once.
   */
  async function settlePromoSpin(r: RoundRow) {
    const promo = promoSpinOf(r)!;
    await db.transaction(async (tx) => {
      if (await gameServerRepo.setStatus(tx, r.id, ['debited'], 'settled', clock.now())) {
        await promotionSpins!().payFreeSpin(
          tx,
          promo.claimId,
          promo.n,
          BigInt(r.win),
          Number(r.outcome.freeSpinsAwarded ?? 0),
        );
      }
    });
  }

  /** Writes the round (outcome, nonce, free-spin use; trial: the play money) in one transaction. */
  async function record(s: SessionRow, req: BetRequest): Promise<{ r: RoundRow; fresh: boolean }> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      // the seed pair's lock queues the owner's bets, so the request's round is looked for once it
      // is held: a retry that waited behind its first request finds that round and takes nothing (it
      // took a free spin and waited on the round's unique index for the first one's settlement, which
      // waited for that spin's row: a deadlock)
      const seed = await sessions.activeSeed(tx, s.merchant_id, ownerOf(s), s.vendor_code);
      const again = await gameServerRepo.roundByRequest(tx, s.id, req.requestId);
      if (again) return { r: again, fresh: false };
      const id = newRoundId();
      let stake = req.stake;
      let free = false;
      let walletRoundId = id;
      let promo: { claimId: string; n: number } | undefined;
      if (req.useFreeSpins) {
        const fs = await gameServerRepo.freeSpins(tx, freeKey(s), true);
        if (fs && fs.remaining > 0) {
          free = true;
          stake = BigInt(fs.bet);
          walletRoundId = fs.wallet_round_id;
          await gameServerRepo.setFreeSpins(tx, freeKey(s), {
            remaining: fs.remaining - 1,
            bet: BigInt(fs.bet),
            walletRoundId,
          });
        }
      }
      // a promotion's free spin: a base-game spin at the promotion's stake, which the house funds
      if (req.useFreeSpins && !free && promoOn(s)) {
        const t = await promotionSpins!().takeFreeSpin(tx, promoKey(s));
        if (t) {
          promo = { claimId: t.claimId, n: t.n };
          free = true;
          stake = t.stake;
          walletRoundId = `fs:${t.claimId}:${t.n}`;
        }
      }
      const d = req.decide(
        { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce },
        { stake, free: free && !promo },
      );
      const paid = free ? 0n : stake;
      const trial = s.mode === 'trial';
      if (
        trial &&
        (await gameServerRepo.movePlayMoney(tx, s.id, paid, req.crashRoundId ? 0n : d.win)) === undefined
      ) {
        throw new AppError('game_insufficient_balance', { value: { balance: null } });
      }
      const row = {
        id,
        merchant_id: s.merchant_id,
        session_id: s.id,
        member_id: s.member_id,
        vendor_code: s.vendor_code,
        game_code: s.game_code,
        kind: s.kind,
        mode: s.mode,
        seed_id: seed.id,
        nonce: seed.nonce,
        params: promo ? { ...d.params, promotionClaimId: promo.claimId, promotionSpin: promo.n } : d.params,
        outcome: { ...d.outcome, ...(d.freeSpinsAwarded ? { freeSpinsAwarded: d.freeSpinsAwarded } : {}) },
        stake: paid,
        win: d.win,
        wallet_round_id: walletRoundId,
        free_spin: free,
        request_id: req.requestId,
        crash_round_id: req.crashRoundId ?? null,
        // a free spin takes nothing: its win is owed from the start; trial rounds are done at once
        status: (trial
          ? req.crashRoundId
            ? 'debited'
            : 'settled'
          : free
            ? 'debited'
            : 'pending') as RoundRow['status'],
      };
      await gameServerRepo.insertRound(tx, row, now);
      await gameServerRepo.bumpNonce(tx, seed.id);
      const stored = (await gameServerRepo.roundById(tx, id))!;
      if (trial && stored.status === 'settled') await awardFreeSpins(tx, s, stored);
      return { r: stored, fresh: true };
    });
  }

  /** The stored answer of a repeated requestId: the same round, never a second bet. */
  async function replayed(s: SessionRow, merchant: MerchantContext, r: RoundRow): Promise<PlacedRound> {
    if (r.status === 'failed') {
      throw new AppError('game_insufficient_balance', {
        value: { balance: money(merchant, await balanceOf(s, merchant)) },
      });
    }
    if (r.status === 'rolled_back') throw new AppError('game_wallet_unavailable');
    return { round: r, balance: await balanceOf(s, merchant), freeSpinsLeft: await freeSpinsLeft(s) };
  }

  /** Sends the win of a debited round; answers the wallet's balance, or undefined without an answer. */
  async function credit(merchant: MerchantContext, r: RoundRow, win: bigint): Promise<bigint | undefined> {
    const a = await walletCall('credit', merchant, r.vendor_code, {
      playerId: String(r.member_id),
      txnId: winTxnId(r.id),
      roundId: r.wallet_round_id,
      refTxnId: betTxnId(r.wallet_round_id),
      gameCode: r.game_code,
      amount: money(merchant, win),
    });
    if (a.kind === 'ok') return minor(merchant, a.balance);
    if (a.kind === 'refused' && a.code === 'vendor_txn_cancelled') {
      // the bet was refunded meanwhile (a rollback won the race): the round is over without a win
      await gameServerRepo.setStatus(db, r.id, ['debited'], 'rolled_back', clock.now());
    }
    return undefined;
  }

  async function rollback(merchant: MerchantContext, r: RoundRow): Promise<boolean> {
    const a = await walletCall('rollback', merchant, r.vendor_code, {
      playerId: String(r.member_id),
      txnId: rollbackTxnId(r.id),
      refTxnId: betTxnId(r.wallet_round_id),
      roundId: r.wallet_round_id,
    });
    if (a.kind === 'ok') {
      await gameServerRepo.setStatus(db, r.id, ['pending', 'debited'], 'rolled_back', clock.now());
      return true;
    }
    return false;
  }

  return {
    balanceOf,
    freeSpinsLeft,

    async place(s: SessionRow, merchant: MerchantContext, req: BetRequest): Promise<PlacedRound> {
      const before = await gameServerRepo.roundByRequest(db, s.id, req.requestId);
      if (before) return replayed(s, merchant, before);
      let r: RoundRow;
      try {
        const rec = await record(s, req);
        if (!rec.fresh) return replayed(s, merchant, rec.r);
        r = rec.r;
      } catch (err) {
        // the same requestId raced in twice: the other one wrote the round
        const again =
          pgErrorCode(err) === '23505' && (await gameServerRepo.roundByRequest(db, s.id, req.requestId));
        if (again) return replayed(s, merchant, again);
        if (err instanceof AppError && err.code === 'game_insufficient_balance' && s.mode === 'trial') {
          throw new AppError('game_insufficient_balance', {
            value: { balance: money(merchant, await balanceOf(s, merchant)) },
          });
        }
        throw err;
      }
      if (s.mode === 'trial')
        return { round: r, balance: await balanceOf(s, merchant), freeSpinsLeft: await freeSpinsLeft(s) };
      if (promoSpinOf(r)) {
        await settlePromoSpin(r);
        return {
          round: (await gameServerRepo.roundById(db, r.id))!,
          balance: await balanceOf(s, merchant),
          freeSpinsLeft: await freeSpinsLeft(s),
        };
      }

      let balance: bigint;
      if (r.status === 'pending') {
        const a = await walletCall('debit', merchant, s.vendor_code, {
          playerId: String(s.member_id),
          token: s.vendor_token,
          txnId: betTxnId(r.wallet_round_id),
          roundId: r.wallet_round_id,
          gameCode: s.game_code,
          amount: money(merchant, BigInt(r.stake)),
        });
        if (a.kind === 'refused') {
          await gameServerRepo.setStatus(db, r.id, ['pending'], 'failed', clock.now());
          if (a.code === 'insufficient_balance') {
            throw new AppError('game_insufficient_balance', { value: { balance: a.balance ?? null } });
          }
          if (a.code === 'vendor_token_invalid') throw new AppError('game_session_invalid');
          if (a.code === 'vendor_txn_cancelled') throw new AppError('game_wallet_unavailable');
          if (a.code === 'vendor_bonus_max_bet') throw new AppError('game_bonus_max_bet');
          throw new AppError('game_bet_invalid', { detail: a.code });
        }
        if (a.kind === 'unavailable') {
          // the stake may or may not have been taken: refund it (or leave a tombstone); else recovery will
          await rollback(merchant, r);
          throw new AppError('game_wallet_unavailable');
        }
        if (!(await gameServerRepo.setStatus(db, r.id, ['pending'], 'debited', clock.now()))) {
          // the recovery job rolled this round back while its debit was on the way (a stalled request)
          throw new AppError('game_wallet_unavailable');
        }
        balance = minor(merchant, a.balance);
      } else {
        balance = await balanceOf(s, merchant);
      }
      r = (await gameServerRepo.roundById(db, r.id))!;
      if (r.crash_round_id) return { round: r, balance, freeSpinsLeft: 0 };
      const after = await credit(merchant, r, BigInt(r.win));
      if (after !== undefined) {
        await markSettled(s, r, ['debited']);
        balance = after;
      } else if ((await gameServerRepo.roundById(db, r.id))?.status === 'rolled_back') {
        // the recovery job listed this round while it was pending and refunded the stake after the
        // debit landed: the round is void, so the spin has no result to show
        throw new AppError('game_wallet_unavailable');
      } else {
        // the win is owed and the recovery job pays it; show what the balance will be
        balance += BigInt(r.win);
      }
      return {
        round: (await gameServerRepo.roundById(db, r.id))!,
        balance,
        freeSpinsLeft: await freeSpinsLeft(s),
      };
    },

    /** Crash: a claimed bet's win (0 for a lost one) credited and the round settled. */
    async finishCrashBet(s: SessionRow, merchant: MerchantContext, r: RoundRow): Promise<bigint | undefined> {
      const win = BigInt(r.win);
      if (s.mode === 'trial') {
        await db.transaction(async (tx) => {
          if (await gameServerRepo.setStatus(tx, r.id, ['debited'], 'settled', clock.now())) {
            await gameServerRepo.movePlayMoney(tx, s.id, 0n, win);
          }
        });
        return balanceOf(s, merchant);
      }
      const after = await credit(merchant, r, win);
      if (after !== undefined) await markSettled(s, r, ['debited']);
      return after;
    },

    /** Crash: a bet on a round that never ran to its end is refunded. */
    async voidCrashBet(s: SessionRow, merchant: MerchantContext, r: RoundRow) {
      if (s.mode === 'trial') {
        await db.transaction(async (tx) => {
          if (await gameServerRepo.setStatus(tx, r.id, ['debited'], 'rolled_back', clock.now())) {
            await gameServerRepo.movePlayMoney(tx, s.id, 0n, BigInt(r.stake));
          }
        });
        return;
      }
      await rollback(merchant, r);
    },

    rollback,

    /**
     * Finishes what a crash or a lost answer left open (scheduler job, and once at boot): pending
     * rounds are rolled back, debited ones credited. `skip` leaves rounds another owner still runs
     * (live crash rounds).
     */
    async recover(opts: { skip?: (r: RoundRow) => boolean; olderThanMs?: number } = {}) {
      const before = new Date(clock.now().getTime() - (opts.olderThanMs ?? RECOVERY_AGE_MS));
      let done = 0;
      for (const r of await gameServerRepo.openRounds(db, before, 500)) {
        if (opts.skip?.(r)) continue;
        const merchant = await merchants.getById(r.merchant_id);
        const s = await gameServerRepo.sessionById(db, r.session_id);
        if (!merchant || !s) continue;
        try {
          if (promoSpinOf(r)) {
            // a promotion free spin cut short: its win is owed (as bonus money), like any debited round
            await settlePromoSpin(r);
            done++;
          } else if (r.status === 'pending') {
            if (await rollback(merchant, r)) done++;
          } else if ((await credit(merchant, r, BigInt(r.win))) !== undefined) {
            await markSettled(s, r, ['debited']);
            done++;
          }
        } catch (err) {
          // one round that cannot be finished now (its vendor removed, ...) does not hold up the rest
          log.warn({ err, roundId: r.id }, 'game server: round not recovered yet');
        }
      }
      return done;
    },
  };
}
export type RoundService = ReturnType<typeof createRoundService>;
