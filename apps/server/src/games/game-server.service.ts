import {
  fromMinor,
  type TAmount,
  type TBettingRecordDetail,
  type TDiceRound,
  type TFairRound,
  type TGameSession,
  type TSlotSpin,
  type TTableRound,
} from '@bp/contract';
import type { Db } from '../db/client.js';
import { AppError } from '../platform/errors.js';
import type { MerchantContext } from '../platform/merchant.js';
import { formatMerchantTime } from '../platform/time.js';
import { nameIn } from '../platform/names.js';
import { crashRepo } from './crash.repo.js';
import { gameKindOf } from './game-kind.js';
import { gameServerRepo, gameServerViews, type RoundRow, type SessionRow } from './game-server.repo.js';
import {
  BET_LEVELS,
  diceDecision,
  diceTarget,
  kindConfig,
  slotDecision,
  stakeOf,
  tableBets,
  tableDecision,
  tableView,
} from './game-play.js';
import type { GameSessionService } from './game-session.service.js';
import type { PlacedRound, RoundService } from './round.service.js';

/** The games' calls (slot, table, dice; crash has its own service) and the fairness views. */
export function createGameServerService({
  db,
  sessions,
  rounds,
  crashConfig,
}: {
  db: Db;
  sessions: GameSessionService;
  rounds: RoundService;
  crashConfig: (s: SessionRow) => Promise<Record<string, unknown>>;
}) {
  const money = (m: MerchantContext, v: bigint | string) => fromMinor(BigInt(v), m.currencyDecimals);
  const needKind = (s: SessionRow, ...kinds: string[]) => {
    if (!kinds.includes(s.kind))
      throw new AppError('game_bet_invalid', { detail: `not a ${kinds.join('/')} game` });
  };
  const base = (m: MerchantContext, p: PlacedRound) => ({
    roundId: p.round.id,
    nonce: p.round.nonce ?? 0,
    bet: money(m, p.round.stake),
    win: money(m, p.round.win),
    balance: money(m, p.balance),
  });

  return {
    async sessionView(s: SessionRow, m: MerchantContext, sessionToken: string): Promise<TGameSession> {
      const g = await gameServerViews.game(db, s.node_id);
      const lang = s.language.toUpperCase();
      const { theme } = g
        ? gameKindOf({
            gameType: g.game_type as never,
            gameClassify: g.game_classify as never,
            gameCode: g.game_code,
            names: g.names,
          })
        : { theme: undefined };
      const config = s.kind === 'crash' ? await crashConfig(s) : kindConfig(s.kind, s.game_code, theme);
      // free spins awarded earlier (in another session of the same game) are still there to play
      if (s.kind === 'slot') config.freeSpinsLeft = await rounds.freeSpinsLeft(s);
      return {
        sessionToken,
        mode: s.mode,
        kind: s.kind,
        vendor: s.vendor_code,
        gameCode: s.game_code,
        gameName: g ? nameIn(g.names, lang) : s.game_code,
        language: s.language,
        currency: m.currency,
        currencySymbol: m.currencySymbol,
        balance: money(m, await rounds.balanceOf(s, m)),
        betLevels: BET_LEVELS.map((v) => money(m, BigInt(v) * 10n ** BigInt(m.currencyDecimals))),
        config,
        fairness: await sessions.fairness(s),
      };
    },

    async spin(
      s: SessionRow,
      m: MerchantContext,
      body: { bet: TAmount; requestId: string },
    ): Promise<TSlotSpin> {
      needKind(s, 'slot');
      const stake = stakeOf(body.bet, m.currencyDecimals);
      const p = await rounds.place(s, m, {
        requestId: body.requestId,
        stake,
        useFreeSpins: true,
        decide: slotDecision(s.game_code),
      });
      const o = p.round.outcome as {
        window: string[][];
        stops: number[];
        lineWins: { line: number; symbol: string; count: number; winX10000: number }[];
        scatterWinX10000: number;
        freeSpinsAwarded: number;
      };
      const effective = BigInt(String(p.round.params.stake ?? p.round.stake));
      const part = (x: number) => money(m, (effective * BigInt(x)) / 10000n);
      return {
        ...base(m, p),
        window: o.window,
        stops: o.stops,
        lineWins: o.lineWins.map((w) => ({
          line: w.line,
          symbol: w.symbol,
          count: w.count,
          win: part(w.winX10000),
        })),
        scatterWin: part(o.scatterWinX10000),
        freeSpins: {
          awarded: o.freeSpinsAwarded ?? 0,
          remaining: p.freeSpinsLeft,
          isFree: p.round.free_spin,
        },
      };
    },

    async tableBet(
      s: SessionRow,
      m: MerchantContext,
      body: { bets: Record<string, TAmount>; requestId: string },
    ): Promise<TTableRound> {
      needKind(s, 'baccarat', 'dragonTiger');
      const kind = s.kind as 'baccarat' | 'dragonTiger';
      const { bets, total } = tableBets(kind, body.bets, m.currencyDecimals);
      const p = await rounds.place(s, m, {
        requestId: body.requestId,
        stake: total,
        decide: tableDecision(kind, bets),
      });
      const payouts = (p.round.outcome.payouts ?? {}) as Record<string, string>;
      return {
        ...base(m, p),
        ...tableView(kind, p.round.outcome),
        payouts: Object.fromEntries(Object.entries(payouts).map(([k, v]) => [k, money(m, v)])),
      };
    },

    async dice(
      s: SessionRow,
      m: MerchantContext,
      body: { bet: TAmount; target: string | number; over: boolean; requestId: string },
    ): Promise<TDiceRound> {
      needKind(s, 'dice');
      const stake = stakeOf(body.bet, m.currencyDecimals);
      const target = diceTarget(body.target);
      const p = await rounds.place(s, m, {
        requestId: body.requestId,
        stake,
        decide: diceDecision(target, body.over),
      });
      const o = p.round.outcome as { roll: number; target: number; over: boolean; multiplierX10000: number };
      return {
        ...base(m, p),
        roll: fromMinor(o.roll, 2),
        target: fromMinor(o.target, 2),
        over: o.over,
        multiplier: fromMinor(o.multiplierX10000, 4),
      };
    },

    async balance(s: SessionRow, m: MerchantContext) {
      return { balance: money(m, await rounds.balanceOf(s, m)) };
    },

    async history(s: SessionRow, m: MerchantContext) {
      const list = await gameServerRepo.history(
        db,
        { merchantId: s.merchant_id, memberId: s.member_id, sessionId: s.id },
        s.game_code,
        s.vendor_code,
        30,
      );
      return {
        list: list
          .filter((r) => r.mode === s.mode)
          .map((r) => ({
            roundId: r.id,
            bet: money(m, r.stake),
            win: money(m, r.win),
            summary: summaryOf(r),
            time: formatMerchantTime(r.created_at, m.timeZone),
          })),
      };
    },

    /**
     * What the verification page needs; the server seed only once the pair was rotated. A crash bet
     * is verified by its round's hash (shown once the round is over) and the hash it leads to.
     */
    async fairRound(roundId: string): Promise<TFairRound> {
      const r = await gameServerViews.roundWithSeed(db, roundId);
      if (!r) throw new AppError('not_found');
      const c = r.crash_round_id ? await crashRepo.verification(db, r.crash_round_id) : undefined;
      const over = c && (c.status === 'crashed' || c.status === 'void');
      return {
        roundId: r.id,
        kind: r.kind,
        gameCode: r.game_code,
        params: over ? { ...r.params, hash: c.hash, previousHash: c.previous_hash } : r.params,
        serverSeedHash: r.server_seed_hash ?? '',
        serverSeed: r.revealed_at ? r.server_seed : null,
        clientSeed: r.client_seed ?? '',
        nonce: r.nonce ?? 0,
        outcome: over ? { ...r.outcome, crashPoint: fromMinor(c.point_x100, 2) } : r.outcome,
        createdAt: new Date(r.created_at).toISOString(),
      };
    },

    /** The betting record's view of a wallet round played here (its paid spin), or null. */
    async recordRound(
      merchantId: number,
      memberId: number,
      vendor: string,
      roundId: string,
    ): Promise<TBettingRecordDetail['round']> {
      const r = await gameServerViews.roundWithSeed(db, roundId);
      if (!r || r.merchant_id !== merchantId || r.member_id !== memberId || r.vendor_code !== vendor)
        return null;
      // a crash bet learns the round's point only once the round is over (never while it still flies)
      let outcome = r.outcome;
      if (r.kind === 'crash' && r.crash_round_id) {
        const v = await crashRepo.verification(db, r.crash_round_id);
        if (v?.status === 'crashed') outcome = { ...outcome, crashPointX100: v.point_x100, hash: v.hash };
      }
      return {
        kind: r.kind,
        mode: r.mode,
        outcome,
        serverSeedHash: r.server_seed_hash ?? '',
        serverSeed: r.revealed_at ? r.server_seed : null,
        clientSeed: r.client_seed ?? '',
        nonce: r.nonce ?? 0,
        verifyUrl: `/gs/verify/?round=${r.id}`,
      };
    },
  };
}
export type GameServerService = ReturnType<typeof createGameServerService>;

/** One line for the in-game history. */
function summaryOf(r: RoundRow): string {
  const o = r.outcome;
  switch (r.kind) {
    case 'slot':
      return r.free_spin ? 'free spin' : `${(o.lineWins as unknown[] | undefined)?.length ?? 0} line wins`;
    case 'dice':
      return `${fromMinor(Number(o.roll ?? 0), 2)} ${o.over ? '>' : '<'} ${fromMinor(Number(o.target ?? 0), 2)}`;
    case 'crash':
      return o.cashedOutX100 ? `cashed out ${fromMinor(Number(o.cashedOutX100), 2)}x` : 'crashed';
    default:
      return String(o.result ?? '');
  }
}
