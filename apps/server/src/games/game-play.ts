import {
  BACCARAT_BETS,
  baccaratReturnX10000,
  dealBaccarat,
  dealDragonTiger,
  DICE_LIMITS,
  DRAGON_TIGER_BETS,
  dragonTigerReturnX10000,
  fairRng,
  publicSlotConfig,
  playDice,
  slotConfigFor,
  spinSlot,
  type Card,
} from '@bp/games';
import { fromMinor, toMinor, type TAmount, type TGameKind } from '@bp/contract';
import { AppError } from '../platform/errors.js';
import type { Decision, Seeds } from './round.service.js';
import type { TableTheme } from './game-kind.js';

/** Stakes the UI offers, in major units; the server takes any stake from the first to the last. */
export const BET_LEVELS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000] as const;

export const payout = (stake: bigint, x10000: number) => (stake * BigInt(x10000)) / 10000n;

export function stakeOf(amount: TAmount, decimals: number): bigint {
  let v: bigint;
  try {
    v = toMinor(amount, decimals);
  } catch {
    throw new AppError('game_bet_invalid', { detail: 'amount' });
  }
  const unit = 10n ** BigInt(decimals);
  if (v < BigInt(BET_LEVELS[0]) * unit || v > BigInt(BET_LEVELS[BET_LEVELS.length - 1]!) * unit) {
    throw new AppError('game_bet_invalid', { detail: 'stake out of range' });
  }
  return v;
}

/** The kind-specific set-up the session hands the UI. */
export function kindConfig(
  kind: TGameKind,
  gameCode: string,
  theme: TableTheme | undefined,
): Record<string, unknown> {
  switch (kind) {
    case 'slot':
      return { slot: publicSlotConfig(slotConfigFor(gameCode)) };
    case 'baccarat':
      return {
        bets: [...BACCARAT_BETS],
        payouts: { player: '1:1', banker: '0.95:1', tie: '8:1', playerPair: '11:1', bankerPair: '11:1' },
      };
    case 'dragonTiger':
      return {
        bets: [...DRAGON_TIGER_BETS],
        theme: theme ?? 'dragonTiger',
        payouts: { dragon: '1:1', tiger: '1:1', tie: '8:1', suitedTie: '50:1' },
      };
    case 'dice':
      return {
        minTarget: fromMinor(DICE_LIMITS.minTarget, 2),
        maxTarget: fromMinor(DICE_LIMITS.maxTarget, 2),
        edge: '1%',
      };
    case 'crash':
      return {};
  }
}

/** One slot spin (a free spin when the round service found one awarded). */
export function slotDecision(gameCode: string) {
  const cfg = slotConfigFor(gameCode);
  return (seeds: Seeds, bet: { stake: bigint; free: boolean }): Decision => {
    const spin = spinSlot(cfg, fairRng(seeds), { free: bet.free });
    return {
      params: { configId: cfg.id, free: bet.free, stake: bet.stake.toString() },
      outcome: { ...spin },
      win: payout(bet.stake, spin.totalWinX10000),
      freeSpinsAwarded: spin.freeSpinsAwarded,
    };
  };
}

/** Table bets: each named bet's stake; the game's bet names only. */
export function tableBets(kind: 'baccarat' | 'dragonTiger', bets: Record<string, TAmount>, decimals: number) {
  const allowed: readonly string[] = kind === 'baccarat' ? BACCARAT_BETS : DRAGON_TIGER_BETS;
  const out: Record<string, bigint> = {};
  let total = 0n;
  for (const [k, v] of Object.entries(bets)) {
    if (!allowed.includes(k)) throw new AppError('game_bet_invalid', { detail: `bet ${k}` });
    let amount: bigint;
    try {
      amount = toMinor(v, decimals);
    } catch {
      throw new AppError('game_bet_invalid', { detail: 'amount' });
    }
    if (amount > 0n) out[k] = amount;
    total += amount;
  }
  if (Object.keys(out).length === 0) throw new AppError('game_bet_invalid', { detail: 'no bet' });
  stakeOf(fromMinor(total, decimals), decimals);
  return { bets: out, total };
}

export function tableDecision(kind: 'baccarat' | 'dragonTiger', bets: Record<string, bigint>) {
  return (seeds: Seeds): Decision => {
    const rng = fairRng(seeds);
    const hand = kind === 'baccarat' ? dealBaccarat(rng) : dealDragonTiger(rng);
    const payouts: Record<string, string> = {};
    let win = 0n;
    for (const [k, stake] of Object.entries(bets)) {
      const x =
        kind === 'baccarat'
          ? baccaratReturnX10000(hand as ReturnType<typeof dealBaccarat>, k)
          : dragonTigerReturnX10000(hand as ReturnType<typeof dealDragonTiger>, k);
      const w = payout(stake, x);
      payouts[k] = w.toString();
      win += w;
    }
    return {
      params: { bets: Object.fromEntries(Object.entries(bets).map(([k, v]) => [k, v.toString()])) },
      outcome: { ...hand, payouts },
      win,
    };
  };
}

/** The table round as the UI shows it: hands, totals, result. */
export function tableView(
  kind: TGameKind,
  outcome: Record<string, unknown>,
): { hands: Record<string, Card[]>; totals: Record<string, number>; result: string } {
  if (kind === 'baccarat') {
    const o = outcome as {
      player: Card[];
      banker: Card[];
      playerTotal: number;
      bankerTotal: number;
      result: string;
    };
    return {
      hands: { player: o.player, banker: o.banker },
      totals: { player: o.playerTotal, banker: o.bankerTotal },
      result: o.result,
    };
  }
  const o = outcome as { dragon: Card; tiger: Card; result: string };
  return {
    hands: { dragon: [o.dragon], tiger: [o.tiger] },
    totals: { dragon: o.dragon.rank, tiger: o.tiger.rank },
    result: o.result,
  };
}

/** Dice target in hundredths (0.01 .. 99.98, two decimals at most). */
export function diceTarget(target: string | number): number {
  let t: number;
  try {
    t = Number(toMinor(typeof target === 'number' ? String(target) : target, 2));
  } catch {
    throw new AppError('game_bet_invalid', { detail: 'target' });
  }
  if (t < DICE_LIMITS.minTarget || t > DICE_LIMITS.maxTarget)
    throw new AppError('game_bet_invalid', { detail: 'target' });
  return t;
}

export function diceDecision(target: number, over: boolean) {
  return (seeds: Seeds, bet: { stake: bigint }): Decision => {
    const o = playDice(fairRng(seeds), target, over);
    return {
      params: { target, over },
      outcome: { ...o },
      win: o.win ? payout(bet.stake, o.multiplierX10000) : 0n,
    };
  };
}
