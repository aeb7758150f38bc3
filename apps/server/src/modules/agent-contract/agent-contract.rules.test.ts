import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { assertTiers, capViolation, parseRate, rateAt, termsOf, type Tier } from './agent-contract.rules.js';

const tier = (validBet: number, activeMembers: number, rateBp: number, netLoss = 0): Tier => ({
  validBet: BigInt(validBet),
  activeMembers,
  netLoss: BigInt(netLoss),
  rateBp,
});
const daily = (...tiers: Tier[]) => ({
  kind: 'dailySalary' as const,
  period: 'daily' as const,
  tiers,
  profitRateBp: null,
  lossRateBp: null,
  minBet: null,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
  return null;
};

describe('rates', () => {
  it('parses percent text with two decimals to basis points, exactly', () => {
    expect(parseRate('0.5')).toBe(50);
    expect(parseRate('1.25')).toBe(125);
    expect(parseRate(100)).toBe(10_000);
    expect(parseRate(0.1)).toBe(10);
    expect(codeOf(() => parseRate('0'))).toBe('contract_rate_invalid');
    expect(parseRate('0', { allowZero: true })).toBe(0);
    expect(codeOf(() => parseRate('100.01'))).toBe('contract_rate_invalid');
    expect(codeOf(() => parseRate('0.001'))).toBe('contract_rate_invalid');
  });
});

describe('tiers', () => {
  it('climb: more asked in one condition, no less in any, a higher rate', () => {
    expect(codeOf(() => assertTiers([tier(1, 1, 10), tier(2, 1, 20)]))).toBeNull();
    expect(codeOf(() => assertTiers([tier(1, 1, 10), tier(1, 1, 20)]))).toBe('contract_tiers_invalid');
    expect(codeOf(() => assertTiers([tier(1, 2, 10), tier(2, 1, 20)]))).toBe('contract_tiers_invalid');
    expect(codeOf(() => assertTiers([tier(1, 1, 20), tier(2, 2, 20)]))).toBe('contract_tiers_invalid');
    expect(codeOf(() => assertTiers([]))).toBe('contract_tiers_invalid');
  });

  it('the highest tier whose every condition holds gives the rate; none: 0', () => {
    const tiers = [tier(1000, 2, 50, 100), tier(5000, 5, 80, 500)];
    expect(rateAt(tiers, { validBet: 999n, activeMembers: 10, netLoss: 10_000n })).toBe(0);
    expect(rateAt(tiers, { validBet: 1000n, activeMembers: 2, netLoss: 100n })).toBe(50);
    expect(rateAt(tiers, { validBet: 9000n, activeMembers: 4, netLoss: 900n })).toBe(50);
    expect(rateAt(tiers, { validBet: 9000n, activeMembers: 5, netLoss: 499n })).toBe(50);
    expect(rateAt(tiers, { validBet: 5000n, activeMembers: 5, netLoss: 500n })).toBe(80);
  });
});

describe('the cap: a downline never earns more than its upline for the same figures', () => {
  const upline = daily(tier(1000, 1, 100), tier(5000, 5, 200));
  it('holds for lower rates at the same or higher thresholds', () => {
    expect(capViolation(daily(tier(1000, 1, 100), tier(5000, 5, 150)), upline)).toBeNull();
    expect(capViolation(daily(tier(6000, 9, 200)), upline)).toBeNull();
  });
  it('fails where the downline pays more than the upline earns at the downline tier’s figures', () => {
    expect(capViolation(daily(tier(1000, 1, 101)), upline)).toBe('contract_rate_above_upline');
    expect(capViolation(daily(tier(999, 1, 1)), upline)).toBe('contract_rate_above_upline');
    expect(capViolation(daily(tier(5000, 4, 150)), upline)).toBe('contract_rate_above_upline');
  });
  it('a dividend must share the period; real-time salary caps both rates and the minimum bet', () => {
    const div = (period: 'weekly' | 'monthly') => ({ ...upline, kind: 'dividend' as const, period });
    expect(capViolation(div('weekly'), div('monthly'))).toBe('contract_period_mismatch');
    const rt = (p: number, l: number, min: bigint) => ({
      kind: 'realtimeSalary' as const,
      period: 'realtime' as const,
      tiers: [],
      profitRateBp: p,
      lossRateBp: l,
      minBet: min,
    });
    expect(capViolation(rt(10, 20, 500n), rt(10, 20, 500n))).toBeNull();
    expect(capViolation(rt(11, 20, 500n), rt(10, 20, 500n))).toBe('contract_rate_above_upline');
    expect(capViolation(rt(10, 21, 500n), rt(10, 20, 500n))).toBe('contract_rate_above_upline');
    expect(capViolation(rt(10, 20, 499n), rt(10, 20, 500n))).toBe('contract_rate_above_upline');
  });
});

describe('terms of an offer', () => {
  it('converts money and rates exactly and checks the tiers', () => {
    expect(termsOf({ kind: 'hourlySalary', tiers: [{ validBet: '10.50', rate: '0.25' }] }, 2)).toEqual({
      kind: 'hourlySalary',
      period: 'hourly',
      tiers: [{ validBet: 1050n, activeMembers: 0, netLoss: 0n, rateBp: 25 }],
      profitRateBp: null,
      lossRateBp: null,
      minBet: null,
    });
    expect(
      codeOf(() => termsOf({ kind: 'hourlySalary', tiers: [{ validBet: '1.001', rate: '1' }] }, 2)),
    ).toBe('amount_invalid');
  });
});
