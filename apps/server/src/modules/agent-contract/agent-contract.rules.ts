import {
  CONTRACT_MAX_TIERS,
  MoneyFormatError,
  toMinor,
  type TContractKind,
  type TContractPeriod,
  type TContractTerms,
  type TRate,
} from '@bp/contract';
import { AppError } from '../../platform/errors.js';

/** One tier in exact units: thresholds in minor units, the rate in basis points (1 = 0.01 %). */
export interface Tier {
  validBet: bigint;
  activeMembers: number;
  /** dividends only; 0 otherwise */
  netLoss: bigint;
  rateBp: number;
}

/** What a contract promises, whatever its status. */
export interface Terms {
  kind: TContractKind;
  period: TContractPeriod;
  /** ascending; empty for real-time salary */
  tiers: Tier[];
  /** real-time salary only */
  profitRateBp: number | null;
  lossRateBp: number | null;
  minBet: bigint | null;
}

/** Percent text with at most two decimals -> basis points; 0 to 100 %. */
export function parseRate(rate: TRate, { allowZero = false } = {}): number {
  let bp: bigint;
  try {
    bp = toMinor(rate, 2);
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new AppError('contract_rate_invalid');
    throw err;
  }
  if (bp > 10_000n || (!allowZero && bp === 0n)) throw new AppError('contract_rate_invalid');
  return Number(bp);
}

function money(v: TRate, decimals: number): bigint {
  try {
    return toMinor(v, decimals);
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new AppError('amount_invalid', { detail: err.reason });
    throw err;
  }
}

const PERIOD_OF: Record<Exclude<TContractKind, 'dividend'>, TContractPeriod> = {
  dailySalary: 'daily',
  hourlySalary: 'hourly',
  realtimeSalary: 'realtime',
};

/** An offer's terms as the contract schemas parsed them -> exact units, tiers checked. */
export function termsOf(input: TContractTerms, currencyDecimals: number): Terms {
  if (input.kind === 'realtimeSalary') {
    const profitRateBp = parseRate(input.profitRate, { allowZero: true });
    const lossRateBp = parseRate(input.lossRate, { allowZero: true });
    if (profitRateBp === 0 && lossRateBp === 0) throw new AppError('contract_rate_invalid');
    return {
      kind: input.kind,
      period: 'realtime',
      tiers: [],
      profitRateBp,
      lossRateBp,
      minBet: money(input.minBet, currencyDecimals),
    };
  }
  const tiers: Tier[] = input.tiers.map((t) => ({
    validBet: money(t.validBet, currencyDecimals),
    activeMembers: 'activeMembers' in t ? Number(t.activeMembers) : 0,
    netLoss: 'netLoss' in t ? money(t.netLoss, currencyDecimals) : 0n,
    rateBp: parseRate(t.rate),
  }));
  assertTiers(tiers);
  return {
    kind: input.kind,
    period: input.kind === 'dividend' ? input.period : PERIOD_OF[input.kind],
    tiers,
    profitRateBp: null,
    lossRateBp: null,
    minBet: null,
  };
}

/**
 * Tiers climb: each asks at least as much as the one before in every condition, more in one, and
 * pays a higher rate. So the tier that holds for some figures is simply the last one that holds.
 */
export function assertTiers(tiers: Tier[]): void {
  if (tiers.length < 1 || tiers.length > CONTRACT_MAX_TIERS) throw new AppError('contract_tiers_invalid');
  for (let i = 1; i < tiers.length; i++) {
    const a = tiers[i - 1]!;
    const b = tiers[i]!;
    const notLess = b.validBet >= a.validBet && b.activeMembers >= a.activeMembers && b.netLoss >= a.netLoss;
    const more = b.validBet > a.validBet || b.activeMembers > a.activeMembers || b.netLoss > a.netLoss;
    if (!notLess || !more || b.rateBp <= a.rateBp) throw new AppError('contract_tiers_invalid');
  }
}

/** The figures a tier is judged on. */
export interface Figures {
  validBet: bigint;
  activeMembers: number;
  netLoss: bigint;
}

/** The rate the figures reach: the highest tier whose every condition holds; 0 when none does. */
export function rateAt(tiers: Tier[], f: Figures): number {
  let rate = 0;
  for (const t of tiers) {
    if (f.validBet >= t.validBet && f.activeMembers >= t.activeMembers && f.netLoss >= t.netLoss) {
      rate = Math.max(rate, t.rateBp);
    }
  }
  return rate;
}

/**
 * Why a downline's terms may not sit under its upline's, or null when they may.
 *
 * "A downline's rates never exceed its upline's" is read point by point: for any figures, the rate
 * the downline's tiers give is at most the rate the upline's tiers give for the same figures. Both
 * are step functions that only rise with the figures, so it is enough to check each downline tier at
 * its own thresholds (the smallest figures where it holds). An upline's team contains its
 * downline's, so its valid bets and active members are at least the downline's: the upline's own
 * rate is then never below its downline's and the differential (own rate - downline's rate) is
 * never negative. For real-time salary: both rates at most the upline's and the minimum bet at least
 * the upline's. A dividend also runs on its upline's period, so both settle the same periods.
 */
export function capViolation(
  child: Terms,
  parent: Terms,
): 'contract_rate_above_upline' | 'contract_period_mismatch' | null {
  if (child.kind !== parent.kind) throw new Error('capViolation: kinds differ');
  if (child.period !== parent.period) return 'contract_period_mismatch';
  if (child.kind === 'realtimeSalary') {
    const ok =
      child.profitRateBp! <= parent.profitRateBp! &&
      child.lossRateBp! <= parent.lossRateBp! &&
      child.minBet! >= parent.minBet!;
    return ok ? null : 'contract_rate_above_upline';
  }
  for (const t of child.tiers) {
    if (rateAt(parent.tiers, t) < t.rateBp) return 'contract_rate_above_upline';
  }
  return null;
}
